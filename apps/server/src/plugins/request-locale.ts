import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeOfAcceptLanguage, type Locale } from '@shop/shared';
import { translateMessageText } from '../i18n/i18n.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language the request asks for by `Accept-Language` (API contract, "Language"): bokmål
     * when Norwegian is preferred, else the spec's English. The storefront and back office
     * send their page's language, so a Norwegian browser on an English page reads English.
     */
    readonly locale: Locale;
  }
}

export function registerRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeOfAcceptLanguage(this.headers['accept-language']);
    },
  });
  // A success answer that is only a sentence (`{message}`: "You are logged out.") is written by
  // the services in the spec's English, which the catalogues key; it goes out in the asked
  // language. Errors are translated by the error handler.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode >= 400 || !isMessageOnly(payload)) return payload;
    return { message: translateMessageText(request.locale, payload.message) };
  });
}

function isMessageOnly(payload: unknown): payload is { message: string } {
  if (typeof payload !== 'object' || payload === null) return false;
  const keys = Object.keys(payload);
  return keys.length === 1 && typeof (payload as { message?: unknown }).message === 'string';
}
