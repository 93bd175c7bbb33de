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
  UnauthenticatedError,
} from '../domain-errors.js';

/** The HTTP status of each kind of domain error; a service never chooses a status itself. */
const domainErrorStatuses = new Map<abstract new (message: string) => DomainError, number>([
  [InvalidError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PaymentRequiredError, 402],
  [ProviderUnavailableError, 502],
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

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    if (first) {
      const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
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
    const domainStatus = domainErrorStatus(error);
    if (domainStatus !== undefined)
      return reply.status(domainStatus).send({ message: error.message });
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send({ message: error.message });
    if (error.validation) return reply.status(400).send({ message: describeValidation(error) });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: serverMessages.internal });
    }
    return reply.status(status).send({ message: error.message });
  });
}
