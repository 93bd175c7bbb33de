import {
  productReviewsSchema,
  ratingSummarySchema,
  type ProductReview,
  type RatingSummary,
  type ReviewSort,
} from '@shop/shared';
import { api } from '../../app/api.js';

export interface ProductReviewsRequest {
  productId: string;
  sort: ReviewSort;
}

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/reviews/rating/{id}`: the summary of accepted reviews. */
    getRatingSummary: build.query<RatingSummary['data'], string>({
      query: (productId) => `/api/reviews/rating/${encodeURIComponent(productId)}`,
      transformResponse: (payload: unknown) => ratingSummarySchema.parse(payload).data,
    }),
    /** `GET /api/reviews/product/{id}?sort=` (RATING-06). */
    getProductReviews: build.query<ProductReview[], ProductReviewsRequest>({
      query: ({ productId, sort }) =>
        `/api/reviews/product/${encodeURIComponent(productId)}?${new URLSearchParams({ sort })}`,
      transformResponse: (payload: unknown) => productReviewsSchema.parse(payload),
    }),
  }),
});

export const { useGetRatingSummaryQuery, useGetProductReviewsQuery } = reviewsApi;
