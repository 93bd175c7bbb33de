import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverMessages } from '@shop/shared';
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
const domainErrorStatuses = new Map<abstract new (message: string) => DomainError, number>([
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

/** An expected failure raised outside the services (request parsing, rate limits). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);

const dottedPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * Every refused field of a back-office call with its message, keyed by dotted path, so its forms
 * mark each field at once; the storefront's contract answers `{message}` alone.
 */
function fieldErrors(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = dottedPath(issue.instancePath);
    errors[field] ??= issue.message ?? 'is invalid';
  }
  return errors;
}

const isBackOfficeCall = (url: string) => url.startsWith('/api/admin/');

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    if (first) {
      const field = dottedPath(first.instancePath);
      const message = first.message ?? 'is invalid';
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
      const { field } = error as unknown as DomainError;
      // The storefront's `{message}` names the field it is about as `field` (ours, an addition
      // old clients ignore): the payment page offers to take off a refused coupon.
      const answer =
        field === undefined
          ? { message: error.message }
          : isBackOfficeCall(request.url)
            ? { message: error.message, fieldErrors: { [field]: error.message } }
            : { message: error.message, field };
      return reply.status(domainStatus).send(answer);
    }
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send({ message: error.message });
    if (error.validation) {
      const message = describeValidation(error);
      const fields = isBackOfficeCall(request.url) ? fieldErrors(error) : undefined;
      return reply.status(400).send(fields ? { message, fieldErrors: fields } : { message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: serverMessages.internal });
    }
    return reply.status(status).send({ message: error.message });
  });
}
