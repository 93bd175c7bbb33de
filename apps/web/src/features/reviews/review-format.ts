import { shopTimeFormat } from '@shop/shared';
import { reviewsText } from './reviews-text.js';

/** The average rating to one decimal (RATING-01): 4.67 shows as 4.7. */
export const averageText = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);

/** Whole stars plus a half star from a fraction of 0.5 (RATING-04): 4.5 → 4.5, 4.4 → 4. */
export function shownStars(value: number): number {
  const whole = Math.floor(value);
  return value - whole >= 0.5 ? whole + 0.5 : whole;
}

/** A star's share of all reviews, in whole percent (RATING-03). */
export const sharePercent = (count: number, total: number): number =>
  total === 0 ? 0 : Math.round((count / total) * 100);

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** How long ago a review was written, 'x ago' (RATING-09, CONST-43); under a minute 'just now'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of units) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return reviewsText.justNow;
}

/** The 'Ordered on' date as dd/MM/yyyy (MYREV-07, CONST-42), on the Oslo calendar (issue 29.13). */
export const orderedDate = shopTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
