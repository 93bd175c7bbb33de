import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** A rating as five stars, read out as "4 out of 5 stars". */
export function StarRating({ rating }: { rating: number }) {
  const t = useT<typeof en>();
  return (
    <span
      role="img"
      aria-label={t('reviews.stars', { rating })}
      className="star-rating text-nowrap"
    >
      {'★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating))}
    </span>
  );
}
