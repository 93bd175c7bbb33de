import type { z } from 'zod';
import { adminErrorSchema, adminVerifyResponseSchema } from '@shop/shared';
import { ApiError } from './api-error.js';
import { currentLocale } from './locale.js';
import { storedSession, storeSession } from './session.js';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the same key again is the same request to the server. */
  idempotencyKey?: string;
}

const networkMessage = 'The shop server did not answer. Check the connection and try again.';

async function send(path: string, options: CallOptions, token: string | undefined) {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    headers['content-type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // The server's messages come in the staff member's language (issue 31.6).
  headers['accept-language'] = currentLocale();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(networkMessage, undefined);
  }
}

let refreshing: Promise<boolean> | undefined;

/**
 * Trades the refresh token for a new session once, however many calls found the access token
 * expired at the same moment; a refused refresh signs the staff member out.
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const session = storedSession();
    if (!session) return false;
    const response = await send(
      '/api/admin/auth/refresh',
      { method: 'POST', body: { refreshToken: session.refreshToken } },
      undefined,
    ).catch(() => undefined);
    if (!response?.ok) {
      if (response) storeSession(undefined);
      return false;
    }
    const parsed = adminVerifyResponseSchema.safeParse(await response.json());
    storeSession(parsed.success ? parsed.data.session : undefined);
    return parsed.success;
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function failure(response: Response): Promise<ApiError> {
  const answer: unknown = await response.json().catch(() => undefined);
  const parsed = adminErrorSchema.safeParse(answer);
  return parsed.success
    ? new ApiError(parsed.data.message, response.status, parsed.data.fieldErrors, answer)
    : new ApiError(`The server answered ${response.status}.`, response.status);
}

/** The call with the session's token; an expired access token is refreshed once. */
async function authorized(path: string, options: CallOptions): Promise<Response> {
  const response = await send(path, options, storedSession()?.accessToken);
  if (response.status === 401 && storedSession() && (await refreshSession()))
    return send(path, options, storedSession()?.accessToken);
  return response;
}

/** A file the back-office API answers (such as the CSV export), with its name. */
export async function apiFile(
  path: string,
  options: CallOptions = {},
): Promise<{ blob: Blob; disposition: string | null }> {
  const response = await authorized(path, options);
  if (!response.ok) throw await failure(response);
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

/**
 * Calls the back-office API with the session's token and checks the answer with its shared
 * schema. An expired access token is refreshed once and the call repeated.
 */
export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const response = await authorized(path, options);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  const parsed = schema.safeParse(text ? JSON.parse(text) : undefined);
  if (!parsed.success)
    throw new ApiError('The server sent an answer this page does not understand.', response.status);
  return parsed.data;
}
