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
import { shopDateTime } from '../../lib/dates.js';
import { imageUrl, previewUrl } from '../../lib/image-url.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAcceptReview, useRejectReview, useReviews } from './api.js';
import { ProductFilter } from './product-filter.js';
import { reviewStatusColours, reviewStatusNames } from './review-labels.js';
import { StarRating } from './star-rating.js';

const isStatus = (value: string): value is ReviewStatus =>
  (reviewStatuses as readonly string[]).includes(value);

/** The moderation queue: waiting reviews first, or the accepted or rejected ones, filtered. */
export default function ReviewsPage() {
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
      toast(
        `${review.userName}’s review of ${review.productName} was accepted: it now shows in the shop.`,
      );
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The review could not be accepted.',
        'danger',
      );
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Reviews</h1>
      <div className="mb-3" role="group" aria-label="Filter reviews">
        <Row className="g-2">
          <Col xs={6} md={3} lg={2}>
            <Form.Select
              aria-label="State"
              value={status}
              onChange={(event) => update({ status: event.target.value })}
            >
              {reviewStatuses.map((value) => (
                <option key={value} value={value}>
                  {reviewStatusNames[value]}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={6} md={3} lg={2}>
            <Form.Select
              aria-label="Rating"
              value={values.rating}
              onChange={(event) => update({ rating: event.target.value })}
            >
              <option value="">Any rating</option>
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={stars}>
                  {stars} star{stars === 1 ? '' : 's'}
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
            <p className="text-body-secondary">
              {status === 'PENDING'
                ? 'No reviews are waiting: the queue is empty.'
                : `No ${reviewStatusNames[status].toLowerCase()} reviews match.`}
            </p>
          )}
          <ul className="list-unstyled" aria-label={`${reviewStatusNames[status]} reviews`}>
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
                <span className="visually-hidden"> (opens the shop in a new tab)</span>
              </a>
            </h2>
            {onOnlyProduct && (
              <Button variant="link" size="sm" className="p-0" onClick={onOnlyProduct}>
                Only reviews of this product
              </Button>
            )}
          </div>
          <Badge
            bg={reviewStatusColours[review.status]}
            text={review.status === 'PENDING' ? 'dark' : undefined}
            className="align-self-start"
          >
            {reviewStatusNames[review.status]}
          </Badge>
        </div>
        <StarRating rating={review.rating} />
        <p className="mt-2 mb-2 message-text">{review.review}</p>
        {review.images.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label="Images">
            {review.images.map((path, index) => (
              <li key={path}>
                <a href={imageUrl(path)} target="_blank" rel="noopener">
                  <img
                    src={previewUrl(path)}
                    alt={`Image ${index + 1} of the review (opens in a new tab)`}
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
          By {review.userName} (<a href={`mailto:${review.userEmail}`}>{review.userEmail}</a>) ·
          written {shopDateTime(review.date)}
          {changed && ` · changed ${shopDateTime(review.submittedAt)}`}
        </p>
        {review.status === 'REJECTED' && review.remarks && (
          <p className="small mt-2 mb-0">
            <strong>Remarks to the customer:</strong> {review.remarks}
          </p>
        )}
      </Card.Body>
      {/* Either decision can be changed later: an accepted review can still be rejected. */}
      <Card.Footer className="d-flex gap-2 justify-content-end bg-transparent">
        {review.status !== 'ACCEPTED' && (
          <Button size="sm" onClick={onAccept} disabled={busy}>
            Accept
          </Button>
        )}
        {review.status !== 'REJECTED' && (
          <Button size="sm" variant="outline-danger" onClick={onReject} disabled={busy}>
            Reject…
          </Button>
        )}
      </Card.Footer>
    </Card>
  );
}

function RejectDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const toast = useToast();
  const rejectReview = useRejectReview();
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<ReviewRejectRequest>({
    resolver: zodResolver(reviewRejectRequestSchema),
    defaultValues: { remarks: '' },
    fields: ['remarks'],
    send: async (body) => {
      await rejectReview({ reviewId: review._id, body });
      toast(
        `${review.userName}’s review of ${review.productName} was rejected; they can read your remarks under My Reviews.`,
      );
      onClose();
    },
  });
  return (
    <FormDialog
      id="reject"
      title={`Reject the review of ${review.productName}`}
      problem={problem}
      action={isSubmitting ? 'Rejecting…' : 'Reject review'}
      busy={isSubmitting}
      danger
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField
        label={`Remarks to ${review.userName}`}
        rows={4}
        autoFocus
        registration={register('remarks')}
        error={errors.remarks}
        help="Required. The customer reads them under My Reviews and can change the review and send it again."
      />
    </FormDialog>
  );
}
