import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Locale, MessageValues } from '@shop/shared';
import { translate, translateMessageText, type MessageKey } from '../i18n/i18n.js';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PaymentRequiredError,
  ProviderUnavailableError,
  TooManyAttemptsError,
  UnauthenticatedError,
  UnprocessableError,
} from '../domain-errors.js';

/** The HTTP status of each kind of domain error; a service never chooses a status itself. */
const domainErrorStatuses = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [PaymentRequiredError, 402],
  [ProviderUnavailableError, 502],
  [TooManyAttemptsError, 429],
]);

function domainErrorStatus(error: unknown): number | undefined {
  for (const [kind, status] of domainErrorStatuses) if (error instanceof kind) return status;
  return undefined;
}

/**
 * An expected failure raised outside the services (request parsing, rate limits), its message a
 * catalogue key answered in the request's language; as an `Error` it holds the English one.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly values?: MessageValues,
  ) {
    super(translate('en', key, values));
    this.name = 'HttpError';
  }
}

export const badRequest = (key: MessageKey, values?: MessageValues) =>
  new HttpError(400, key, values);

const dottedPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * Every refused field of a back-office call with its message, keyed by dotted path, so its forms
 * mark each field at once; the storefront's contract answers `{message}` alone.
 */
function fieldErrors(error: FastifyError, locale: Locale): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = dottedPath(issue.instancePath);
    errors[field] ??= issueMessage(issue.message, locale);
  }
  return errors;
}

/**
 * A validation message in a language: the shared schemas give theirs as the shared catalogue's
 * English keys, or as the text one of its `{placeholder}` keys writes; zod's own (a wrong type,
 * say) are English whatever is asked.
 */
function issueMessage(message: string | undefined, locale: Locale): string {
  if (message === undefined) return translate(locale, 'errors.validation.invalid');
  return translateMessageText(locale, message);
}

const isBackOfficeCall = (url: string) => url.startsWith('/api/admin/');

function describeValidation(error: FastifyError, locale: Locale): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    if (first) {
      const field = dottedPath(first.instancePath);
      const message = issueMessage(first.message, locale);
      // Messages written for shoppers already name their field.
      return field && !message.startsWith(field.split('.')[0] ?? '') && !/^[A-Z]/.test(message)
        ? `${field}: ${message}`
        : message;
    }
  }
  return error.message;
}

/** One error shape for the whole API: `{message}`, a fitting 4xx, and never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The answer is built here in one of the shapes above, whatever a route declares for its
    // errors: a back office call's field errors must not be dropped by a narrower schema.
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    const domainStatus = domainErrorStatus(error);
    if (domainStatus !== undefined) {
      const domainError = error as unknown as DomainError;
      const { field } = domainError;
      const message = domainError.messageIn(request.locale);
      // The storefront's `{message}` names the field it is about as `field` (ours, an addition
      // old clients ignore): the payment page offers to take off a refused coupon.
      const answer =
        field === undefined
          ? { message }
          : isBackOfficeCall(request.url)
            ? { message, fieldErrors: { [field]: message } }
            : { message, field };
      return reply.status(domainStatus).send(answer);
    }
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ message: translate(request.locale, error.key, error.values) });
    if (error.validation) {
      const message = describeValidation(error, request.locale);
      const fields = isBackOfficeCall(request.url) ? fieldErrors(error, request.locale) : undefined;
      return reply.status(400).send(fields ? { message, fieldErrors: fields } : { message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: translate(request.locale, 'errors.internal') });
    }
    return reply.status(status).send({ message: error.message });
  });
}
