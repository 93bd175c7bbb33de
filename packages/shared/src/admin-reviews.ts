import { z } from 'zod';
import { adminPageFields, adminPagingShape } from './admin-paging.js';
import { answerText, freeText, idSchema, imagePathSchema } from './common.js';
import { reviewStatuses } from './review-rules.js';

export const MAX_REVIEW_REMARKS_LENGTH = 1000;

export const adminReviewMessages = {
  status: 'status must be PENDING, ACCEPTED or REJECTED',
  rating: 'rating must be a whole number from 1 to 5',
  remarksRequired: 'A rejection needs remarks that tell the customer why',
  remarksTooLong: `Remarks must be at most ${MAX_REVIEW_REMARKS_LENGTH} characters`,
} as const;

/**
 * `GET /api/admin/reviews`: the moderation queue. One status (PENDING by default), optionally
 * one product and one rating; newest submission first.
 */
export const adminReviewListQuerySchema = z.object({
  status: z.enum(reviewStatuses, { error: adminReviewMessages.status }).default('PENDING'),
  productId: idSchema
    .optional()
    .describe('The product family, or any of its items: every option combination counts.'),
  rating: z.coerce
    .number({ error: adminReviewMessages.rating })
    .int({ error: adminReviewMessages.rating })
    .min(1, { error: adminReviewMessages.rating })
    .max(5, { error: adminReviewMessages.rating })
    .optional(),
  ...adminPagingShape,
});
export type AdminReviewListQuery = z.input<typeof adminReviewListQuerySchema>;

export const adminReviewSchema = z.object({
  _id: idSchema,
  /** The product family's id. */
  product: idSchema,
  productName: answerText(),
  productSlug: answerText(),
  userId: idSchema,
  userName: answerText(),
  userEmail: answerText(),
  rating: z.number().int(),
  review: answerText(),
  /** Paths under the uploads location, as the storefront shows them. */
  images: z.array(imagePathSchema),
  /** When the review was first written. */
  date: answerText(),
  /** The customer's last submission: a change puts the review back in the queue. */
  submittedAt: answerText(),
  status: z.enum(reviewStatuses),
  remarks: answerText(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  ...adminPageFields,
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

/** `POST /api/admin/reviews/{id}/reject`: the customer reads the remarks under My Reviews. */
export const reviewRejectRequestSchema = z.object({
  remarks: freeText({ error: adminReviewMessages.remarksRequired })
    .trim()
    .min(1, { error: adminReviewMessages.remarksRequired })
    .max(MAX_REVIEW_REMARKS_LENGTH, { error: adminReviewMessages.remarksTooLong }),
});
export type ReviewRejectRequest = z.input<typeof reviewRejectRequestSchema>;
