import { formatDate, intlLocaleOf, shopTimeFormat, type Locale } from '@shop/shared';
import { useLocale } from '../../lib/i18n.js';
import { useReviewsText } from './reviews-i18n.js';

/** The average rating rounded to one decimal (RATING-01): 4.67 is 4.7. */
export const averageRounded = (average: number): number => Math.round(average * 10) / 10;

const oneDecimal: Record<Locale, Intl.NumberFormat> = {
  nb: new Intl.NumberFormat(intlLocaleOf.nb, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }),
  en: new Intl.NumberFormat(intlLocaleOf.en, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }),
};

/** The average rating as a reader writes it (RATING-01): 4.7 in English, 4,7 in bokmål. */
export const averageText = (locale: Locale, average: number): string =>
  oneDecimal[locale].format(averageRounded(average));

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
const relative: Record<Locale, Intl.RelativeTimeFormat> = {
  nb: new Intl.RelativeTimeFormat(intlLocaleOf.nb, { numeric: 'always' }),
  en: new Intl.RelativeTimeFormat('en', { numeric: 'always' }),
};

/**
 * How long ago a review was written, 'x ago' (RATING-09, CONST-43), in the page's language;
 * undefined under a minute, which reads 'just now'.
 */
export function relativeTime(
  locale: Locale,
  iso: string,
  now: number = Date.now(),
): string | undefined {
  const seconds = Math.floor((now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of units) {
    if (seconds >= size) return relative[locale].format(-Math.floor(seconds / size), unit);
  }
  return undefined;
}

/** The spec's 'Ordered on' date as dd/MM/yyyy (MYREV-07, CONST-42), on the Oslo calendar (issue 29.13). */
const englishOrderedDate = shopTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The day a product was ordered: the spec's English, or the shop's Norwegian "5. mars 2025". */
export const orderedDate = (locale: Locale, iso: string): string =>
  locale === 'en' ? englishOrderedDate(iso) : formatDate(locale, iso);

/** A review's moments as the page's reader writes them. */
export function useReviewDates() {
  const locale = useLocale();
  const t = useReviewsText();
  return {
    timeAgo: (iso: string) => relativeTime(locale, iso) ?? t('reviews.justNow'),
    orderedDate: (iso: string) => orderedDate(locale, iso),
  };
}
