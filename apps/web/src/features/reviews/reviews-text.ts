import type { ReviewSort, ReviewStatus } from '@shop/shared';

/**
 * The storefront's own review texts; the spec's wording (placeholder, messages, empty states)
 * comes from `reviewTexts` in @shop/shared, shared with the server.
 */
export const reviewsText = {
  blockTitle: 'Reviews and Ratings',
  review: (count: number) => (count === 1 ? 'Review' : 'Reviews'),
  ratedOutOf: (value: number | string) => `Rated ${value} out of 5`,
  starShare: (star: number) => `${star} ${star === 1 ? 'star' : 'stars'}`,
  sortLabel: 'Sort reviews',
  sorts: {
    'date:-1': 'Date: New to Old',
    'date:1': 'Date: Old to New',
    'rating:-1': 'Rating: High to Low',
    'rating:1': 'Rating: Low to High',
  } satisfies Record<ReviewSort, string>,
  reviewsPages: 'Reviews pages',
  reviewImage: (index: number, count: number) => `Review image ${index} of ${count}`,
  by: 'By',
  justNow: 'just now',
  toReview: 'To Review',
  history: 'History',
  orderedOn: 'Ordered on',
  reviewButton: 'Review',
  continueShopping: 'Continue Shopping',
  giveReviews: 'Give Reviews',
  toReviewPages: 'To Review pages',
  historyPages: 'History pages',
  status: {
    ACCEPTED: 'Approved',
    PENDING: 'Pending',
    REJECTED: 'Rejected',
  } satisfies Record<ReviewStatus, string>,
  categoryLabel: 'Category:',
  rating: 'Rating',
  starsChosen: (count: number) => `(${count} stars)`,
  starOption: (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`,
  reviewLabel: 'Your review',
  counter: (length: number, max: number) => `${length}/${max}`,
  removeImage: (index: number) => `Remove image ${index}`,
  attachedImage: (index: number) => `Attached image ${index}`,
  onlyImages: 'Only image files can be attached.',
  imageLimit: (max: number) => `At most ${max} images can be attached.`,
  submit: 'Submit',
  submitting: 'Submitting…',
  submitted: 'Submitted',
  close: 'Close',
} as const;
