import { vi } from 'vitest';

export interface CartCall {
  method: string;
  path: string;
  body: unknown;
}

/** An answer with its status; a plain value answers 200. */
export interface StubAnswer {
  status: number;
  body: unknown;
}
/** A body, a StubAnswer, or a function of the call returning either. */
type Answer = unknown;

export const answer = (status: number, body: unknown): StubAnswer => ({ status, body });
const isStubAnswer = (value: unknown): value is StubAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/**
 * Stubs `fetch` with answers keyed by 'METHOD /path'; an unknown call answers 404. A function
 * answer sees the call, so a test can answer from what was sent. Returns the calls made.
 */
export function stubCartApi(answers: Record<string, Answer>): CartCall[] {
  const calls: CartCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test');
      const call: CartCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const stored = answers[`${call.method} ${call.path}`];
      const given =
        typeof stored === 'function' ? (stored as (c: CartCall) => unknown)(call) : stored;
      const { status, body } = isStubAnswer(given)
        ? given
        : given === undefined
          ? answer(404, { message: 'Not found' })
          : answer(200, given);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
