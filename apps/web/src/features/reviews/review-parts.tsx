import { imageUrl } from '../../lib/image-url.js';
import { shownStars } from './review-format.js';
import { useReviewsText } from './reviews-i18n.js';

const starPath =
  'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z';
// The star's left half: the path is symmetric about x = 12.
const leftHalfPath = 'M12 2 8.91 8.26 2 9.27l5 4.87-1.18 6.88L12 17.77z';

/** Dark amber: at least 3:1 against the page, as a meaningful graphic needs. */
export const starColour = '#b45309';

export type StarFill = 'full' | 'half' | 'empty';

export function Star({ fill, size = 18 }: { fill: StarFill; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-star={fill}
    >
      <path d={starPath} fill={fill === 'full' ? 'currentColor' : 'none'} />
      {fill === 'half' && <path d={leftHalfPath} fill="currentColor" stroke="none" />}
    </svg>
  );
}

const fillOf = (star: number, shown: number): StarFill =>
  star <= shown ? 'full' : star - 0.5 === shown ? 'half' : 'empty';

/**
 * Five stars for a rating, with a half star from a fraction of 0.5 (RATING-04). Screen readers
 * read the rating as text: `label` (the shown value by default) out of 5.
 */
export function RatingStars({
  value,
  label = value,
  size,
}: {
  value: number;
  label?: number | string;
  size?: number;
}) {
  const t = useReviewsText();
  const shown = shownStars(value);
  return (
    <span
      role="img"
      aria-label={t('reviews.ratedOutOf', { value: label })}
      className="d-inline-flex gap-1 align-middle"
      style={{ color: starColour }}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} fill={fillOf(star, shown)} size={size} />
      ))}
    </span>
  );
}

/** Review images as thumbnails that open the full image. */
export function ReviewImages({ images }: { images: string[] }) {
  const t = useReviewsText();
  if (images.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
      {images.map((path, index) => (
        <li key={path}>
          <a href={imageUrl(path)} target="_blank" rel="noopener noreferrer">
            <img
              src={imageUrl(path)}
              alt={t('reviews.image', { index: index + 1, count: images.length })}
              width={64}
              height={64}
              loading="lazy"
              className="rounded object-fit-cover border"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
