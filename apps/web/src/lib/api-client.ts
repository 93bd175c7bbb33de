import type { Locale } from '@shop/shared';
import type * as answerSchemas from './answer-schemas.js';

/** Where the API lives: the same origin by default, another one when VITE_API_ORIGIN is set. */
export const apiOrigin: string = import.meta.env.VITE_API_ORIGIN ?? '';

/**
 * A failed call: its message is the server's `message`, else the network error's (spec §8). An
 * answer the shared schema refuses is a failure too, with the status it came with.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** The request field the failure is about, when the server names one (a refused coupon). */
    readonly field?: string,
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
  /**
   * The one status that counts as success, where the contract names it and the spec asks a client
   * to check it (ENQ-02); any other answer, another 2xx included, is a failure. Without it, any
   * 2xx is.
   */
  acceptStatus?: number;
}

/** The shared answer schemas, as a call's pick receives them. */
export type AnswerSchemas = typeof answerSchemas;

interface AnswerIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * What the client uses of a shared zod schema, written out so that this module, part of the first
 * load, imports nothing of zod (docs/decisions.md, "One API client").
 */
export interface AnswerSchema {
  parse(data: unknown): unknown;
  safeParse(
    data: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: AnswerIssue[] } };
}

/** What checking an answer with `S` gives: the schema's output type. */
export type Answer<S extends AnswerSchema> = ReturnType<S['parse']>;

/** Picks the schema a call's answer is checked with, e.g. `(wire) => wire.promoSchema`. */
export type AnswerPick<S extends AnswerSchema> = (schemas: AnswerSchemas) => S;

/** Says that a call's caller reads nothing of a successful answer, such as a logout's. */
export const ignoreAnswer = Symbol('the answer is not read');

/** How a call says what its answer is: a schema to check it with, or `ignoreAnswer`. */
export type AnswerSpec = AnswerPick<AnswerSchema> | typeof ignoreAnswer;

/** How a request reaches the API: `fetch` in the browser, the server itself when it renders. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server renders the storefront's pages with the storefront's own calls, answered in-process
 * rather than over the network (entry-server.tsx).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

let pageLocale: () => Locale | undefined = () => undefined;

/**
 * Where the page's language is read for each call's `Accept-Language` (issue 31), so the API
 * answers, and the accounts and checkouts it creates are kept, in the shopper's language: the
 * page's address in the browser, the render's own request on the server, where pages in both
 * languages render at once.
 */
export function setPageLocale(read: () => Locale | undefined): void {
  pageLocale = read;
}

let loadedSchemas: AnswerSchemas | undefined;
let loadingSchemas: Promise<AnswerSchemas> | undefined;

/**
 * Loads the schemas once and keeps them; a load that failed (the network dropped, a deployment
 * replaced the file) is tried again by the next call.
 */
function loadAnswerSchemas(): Promise<AnswerSchemas> {
  if (!loadingSchemas) {
    const loading = import('./answer-schemas.js');
    loadingSchemas = loading;
    loading.then(
      (schemas) => {
        loadedSchemas = schemas;
      },
      () => {
        loadingSchemas = undefined;
      },
    );
  }
  return loadingSchemas;
}

/**
 * Starts loading the schemas beside the first render of a page the browser renders itself,
 * which calls the API as it starts (the category menu, the countries), rather than after its
 * first answer has arrived. A page the server rendered has its answers already and loads them at
 * its first call, after hydration, so evaluating zod is not in the way of the page's start
 * (issue 33.2).
 */
export function preloadAnswerSchemas(): void {
  void loadAnswerSchemas();
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error ? error.message : fallback;

function unexpectedAnswer(call: string, issues: AnswerIssue[]): string {
  const [issue] = issues;
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `Unexpected answer to ${call}${issue ? ` (${where}${issue.message})` : ''}`;
}

/**
 * The one entry point for every call of the storefront, with one rule for errors. The answer is
 * checked with the shared schema `answer` picks and resolves as that schema's output; an answer
 * that does not fit it is an ApiError, never passed on unchecked.
 */
export function apiRequest(
  path: string,
  answer: typeof ignoreAnswer,
  options?: RequestOptions,
): Promise<void>;
export function apiRequest<S extends AnswerSchema>(
  path: string,
  answer: AnswerPick<S>,
  options?: RequestOptions,
): Promise<Answer<S>>;
export function apiRequest(
  path: string,
  answer: AnswerSpec,
  options?: RequestOptions,
): Promise<unknown>;
export async function apiRequest(
  path: string,
  answer: AnswerSpec,
  options: RequestOptions = {},
): Promise<unknown> {
  // At hand after the first answer; until then (or after a failed load) loading beside the request.
  const loading = loadAnswerSchemas();
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  // A FormData body (an upload) is sent as multipart: the browser writes its Content-Type.
  const { body } = options;
  const sentAsIs = body instanceof FormData || body === undefined;
  if (!sentAsIs) headers['Content-Type'] = 'application/json';
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  const locale = pageLocale();
  if (locale !== undefined) headers['Accept-Language'] = locale;
  let response: Response;
  try {
    response = await transport(`${apiOrigin}${path}`, {
      method,
      headers: Object.keys(headers).length === 0 ? undefined : headers,
      body: sentAsIs ? body : JSON.stringify(body),
      signal: options.signal,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    });
  } catch (error) {
    throw new ApiError(messageOf(error, 'Network error'), undefined);
  }
  const call = `${method} ${path}`;
  const { status } = response;
  const succeeded =
    options.acceptStatus === undefined ? response.ok : status === options.acceptStatus;
  if (succeeded) {
    if (answer === ignoreAnswer) return undefined;
    const payload: unknown = await response.json().catch(() => undefined);
    const wire =
      loadedSchemas ??
      (await loading.catch((error: unknown) => {
        throw new ApiError(messageOf(error, 'Network error'), undefined);
      }));
    const checked = answer(wire).safeParse(payload);
    if (!checked.success) throw new ApiError(unexpectedAnswer(call, checked.error.issues), status);
    return checked.data;
  }
  if (response.ok) throw new ApiError(`Unexpected answer to ${call} (status ${status})`, status);
  const payload: unknown = await response.json().catch(() => undefined);
  // Without the schemas the body cannot be checked, but the status still tells: a 401 renews.
  const wire = loadedSchemas ?? (await loading.catch(() => undefined));
  const failure = wire?.errorResponseSchema.safeParse(payload);
  if (!failure?.success) throw new ApiError(response.statusText, status);
  throw new ApiError(failure.data.message, status, failure.data.field);
}
