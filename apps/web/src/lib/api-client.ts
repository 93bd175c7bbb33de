import type { ErrorResponse } from '@shop/shared';

/** Where the API lives: the same origin by default, another one when VITE_API_ORIGIN is set. */
export const apiOrigin: string = import.meta.env.VITE_API_ORIGIN ?? '';

/** A failed call: its message is the server's `message`, else the network error's (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The signed-in user's access token, sent as `Authorization: Bearer <token>` (ROLE-13). */
  token?: string;
  /** 'include' sends the social sign-in's session cookie to another API origin (ROLE-15). */
  credentials?: RequestCredentials;
}

// A plain check rather than the zod schema keeps zod out of the first load.
function isErrorResponse(payload: unknown): payload is ErrorResponse {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}

/** One entry point for every call of the storefront, with one rule for errors. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  // A FormData body (an upload) is sent as multipart: the browser writes its Content-Type.
  const { body } = options;
  const sentAsIs = body instanceof FormData || body === undefined;
  if (!sentAsIs) headers['Content-Type'] = 'application/json';
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      method: options.method ?? 'GET',
      headers: Object.keys(headers).length === 0 ? undefined : headers,
      body: sentAsIs ? body : JSON.stringify(body),
      signal: options.signal,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', undefined);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      isErrorResponse(payload) ? payload.message : response.statusText,
      response.status,
    );
  }
  return payload as T;
}
