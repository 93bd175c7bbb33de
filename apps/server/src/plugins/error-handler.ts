import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverMessages } from '@shop/shared';

/** Thrown by services for an expected failure; the handler answers its status and message. */
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
export const notFound = (message: string) => new HttpError(404, message);

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
