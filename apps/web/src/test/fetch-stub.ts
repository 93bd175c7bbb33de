import { vi } from 'vitest';

/** One call made to the stubbed `fetch`, as the tests look at it. */
export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when none was sent or it was an upload. */
  body: unknown;
  /** The multipart body of an upload. */
  form: FormData | undefined;
  headers: Record<string, string>;
  authorization: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** An answer with its own status; made by `answer`, so a body with a `status` field is not one. */
export class StubAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export const answer = (status: number, body?: unknown) => new StubAnswer(status, body);

const notFound = answer(404, { message: 'Not found' });

/**
 * Answers keyed by 'METHOD /path' (no query). Each is a body (answered 200), an
 * `answer(status, body)`, an Error (thrown as a network failure), or a function of the call,
 * possibly async, returning any of those.
 */
export type FetchAnswers = Record<string, unknown>;

/** Stubs `fetch` with `answers`; an unknown call answers 404. Returns the calls made, in order. */
export function stubFetch(answers: FetchAnswers): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://shop.test');
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      const call: FetchCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        form: init.body instanceof FormData ? init.body : undefined,
        headers,
        authorization: headers.Authorization,
        credentials: init.credentials,
      };
      calls.push(call);
      const stored = answers[`${call.method} ${call.path}`];
      const given: unknown =
        typeof stored === 'function'
          ? await (stored as (call: FetchCall) => unknown)(call)
          : stored;
      if (given instanceof Error) throw given;
      const { status, body } =
        given instanceof StubAnswer ? given : given === undefined ? notFound : answer(200, given);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls to one path, in order. */
export const callsTo = (calls: FetchCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** A promise the test settles by hand, to look at a call while it is on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
