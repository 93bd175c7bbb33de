import { z } from 'zod';
import { idSchema, imagePathSchema } from './common.js';
import {
  enquiryErrors,
  MAX_ENQUIRY_MESSAGE_LENGTH,
  MAX_REVIEW_IMAGES,
  reviewRatingError,
  reviewSorts,
  reviewStatuses,
  reviewTextError,
  reviewTexts,
} from './review-rules.js';

/** `GET /api/reviews/rating/{productId}`: accepted reviews only; `ratings` for stars 5 to 1. */
export const ratingSummarySchema = z.object({
  data: z.object({
    ratings: z.array(z.object({ id: z.number().int(), count: z.number().int() })),
    total: z.number().int(),
    averageRating: z.number(),
  }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewSortQuerySchema = z.object({
  sort: z
    .enum(reviewSorts, { error: 'sort must be date:-1, date:1, rating:-1 or rating:1' })
    .default('date:-1'),
});

export const productReviewSchema = z.object({
  _id: idSchema,
  rating: z.number().int(),
  review: z.string(),
  images: z.array(imagePathSchema),
  date: z.string(),
  user: z.object({ name: z.string() }),
});
export type ProductReview = z.infer<typeof productReviewSchema>;
export const productReviewsSchema = z.array(productReviewSchema);

/** `GET /api/reviews/user`: a bought product not reviewed yet; `_id` is the product's id. */
export const toReviewItemSchema = z.object({
  _id: idSchema,
  name: z.string(),
  image: imagePathSchema,
  category: z.string(),
  date: z.string(),
});
export type ToReviewItem = z.infer<typeof toReviewItemSchema>;
export const toReviewItemsSchema = z.array(toReviewItemSchema);

export const historyReviewSchema = z.object({
  _id: idSchema,
  product: z.object({ _id: idSchema, name: z.string(), heroImage: imagePathSchema }),
  rating: z.number().int(),
  review: z.string(),
  images: z.array(imagePathSchema),
  date: z.string(),
  status: z.enum(reviewStatuses),
  remarks: z.string(),
});
export type HistoryReview = z.infer<typeof historyReviewSchema>;
export const historyReviewsSchema = z.array(historyReviewSchema);

/** Paths of images the user uploaded through `POST /api/upload`. */
const reviewImagePathSchema = z
  .string()
  .regex(/^\/uploads\/reviews\/[\w-]+\.webp$/, { error: 'Images must be uploaded first' });

/** The review dialog's body, checked with the dialog's rules (VAL-44 to VAL-50). */
export const reviewRequestSchema = z.object({
  rating: z
    .number({ error: reviewTexts.required })
    .refine((rating) => reviewRatingError(rating) === undefined, { error: reviewTexts.required }),
  review: z
    .string({ error: reviewTexts.required })
    .superRefine((text, context) => {
      const message = reviewTextError(text);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .transform((text) => text.trim()),
  images: z
    .array(reviewImagePathSchema)
    .max(MAX_REVIEW_IMAGES, { error: `At most ${MAX_REVIEW_IMAGES} images` })
    .default([]),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** What `POST` and `PUT /api/reviews/...` answer: `product` is the product's id. */
export const reviewSchema = z.object({
  _id: idSchema,
  product: idSchema,
  rating: z.number().int(),
  review: z.string(),
  images: z.array(imagePathSchema),
  date: z.string(),
  status: z.enum(reviewStatuses),
  remarks: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The shop owner's decision on a review (ours). */
export const reviewDecisionSchema = z
  .object({
    status: z.enum(['ACCEPTED', 'REJECTED'], { error: 'status must be ACCEPTED or REJECTED' }),
    remarks: z.string().trim().max(500).default(''),
  })
  .refine((decision) => decision.status === 'ACCEPTED' || decision.remarks !== '', {
    message: 'A rejection needs remarks that tell the customer why',
    path: ['remarks'],
  });

export const adminReviewSchema = reviewSchema.extend({
  productName: z.string(),
  userName: z.string(),
});
export const adminReviewsSchema = z.array(adminReviewSchema);

export const uploadResponseSchema = z.string();

/** `POST /api/notification/addenquiry`, checked again on the server (VAL-24 to VAL-28). */
export const enquiryRequestSchema = z
  .object({
    fullname: z.string().max(200).default(''),
    email: z.string().max(254).default(''),
    phone: z.string().max(40).default(''),
    message: z.string().max(MAX_ENQUIRY_MESSAGE_LENGTH).default(''),
  })
  .superRefine((form, context) => {
    const errors = enquiryErrors(form);
    const message = errors.fullname ?? errors.email ?? errors.phone;
    if (message) context.addIssue({ code: 'custom', message });
  });
export type EnquiryRequest = z.input<typeof enquiryRequestSchema>;
