import { useId, useState } from 'react';
import { reviewSorts, type ProductReview, type RatingSummary, type ReviewSort } from '@shop/shared';
import { CheckIcon } from '../../components/ui/icons.js';
import { PaginationControl } from '../../components/ui/pagination-control.js';
import { useLocale } from '../../lib/i18n.js';
import { RatingStars, ReviewImages, Star, starColour } from './review-parts.js';
import { useGetProductReviewsQuery, useGetRatingSummaryQuery } from './review-api.js';
import { averageRounded, averageText, sharePercent, useReviewDates } from './review-format.js';
import { useReviewsText, type ReviewsKey } from './reviews-i18n.js';

/** Reviews per page on the product page, paged in the browser (RATING-07, CONST-04). */
export const PRODUCT_REVIEWS_PAGE_SIZE = 15;

const sortNames: Record<ReviewSort, ReviewsKey> = {
  'date:-1': 'reviews.block.sort.newest',
  'date:1': 'reviews.block.sort.oldest',
  'rating:-1': 'reviews.block.sort.highest',
  'rating:1': 'reviews.block.sort.lowest',
};

function SmallSpinner() {
  const t = useReviewsText();
  return (
    <div role="status" className="py-3">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span className="visually-hidden">{t('reviews.loading')}</span>
    </div>
  );
}

/** The average, the count and one bar per star from 5 to 1 (RATING-01 to RATING-04). */
function RatingSummaryView({ summary }: { summary: RatingSummary['data'] }) {
  const t = useReviewsText();
  const average = averageText(useLocale(), summary.averageRating);
  return (
    <div>
      <div className="d-flex align-items-center gap-2">
        <span className="display-6 fw-semibold" data-testid="average-rating">
          {average}
        </span>
        <RatingStars value={averageRounded(summary.averageRating)} label={average} size={22} />
      </div>
      <p className="text-body-secondary mb-3">
        {t('reviews.block.count', { count: summary.total })}
      </p>
      <ul className="list-unstyled mb-0">
        {[5, 4, 3, 2, 1].map((star) => {
          const count = summary.ratings.find((rating) => rating.id === star)?.count ?? 0;
          const percent = sharePercent(count, summary.total);
          return (
            <li key={star} className="d-flex align-items-center gap-2 mb-1">
              <span aria-hidden="true" className="d-inline-flex align-items-center gap-1">
                {star}
                <span style={{ color: starColour }}>
                  <Star fill="full" size={14} />
                </span>
              </span>
              <div
                role="progressbar"
                aria-label={t('reviews.block.starShare', { star })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent}%`}
                className="flex-grow-1 bg-body-secondary rounded overflow-hidden"
                style={{ height: '0.5rem' }}
              >
                <div className="h-100" style={{ width: `${percent}%`, background: starColour }} />
              </div>
              <span aria-hidden="true" className="small text-end" style={{ minWidth: '2.75rem' }}>
                {percent}%
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One review: rating, 'x ago', text, images, name and 'Verified Purchase' (RATING-08 to RATING-10). */
function ReviewItem({ review }: { review: ProductReview }) {
  const t = useReviewsText();
  const { timeAgo } = useReviewDates();
  return (
    <li className="border-bottom py-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <RatingStars value={review.rating} size={16} />
        <time dateTime={review.date} className="small text-body-secondary">
          {timeAgo(review.date)}
        </time>
      </div>
      <p className="mb-2" style={{ whiteSpace: 'pre-line' }}>
        {review.review}
      </p>
      <ReviewImages images={review.images} />
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        <span className="fw-semibold">{review.user.name}</span>
        <span className="badge text-bg-success d-inline-flex align-items-center gap-1">
          <CheckIcon width={12} height={12} />
          {t('reviews.verifiedPurchase')}
        </span>
      </div>
    </li>
  );
}

function ReviewList({ productId, sort }: { productId: string; sort: ReviewSort }) {
  const t = useReviewsText();
  const [page, setPage] = useState(1);
  // A sort change asks the server again, even for a sort seen before (REVIEW-10).
  const { currentData: reviews, isError } = useGetProductReviewsQuery(
    { productId, sort },
    { refetchOnMountOrArgChange: true },
  );
  if (isError) return <p className="text-danger">{t('reviews.loadError')}</p>;
  if (!reviews) return <SmallSpinner />;
  if (reviews.length === 0)
    return <p className="text-body-secondary">{t('reviews.block.empty')}</p>;

  const pageCount = Math.ceil(reviews.length / PRODUCT_REVIEWS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const start = (current - 1) * PRODUCT_REVIEWS_PAGE_SIZE;
  return (
    <>
      <ul className="list-unstyled mb-0" aria-label={t('reviews.block.title')}>
        {reviews.slice(start, start + PRODUCT_REVIEWS_PAGE_SIZE).map((review) => (
          <ReviewItem key={review._id} review={review} />
        ))}
      </ul>
      <PaginationControl
        page={current}
        pageCount={pageCount}
        onChange={setPage}
        label={t('reviews.block.pages')}
      />
    </>
  );
}

/**
 * The 'Reviews and Ratings' block of the product page (PDP-15), readable by visitors (ROLE-04).
 * `productId` is a purchasable item's id; the server answers for its product family, so the id
 * the block opened with serves every option of the product and choosing one reloads nothing.
 */
export default function ProductReviews({ productId }: { productId: string }) {
  const t = useReviewsText();
  const [familyItemId] = useState(productId);
  const [sort, setSort] = useState<ReviewSort>('date:-1');
  const headingId = useId();
  const sortId = useId();
  const summary = useGetRatingSummaryQuery(familyItemId, { refetchOnMountOrArgChange: true });

  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4 mb-3">
        {t('reviews.block.title')}
      </h2>
      <div className="row g-4">
        <div className="col-md-4">
          {summary.data ? (
            <RatingSummaryView summary={summary.data} />
          ) : summary.isError ? (
            <p className="text-danger">{t('reviews.loadError')}</p>
          ) : (
            <SmallSpinner />
          )}
        </div>
        <div className="col-md-8">
          <div className="d-flex align-items-center justify-content-end gap-2 mb-2">
            <label htmlFor={sortId} className="small text-body-secondary">
              {t('reviews.block.sortLabel')}
            </label>
            <select
              id={sortId}
              className="form-select form-select-sm w-auto tap-field"
              value={sort}
              onChange={(event) => setSort(event.target.value as ReviewSort)}
            >
              {reviewSorts.map((option) => (
                <option key={option} value={option}>
                  {t(sortNames[option])}
                </option>
              ))}
            </select>
          </div>
          {/* A new sort starts again at page 1. */}
          <ReviewList key={sort} productId={familyItemId} sort={sort} />
        </div>
      </div>
    </section>
  );
}
