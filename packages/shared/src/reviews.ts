import { z } from 'zod';
import { cleaningServiceIconNames } from './cleaning-icons.js';
import { answerText, freeText, idSchema, imagePathSchema, text } from './common.js';
import {
  enquiryErrors,
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
  review: answerText(),
  images: z.array(imagePathSchema),
  date: answerText(),
  user: z.object({ name: answerText() }),
});
export type ProductReview = z.infer<typeof productReviewSchema>;
export const productReviewsSchema = z.array(productReviewSchema);

/** `GET /api/reviews/user`: a bought product not reviewed yet; `_id` is the product's id. */
export const toReviewItemSchema = z.object({
  _id: idSchema,
  name: answerText(),
  image: imagePathSchema,
  category: answerText(),
  date: answerText(),
});
export type ToReviewItem = z.infer<typeof toReviewItemSchema>;
export const toReviewItemsSchema = z.array(toReviewItemSchema);

export const historyReviewSchema = z.object({
  _id: idSchema,
  product: z.object({ _id: idSchema, name: answerText(), heroImage: imagePathSchema }),
  rating: z.number().int(),
  review: answerText(),
  images: z.array(imagePathSchema),
  date: answerText(),
  status: z.enum(reviewStatuses),
  remarks: answerText(),
});
export type HistoryReview = z.infer<typeof historyReviewSchema>;
export const historyReviewsSchema = z.array(historyReviewSchema);

/**
 * Paths of images the user uploaded through `POST /api/upload`, relative to the uploads location
 * (`/reviews/x.webp`). A path with the location in front (`/uploads/reviews/x.webp`, as answered
 * before image paths became relative) is accepted and stored without it.
 */
const reviewImagePathSchema = text()
  .regex(/^(?:\/uploads)?\/reviews\/[\w-]+\.webp$/, { error: 'Images must be uploaded first' })
  .transform((path) => path.replace(/^\/uploads\//, '/'));

/** The review dialog's body, checked with the dialog's rules (VAL-44 to VAL-50). */
export const reviewRequestSchema = z.object({
  rating: z
    .number({ error: reviewTexts.required })
    .refine((rating) => reviewRatingError(rating) === undefined, { error: reviewTexts.required }),
  review: freeText({ error: reviewTexts.required })
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

/**
 * The review dialog's rating and text, with the request's rules and messages; its images are
 * uploaded one by one before the review is sent.
 */
export const reviewFormSchema = reviewRequestSchema.pick({ rating: true, review: true });
export type ReviewFormValues = z.input<typeof reviewFormSchema>;

/** What `POST` and `PUT /api/reviews/...` answer: `product` is the product's id. */
export const reviewSchema = z.object({
  _id: idSchema,
  product: idSchema,
  rating: z.number().int(),
  review: answerText(),
  images: z.array(imagePathSchema),
  date: answerText(),
  status: z.enum(reviewStatuses),
  remarks: answerText(),
});
export type Review = z.infer<typeof reviewSchema>;

export const uploadResponseSchema = answerText();

/**
 * `POST /api/notification/addenquiry`, checked again on the server (VAL-24 to VAL-28), lengths
 * included: the first field in error is answered with the dialog's message.
 */
export const enquiryRequestSchema = z
  .object({
    fullname: text().default(''),
    email: text().default(''),
    phone: text().default(''),
    message: freeText().default(''),
  })
  .superRefine((form, context) => {
    const errors = enquiryErrors(form);
    const message = errors.fullname ?? errors.email ?? errors.phone ?? errors.message;
    if (message) context.addIssue({ code: 'custom', message });
  });
export type EnquiryRequest = z.input<typeof enquiryRequestSchema>;

/** The enquiry dialog's form: each field in error shows its own message (VAL-24 to VAL-28). */
export const enquiryFormSchema = z
  .object({ fullname: text(), email: text(), phone: text(), message: freeText() })
  .superRefine((form, context) => {
    const errors = enquiryErrors(form);
    for (const field of ['fullname', 'email', 'phone', 'message'] as const) {
      const message = errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
  });

/** `GET /api/cleaning/gallery` (ours): the cleaning page's photos in the order they are shown. */
export const cleaningGalleryResponseSchema = z.array(
  z.object({ image: imagePathSchema, alt: answerText() }),
);
export type CleaningPhoto = z.infer<typeof cleaningGalleryResponseSchema>[number];

/** `GET /api/cleaning/services` (ours, issue 14): the page's service tiles shown, in their order. */
export const cleaningServicesResponseSchema = z.array(
  z.object({
    name: answerText(),
    description: answerText(),
    icon: z.enum(cleaningServiceIconNames),
  }),
);
export type CleaningServiceTile = z.infer<typeof cleaningServicesResponseSchema>[number];
