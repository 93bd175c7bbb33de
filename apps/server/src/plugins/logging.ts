import {
  LogController,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * Fields that hold personal data or secrets, replaced by [redacted] wherever they are logged at
 * the top level or one level down (`body.email`, `user.phone`...).
 */
const personalFields = [
  'email',
  'name',
  'fullname',
  'phone',
  'address',
  'apartmentNumber',
  'postalCode',
  'city',
  'password',
  'newPassword',
  'newPassword1',
  'previousPassword',
  'accessToken',
  'refreshToken',
];

const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...personalFields.flatMap((field) => [field, `*.${field}`]),
];

/** Query parameters that carry secrets or personal data: OAuth codes, keys, tokens, Apple's user. */
const secretParameters = new Set(['code', 'state', 'token', 'checkoutKey', 'user', 'email']);

/** The URL as logged: tokens of mailed links and secret query parameters are left out. */
export function loggedUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .replace(/(\/(?:verify-user|verify)\/[^/]+\/)[^/]+/, '$1[token]')
    .replace(/(\/(?:reset-password|forgot-password)\/)[^/]+/, '$1[token]');
  if (query === undefined) return safePath;
  const parameters = new URLSearchParams(query);
  for (const name of new Set(parameters.keys()))
    if (secretParameters.has(name)) parameters.set(name, '[redacted]');
  return `${safePath}?${parameters.toString()}`;
}

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && 'message' in value;

/** Errors the database answered, or a query that failed: Drizzle, postgres.js and PGlite. */
const isDatabaseError = (error: ErrorLike) =>
  typeof error.query === 'string' || ('severity' in error && 'code' in error);

/** A query named by what it does and its table, e.g. `select users`; never its values. */
export function queryName(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update)\s+"?([\w.]+)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** A stack's frames without its first line, which repeats the message. */
const framesOf = (error: ErrorLike) =>
  typeof error.stack === 'string'
    ? error.stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : '';

const className = (error: ErrorLike) => error.constructor?.name || error.name;

/** The database's own identifiers for what failed: SQLSTATE, constraint, table, column. */
const databaseFields = ['code', 'constraint', 'constraint_name', 'table', 'table_name', 'column'];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * How an error is logged. A database error is logged by its class, the query's name and the
 * database's error code only: its message, detail, query text and parameters can hold customer
 * e-mails and addresses. Other errors keep their message and stack.
 */
export function describeError(error: unknown, depth = 0): LoggedError {
  if (!isErrorLike(error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const chain: ErrorLike[] = [];
  for (let link: unknown = error; isErrorLike(link) && chain.length < 5; link = link.cause)
    chain.push(link);
  if (chain.some(isDatabaseError)) {
    const sql = chain.map((link) => link.query).find((query) => typeof query === 'string');
    const query = typeof sql === 'string' ? queryName(sql) : undefined;
    const described: LoggedError = {
      type: className(error),
      message: query ? `${className(error)} in ${query}` : className(error),
      stack: framesOf(error),
      causes: chain.slice(1).map(className),
      query,
    };
    for (const link of chain)
      for (const field of databaseFields)
        if (typeof link[field] === 'string' && described[field] === undefined)
          described[field] = link[field];
    return described;
  }
  return {
    type: className(error),
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: describeError(error.cause, depth + 1) }
      : {}),
  };
}

/** The request as logged with each request: method, URL without secrets, client address. */
const describeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  remoteAddress: request.ip,
});

/** Fastify's logger for a level, writing to `stream` (standard output by default). */
export function loggerOptions(
  level: string,
  stream?: FastifyLoggerOptions['stream'],
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    stream,
    redact: redactedPaths,
    serializers: { err: describeError, req: describeRequest },
  };
}

/**
 * One log line per request, written when the answer is sent: method, URL (without secrets),
 * client, status and time. Fastify's default writes a second line when the request comes in.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
