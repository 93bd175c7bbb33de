/**
 * What a service may log through: the request's or the app's logger, without knowing it is
 * Fastify's (its logger has this shape).
 */
export interface ServiceLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
