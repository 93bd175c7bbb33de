import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersResponseSchema,
  errorResponseSchema,
  googleUserQuerySchema,
  isStorefrontRoute,
  localeOfPath,
  pathInLocale,
  sessionUserSchema,
  text,
} from '@shop/shared';
import { DomainError } from '../../domain-errors.js';
import type { AccountsService } from './accounts.service.js';
import {
  appleUserName,
  providerLabels,
  SocialSignIn,
  type SocialProvider,
} from './social-sign-in.js';

const HANDOFF_COOKIE = 'social_session';
const HANDOFF_PATH = '/api/google-user';
/** How long a shopper has at the provider, and to pick up the session afterwards. */
const FLOW_SECONDS = 10 * 60;
const NOT_SIGNED_IN = 'Not signed in with Google or Apple';
/** What Google and Apple answer when the shopper turns the sign-in down. */
const CANCELLED_ERRORS = new Set(['access_denied', 'user_cancelled_authorize']);

/** `?returnTo=/en/`: the storefront page to come back to, in its language (issue 31.9). */
const startSchema = z.object({ returnTo: text().max(2048).optional() });

/**
 * The storefront page a sign-in comes back to: a page of this shop only, never another site
 * (`//host`, `/\host`, a scheme), the API or these routes; home when none or anything else is
 * asked for. Only the path is kept: the page's language is in it.
 */
export function returnPathOf(asked: string | undefined): string {
  const base = 'http://shop.invalid';
  if (!asked?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(asked, base);
  } catch {
    return '/';
  }
  return url.origin === base && isStorefrontRoute(url.pathname) ? url.pathname : '/';
}

const callbackSchema = z.object({
  code: text().max(4096).optional(),
  state: text().max(512).optional(),
  error: text().max(200).optional(),
  /** Apple's first sign-in only: `{"name":{"firstName","lastName"},"email"}`. */
  user: text().max(4096).optional(),
});

const texts = (provider: SocialProvider) => {
  const label = providerLabels[provider];
  return {
    notSetUp: `${label} sign-in is not set up.`,
    cancelled: `${label} sign-in was cancelled.`,
    expired: `${label} sign-in expired or was started in another window. Please try again.`,
    failed: `${label} sign-in failed. Please try again.`,
  };
};

export const socialRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  instance,
  { accounts },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { env } = app.deps;
  const social = await SocialSignIn.fromEnv(env);
  const root = env.PUBLIC_URL.replace(/\/+$/, '');
  const secure = new URL(root).protocol === 'https:';

  const handoffCookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: HANDOFF_PATH,
  };
  /**
   * State and PKCE verifier live in cookies scoped to the provider's /auth path. Apple answers
   * with a cross-site form POST, which only carries SameSite=None cookies (and those must be
   * Secure, so plain-http development falls back to Lax).
   */
  const flowCookie = (provider: SocialProvider): CookieSerializeOptions => ({
    httpOnly: true,
    path: `/auth/${provider}`,
    secure,
    sameSite: provider === 'apple' && secure ? 'none' : 'lax',
  });
  const stateCookie = (provider: SocialProvider) => `${provider}_oauth_state`;
  const verifierCookie = (provider: SocialProvider) => `${provider}_code_verifier`;
  const returnCookie = (provider: SocialProvider) => `${provider}_return_to`;

  /** The login page in the language of the page the sign-in was to return to. */
  const toLogin = (reply: FastifyReply, message: string, returnPath: string) =>
    reply.redirect(
      `${root}${pathInLocale(localeOfPath(returnPath).locale, '/login')}?error=${encodeURIComponent(message)}`,
      302,
    );

  const start = async (provider: SocialProvider, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const text = texts(provider);
    const returnPath = returnPathOf(startSchema.safeParse(request.query).data?.returnTo);
    if (!social.isEnabled(provider)) return toLogin(reply, text.notSetUp, returnPath);
    try {
      const { url, state, codeVerifier } = await social.startAuthorization(provider);
      const options = { ...flowCookie(provider), maxAge: FLOW_SECONDS };
      reply.setCookie(stateCookie(provider), state, options);
      reply.setCookie(verifierCookie(provider), codeVerifier, options);
      reply.setCookie(returnCookie(provider), returnPath, options);
      return reply.redirect(url.toString(), 302);
    } catch (error) {
      logFailure(request.log, provider, error);
      return toLogin(reply, text.failed, returnPath);
    }
  };

  const callback = async (
    provider: SocialProvider,
    input: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    reply.header('cache-control', 'no-store');
    const text = texts(provider);
    const expectedState = request.cookies[stateCookie(provider)];
    const codeVerifier = request.cookies[verifierCookie(provider)];
    const askedReturn = request.cookies[returnCookie(provider)];
    // Checked again: the cookie is the browser's to change.
    const returnPath = returnPathOf(askedReturn);
    // A flow is answered once, whatever the outcome.
    reply.clearCookie(stateCookie(provider), flowCookie(provider));
    reply.clearCookie(verifierCookie(provider), flowCookie(provider));
    reply.clearCookie(returnCookie(provider), flowCookie(provider));
    const toLoginAgain = (message: string) => toLogin(reply, message, returnPath);

    const parsed = callbackSchema.safeParse(input ?? {});
    if (!parsed.success) return toLoginAgain(text.failed);
    const { code, state, error, user } = parsed.data;
    if (error) return toLoginAgain(CANCELLED_ERRORS.has(error) ? text.cancelled : text.failed);
    if (!social.isEnabled(provider)) return toLoginAgain(text.notSetUp);
    if (!state || !expectedState || !codeVerifier || state !== expectedState)
      return toLoginAgain(text.expired);
    if (!code) return toLoginAgain(text.failed);

    try {
      const profile = await social.finishAuthorization(
        provider,
        code,
        codeVerifier,
        appleUserName(user),
      );
      // A new account's mails are in the language of the page the sign-in started from, or of
      // the browser when a client names no page.
      const locale = askedReturn === undefined ? request.locale : localeOfPath(returnPath).locale;
      const session = await accounts.signInWithIdentity(profile, locale);
      const handoff = await accounts.createSocialHandoff(session._id);
      reply.setCookie(HANDOFF_COOKIE, handoff, { ...handoffCookie, maxAge: FLOW_SECONDS });
      return reply.redirect(
        `${root}${returnPath}?message=${encodeURIComponent(JSON.stringify(session))}`,
        302,
      );
    } catch (failure) {
      // The account rules' own refusals (no verified e-mail...) are written for the shopper.
      if (failure instanceof DomainError) return toLoginAgain(failure.message);
      logFailure(request.log, provider, failure);
      return toLoginAgain(text.failed);
    }
  };

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Which of Google and Apple sign-in are set up (ours)',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ google: social.isEnabled('google'), apple: social.isEnabled('apple') }),
  );

  app.get(
    HANDOFF_PATH,
    {
      schema: {
        tags: ['Accounts'],
        summary: 'The user of a finished Google or Apple sign-in',
        description:
          'Reads the one-time `social_session` cookie that `/auth/google` and `/auth/apple` set ' +
          'on return, answers the session once and clears the cookie; 401 without such a session, ' +
          'or 204 with `?optional=true` (ours).',
        querystring: googleUserQuerySchema,
        response: {
          200: sessionUserSchema,
          204: z.null().describe('No sign-in waiting (with ?optional=true)'),
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const none = () =>
        request.query.optional
          ? reply.status(204).send(null)
          : reply.status(401).send({ message: NOT_SIGNED_IN });
      const token = request.cookies[HANDOFF_COOKIE];
      if (!token) return none();
      reply.clearCookie(HANDOFF_COOKIE, handoffCookie);
      const user = await accounts.redeemSocialHandoff(token);
      if (!user) return none();
      return user;
    },
  );

  // Browser navigations rather than API calls, so they stay out of the OpenAPI document.
  const hidden = { schema: { hide: true } };
  app.get('/auth/google', hidden, (request, reply) => start('google', request, reply));
  app.get('/auth/google/callback', hidden, (request, reply) =>
    callback('google', request.query, request, reply),
  );
  app.get('/auth/apple', hidden, (request, reply) => start('apple', request, reply));
  app.post('/auth/apple/callback', hidden, (request, reply) =>
    callback('apple', request.body, request, reply),
  );
  app.get('/auth/apple/callback', hidden, (request, reply) =>
    callback('apple', request.query, request, reply),
  );
};

function logFailure(log: FastifyBaseLogger, provider: SocialProvider, error: unknown): void {
  log.warn({ err: error }, `${provider} sign-in failed`);
}
