import { vi } from 'vitest';
import type { HistoryReview, ProductReview, RatingSummary, ToReviewItem } from '@shop/shared';

/** Contract-shaped review answers, and stand-ins for what jsdom lacks around uploads. */

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
    image: `/products/${_id.slice(-4)}.webp`,
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
      heroImage: '/products/honey.webp',
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
