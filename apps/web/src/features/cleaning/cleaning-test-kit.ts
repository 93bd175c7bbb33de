import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export const galleryPhotos = Array.from({ length: 6 }, (_, index) => ({
  image: `/uploads/cleaning/cleaning-${index + 1}.webp`,
  alt: `Cleaning work ${index + 1}`,
}));

export interface Answer {
  status: number;
  body?: unknown;
}
type Stub = Answer | Promise<Answer> | 'network-error';

/**
 * Stubs fetch with one answer per 'METHOD /path' (a promise holds the answer back until the
 * test settles it); unknown calls answer 404. Every call is recorded with its JSON body.
 */
export function stubCleaningApi(answers: Record<string, Stub>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://shop.test').pathname;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      calls.push({ method, path, headers, body });
      const stub = answers[`${method} ${path}`] ?? { status: 404, body: { message: 'Not found' } };
      if (stub === 'network-error') throw new TypeError('Failed to fetch');
      const answer = await stub;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
