import { vi } from 'vitest';
import type { HistoryReview, ProductReview, RatingSummary, ToReviewItem } from '@shop/shared';
import { answer, type StubAnswer } from '../accounts/accounts-test-kit.js';
import { categories, countries } from '../catalog/catalog-test-kit.js';

/** Contract-shaped review answers and a fetch stub that records headers and uploads. */

let nextId = 0;
export function reviewId(): string {
  nextId += 1;
  return `9e000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

export function toReviewItem(overrides: Partial<ToReviewItem> = {}): ToReviewItem {
  const _id = overrides._id ?? reviewId();
  return {
    _id,
    name: `Product ${_id.slice(-4)}`,
    image: `/uploads/products/${_id.slice(-4)}.webp`,
    category: 'Honey',
    date: '2025-03-05T12:00:00.000Z',
    ...overrides,
  };
}

export function historyReview(overrides: Partial<HistoryReview> = {}): HistoryReview {
  const _id = overrides._id ?? reviewId();
  return {
    _id,
    product: {
      _id: reviewId(),
      name: `Product of ${_id.slice(-4)}`,
      heroImage: '/uploads/products/honey.webp',
    },
    rating: 4,
    review: `Review text ${_id.slice(-4)}`,
    images: [],
    date: daysAgo(2),
    status: 'PENDING',
    remarks: '',
    ...overrides,
  };
}

export function productReview(overrides: Partial<ProductReview> = {}): ProductReview {
  const _id = overrides._id ?? reviewId();
  return {
    _id,
    rating: 5,
    review: `Review text ${_id.slice(-4)}`,
    images: [],
    date: daysAgo(3),
    user: { name: 'Ola Nordmann' },
    ...overrides,
  };
}

/** A rating summary for counts of 5, 4, 3, 2 and 1 stars. */
export function ratingSummary(counts: [number, number, number, number, number], average: number) {
  const ratings = counts.map((count, index) => ({ id: 5 - index, count }));
  const total = counts.reduce((sum, count) => sum + count, 0);
  return { data: { ratings, total, averageRating: average } } satisfies RatingSummary;
}

export interface ReviewCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  /** The multipart body of an upload. */
  form: FormData | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
}

type Handler = (call: ReviewCall) => unknown;

/**
 * Stubs `fetch` with answers keyed by 'METHOD /path' (no query): a body (200), an
 * `answer(status, body)`, an Error (thrown as a network failure) or a function of the call,
 * possibly async, returning any of those. Unknown calls answer 404. Returns the calls made.
 */
export function stubReviewsApi(answers: Record<string, unknown>): ReviewCall[] {
  const calls: ReviewCall[] = [];
  const all: Record<string, unknown> = {
    'GET /api/categories/web': { categories },
    'GET /api/countries': countries,
    'GET /api/google-user': answer(401, { message: 'Not signed in' }),
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: ReviewCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        form: init?.body instanceof FormData ? init.body : undefined,
        authorization: headers.Authorization,
        contentType: headers['Content-Type'],
      };
      calls.push(call);
      const stored = all[`${call.method} ${call.path}`];
      const given: unknown =
        typeof stored === 'function' ? await (stored as Handler)(call) : stored;
      if (given instanceof Error) throw given;
      const isAnswer =
        typeof given === 'object' && given !== null && 'status' in given && 'body' in given;
      const { status, body } = isAnswer
        ? (given as StubAnswer)
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

export const callsTo = (calls: ReviewCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** A promise the test settles by hand, to look at a call while it is on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** `URL.createObjectURL` and `revokeObjectURL`, which jsdom lacks (each test file has its own globals). */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.fn(() => {
    next += 1;
    return `blob:shop.test/${next}`;
  });
  const revoke = vi.fn();
  URL.createObjectURL = create;
  URL.revokeObjectURL = revoke;
  return { create, revoke };
}

export const imageFile = (name: string) => new File(['image'], name, { type: 'image/png' });
