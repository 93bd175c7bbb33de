import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  shortProductName,
  type HistoryReview,
  type ReviewStatus,
  type ToReviewItem,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { PageSpinner } from '../../components/ui/page-spinner.js';
import { PaginationControl } from '../../components/ui/pagination-control.js';
import { imageUrl } from '../../lib/image-url.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { RichText } from '../../lib/i18n.js';
import { AccountArea } from '../accounts/index.js';
import { RatingStars, ReviewImages } from './review-parts.js';
import { ReviewDialog } from './review-dialog.js';
import { useReviewDates } from './review-format.js';
import { fetchHistory, fetchToReview, type ReviewTarget } from './review-thunks.js';
import { ReviewTabs } from './review-tabs.js';
import { useReviewsText, type ReviewsKey } from './reviews-i18n.js';

/** Entries per page of both My Reviews lists, paged in the browser (MYREV-04, MYREV-11, CONST-05). */
export const MY_REVIEWS_PAGE_SIZE = 10;

const badgeClass: Record<ReviewStatus, string> = {
  ACCEPTED: 'text-bg-success',
  PENDING: 'text-bg-secondary',
  REJECTED: 'text-bg-danger',
};

/** One page of `items` and the page control under it; the page stays valid as the list shrinks. */
function Paged<T>({
  items,
  label,
  children,
}: {
  items: T[];
  label: string;
  children: (pageItems: T[]) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const pageCount = Math.ceil(items.length / MY_REVIEWS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const start = (current - 1) * MY_REVIEWS_PAGE_SIZE;
  return (
    <>
      {children(items.slice(start, start + MY_REVIEWS_PAGE_SIZE))}
      <PaginationControl page={current} pageCount={pageCount} onChange={setPage} label={label} />
    </>
  );
}

function EmptyState({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <div className="text-center py-5">
      <p>{text}</p>
      <Link to={to} className="btn btn-primary">
        {link}
      </Link>
    </div>
  );
}

/** Loading, the load error (MYREV-18, ERR-26), the empty state, or the list. */
function ListState<T>({
  data,
  failed,
  empty,
  children,
}: {
  data: T[] | null;
  failed: boolean;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const t = useReviewsText();
  if (failed) {
    return (
      <div role="alert" className="alert alert-danger">
        {t('reviews.loadError')}
      </div>
    );
  }
  if (data === null) return <PageSpinner />;
  return data.length === 0 ? empty : children(data);
}

function ToReviewEntry({ item, onReview }: { item: ToReviewItem; onReview: () => void }) {
  const t = useReviewsText();
  const { orderedDate } = useReviewDates();
  const nameId = useId();
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-3 py-3">
      <img
        src={imageUrl(item.image)}
        alt=""
        width={64}
        height={64}
        className="rounded object-fit-cover flex-shrink-0"
      />
      <div className="flex-grow-1">
        <div id={nameId} className="fw-semibold" title={item.name}>
          {shortProductName(item.name)}
        </div>
        <div className="small text-body-secondary">
          <span className="visually-hidden">{t('reviews.my.category')} </span>
          {item.category}
        </div>
        <div className="small">
          <RichText<ReviewsKey>
            id="reviews.my.orderedOn"
            values={{ date: orderedDate(item.date) }}
            components={{ 0: <time dateTime={item.date} /> }}
          />
        </div>
      </div>
      <button
        type="button"
        className="btn btn-outline-primary"
        aria-describedby={nameId}
        onClick={onReview}
      >
        {t('reviews.my.review')}
      </button>
    </li>
  );
}

function HistoryEntry({ review, onResubmit }: { review: HistoryReview; onResubmit: () => void }) {
  const t = useReviewsText();
  const { timeAgo } = useReviewDates();
  const nameId = useId();
  return (
    <li className="list-group-item py-3">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <img
          src={imageUrl(review.product.heroImage)}
          alt=""
          width={56}
          height={56}
          className="rounded object-fit-cover flex-shrink-0"
        />
        <div className="flex-grow-1">
          <div id={nameId} className="fw-semibold" title={review.product.name}>
            {shortProductName(review.product.name)}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <RatingStars value={review.rating} size={16} />
            <time dateTime={review.date} className="small text-body-secondary">
              {timeAgo(review.date)}
            </time>
          </div>
        </div>
        <span className={`badge ${badgeClass[review.status]}`}>
          {t(`reviews.my.status.${review.status}`)}
        </span>
      </div>
      <p className="mb-2" style={{ whiteSpace: 'pre-line' }}>
        {review.review}
      </p>
      <ReviewImages images={review.images} />
      {review.status === 'REJECTED' && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <p className="small text-danger mb-0">
            <span className="fw-semibold">{t('reviews.my.remarks')}</span> {review.remarks}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-describedby={nameId}
            onClick={onResubmit}
          >
            {t('reviews.my.resubmit')}
          </button>
        </div>
      )}
    </li>
  );
}

function MyReviews() {
  const t = useReviewsText();
  const dispatch = useAppDispatch();
  const { toReviewData, reviewedData, isToReviewError, isHistoryError } = useAppSelector(
    (state) => state.reviews,
  );
  const [dialog, setDialog] = useState<ReviewTarget | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  useEffect(() => {
    void dispatch(fetchToReview());
    void dispatch(fetchHistory());
  }, [dispatch]);

  return (
    <>
      <h1 className="h4 mb-3">{t('reviews.my.title')}</h1>
      <ReviewTabs
        tabs={[
          {
            key: 'to-review',
            title: t('reviews.my.toReview'),
            content: (
              <ListState
                data={toReviewData}
                failed={isToReviewError}
                empty={
                  <EmptyState
                    text={t('reviews.my.nothingToReview')}
                    to="/"
                    link={t('reviews.my.continueShopping')}
                  />
                }
              >
                {(items) => (
                  <Paged items={items} label={t('reviews.my.toReviewPages')}>
                    {(pageItems) => (
                      <ul className="list-group" aria-label={t('reviews.my.toReview')}>
                        {pageItems.map((item) => (
                          <ToReviewEntry
                            key={item._id}
                            item={item}
                            onReview={() => setDialog({ kind: 'add', product: item })}
                          />
                        ))}
                      </ul>
                    )}
                  </Paged>
                )}
              </ListState>
            ),
          },
          {
            key: 'history',
            title: t('reviews.my.history'),
            content: (
              <ListState
                data={reviewedData}
                failed={isHistoryError}
                empty={
                  <EmptyState
                    text={t('reviews.my.noHistory')}
                    to="/orders"
                    link={t('reviews.my.giveReviews')}
                  />
                }
              >
                {(reviews) => (
                  <Paged items={reviews} label={t('reviews.my.historyPages')}>
                    {(pageReviews) => (
                      <ul className="list-group" aria-label={t('reviews.my.history')}>
                        {pageReviews.map((review) => (
                          <HistoryEntry
                            key={review._id}
                            review={review}
                            onResubmit={() => setDialog({ kind: 'update', review })}
                          />
                        ))}
                      </ul>
                    )}
                  </Paged>
                )}
              </ListState>
            ),
          },
        ]}
      />
      {dialog && <ReviewDialog target={dialog} onClose={closeDialog} />}
    </>
  );
}

/** /reviews: the signed-in user's reviews inside the account area (MYREV-01..18). */
export default function MyReviewsPage() {
  const t = useReviewsText();
  useDocumentTitle(t('reviews.my.title'));
  return (
    <AccountArea>
      <MyReviews />
    </AccountArea>
  );
}
