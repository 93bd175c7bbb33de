import { zodResolver } from '@hookform/resolvers/zod';
import {
  reviewRejectRequestSchema,
  reviewStatuses,
  type AdminReview,
  type ReviewRejectRequest,
  type ReviewStatus,
} from '@shop/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { useToast } from '../../components/toasts.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { ApiError } from '../../lib/api-error.js';
import { RichText, useFormat, useMessage, useT } from '../../lib/i18n.js';
import { imageUrl, previewUrl } from '../../lib/image-url.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAcceptReview, useRejectReview, useReviews } from './api.js';
import { ProductFilter } from './product-filter.js';
import type en from './i18n/en.json';
import { reviewStatusColours } from './review-labels.js';
import { StarRating } from './star-rating.js';

const isStatus = (value: string): value is ReviewStatus =>
  (reviewStatuses as readonly string[]).includes(value);

/** The moderation queue: waiting reviews first, or the accepted or rejected ones, filtered. */
export default function ReviewsPage() {
  const t = useT<typeof en>();
  const message = useMessage();
  const { values, page, update } = useSearchState(['status', 'productId', 'rating'] as const);
  const status: ReviewStatus = isStatus(values.status) ? values.status : 'PENDING';
  const reviews = useReviews({ ...values, status, page, pageSize: 20 });
  const acceptReview = useAcceptReview();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<AdminReview>();
  const [busy, setBusy] = useState<string>();

  const accept = async (review: AdminReview) => {
    setBusy(review._id);
    try {
      await acceptReview(review._id);
      toast(t('reviews.accepted', { name: review.userName, product: review.productName }));
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('reviews.acceptFailed'),
        'danger',
      );
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">{t('reviews.title')}</h1>
      <div className="mb-3" role="group" aria-label={t('reviews.filterLabel')}>
        <Row className="g-2">
          <Col xs={6} md={3} lg={2}>
            <Form.Select
              aria-label={t('reviews.state')}
              value={status}
              onChange={(event) => update({ status: event.target.value })}
            >
              {reviewStatuses.map((value) => (
                <option key={value} value={value}>
                  {t('reviews.status', { status: value })}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={6} md={3} lg={2}>
            <Form.Select
              aria-label={t('reviews.rating')}
              value={values.rating}
              onChange={(event) => update({ rating: event.target.value })}
            >
              <option value="">{t('reviews.anyRating')}</option>
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={stars}>
                  {t('reviews.starsOption', { count: stars })}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col md={6} lg={5}>
            <ProductFilter
              productId={values.productId}
              onChange={(productId) => update({ productId })}
            />
          </Col>
        </Row>
      </div>
      <PageState of={reviews} />
      {reviews.data && (
        <>
          {reviews.data.reviews.length === 0 && (
            <p className="text-body-secondary">{t('reviews.none', { status })}</p>
          )}
          <ul className="list-unstyled" aria-label={t('reviews.listLabel', { status })}>
            {reviews.data.reviews.map((review) => (
              <li key={review._id} className="mb-3">
                <ReviewCard
                  review={review}
                  busy={busy === review._id}
                  onAccept={() => void accept(review)}
                  onReject={() => setRejecting(review)}
                  onOnlyProduct={
                    values.productId ? undefined : () => update({ productId: review.product })
                  }
                />
              </li>
            ))}
          </ul>
          <Pager
            page={reviews.data.page}
            pageSize={reviews.data.pageSize}
            total={reviews.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
      {rejecting && <RejectDialog review={rejecting} onClose={() => setRejecting(undefined)} />}
    </>
  );
}

function ReviewCard({
  review,
  busy,
  onAccept,
  onReject,
  onOnlyProduct,
}: {
  review: AdminReview;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  /** Filters the queue to this review's product; absent when it is filtered so already. */
  onOnlyProduct: (() => void) | undefined;
}) {
  const t = useT<typeof en>();
  const format = useFormat();
  const headingId = `review-${review._id}`;
  const changed = review.submittedAt !== review.date;
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <div>
            <h2 className="h6 mb-1" id={headingId}>
              <a href={`/product/${review.productSlug}`} target="_blank" rel="noopener">
                {review.productName}
                <span className="visually-hidden"> {t('reviews.opensShop')}</span>
              </a>
            </h2>
            {onOnlyProduct && (
              <Button variant="link" size="sm" className="p-0" onClick={onOnlyProduct}>
                {t('reviews.onlyProduct')}
              </Button>
            )}
          </div>
          <Badge
            bg={reviewStatusColours[review.status]}
            text={review.status === 'PENDING' ? 'dark' : undefined}
            className="align-self-start"
          >
            {t('reviews.status', { status: review.status })}
          </Badge>
        </div>
        <StarRating rating={review.rating} />
        <p className="mt-2 mb-2 message-text">{review.review}</p>
        {review.images.length > 0 && (
          <ul
            className="list-unstyled d-flex flex-wrap gap-2 mb-2"
            aria-label={t('reviews.images')}
          >
            {review.images.map((path, index) => (
              <li key={path}>
                <a href={imageUrl(path)} target="_blank" rel="noopener">
                  <img
                    src={previewUrl(path)}
                    alt={t('reviews.imageAlt', { number: index + 1 })}
                    width={96}
                    height={96}
                    className="rounded border object-fit-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="small text-body-secondary mb-0">
          <RichText<typeof en>
            id={changed ? 'reviews.byChanged' : 'reviews.by'}
            values={{
              name: review.userName,
              email: review.userEmail,
              written: format.dateTime(review.date),
              changed: format.dateTime(review.submittedAt),
            }}
            components={{ 0: <a href={`mailto:${review.userEmail}`} /> }}
          />
        </p>
        {review.status === 'REJECTED' && review.remarks && (
          <p className="small mt-2 mb-0">
            <RichText<typeof en>
              id="reviews.remarks"
              values={{ remarks: review.remarks }}
              components={{ 0: <strong /> }}
            />
          </p>
        )}
      </Card.Body>
      {/* Either decision can be changed later: an accepted review can still be rejected. */}
      <Card.Footer className="d-flex gap-2 justify-content-end bg-transparent">
        {review.status !== 'ACCEPTED' && (
          <Button size="sm" onClick={onAccept} disabled={busy}>
            {t('reviews.accept')}
          </Button>
        )}
        {review.status !== 'REJECTED' && (
          <Button size="sm" variant="outline-danger" onClick={onReject} disabled={busy}>
            {t('reviews.reject')}
          </Button>
        )}
      </Card.Footer>
    </Card>
  );
}

function RejectDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const t = useT<typeof en>();
  const toast = useToast();
  const rejectReview = useRejectReview();
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<ReviewRejectRequest>({
    resolver: zodResolver(reviewRejectRequestSchema),
    defaultValues: { remarks: '' },
    fields: ['remarks'],
    send: async (body) => {
      await rejectReview({ reviewId: review._id, body });
      toast(t('reviews.rejected', { name: review.userName, product: review.productName }));
      onClose();
    },
  });
  return (
    <FormDialog
      id="reject"
      title={t('reviews.rejectTitle', { product: review.productName })}
      problem={problem}
      action={isSubmitting ? t('reviews.rejecting') : t('reviews.rejectAction')}
      busy={isSubmitting}
      danger
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField
        label={t('reviews.remarksTo', { name: review.userName })}
        rows={4}
        autoFocus
        registration={register('remarks')}
        error={errors.remarks}
        help={t('reviews.remarksHelp')}
      />
    </FormDialog>
  );
}
