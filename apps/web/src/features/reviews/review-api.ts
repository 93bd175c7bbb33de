import type { ProductReview, RatingSummary, ReviewSort } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';

export interface ProductReviewsRequest {
  productId: string;
  sort: ReviewSort;
}

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/reviews/rating/{id}`: the summary of accepted reviews. */
    getRatingSummary: build.query<RatingSummary['data'], string>({
      queryFn: clientQuery(async (productId, signal) => {
        const { data } = await apiRequest(
          `/api/reviews/rating/${encodeURIComponent(productId)}`,
          (wire) => wire.ratingSummarySchema,
          { signal },
        );
        return data;
      }),
    }),
    /** `GET /api/reviews/product/{id}?sort=` (RATING-06). */
    getProductReviews: build.query<ProductReview[], ProductReviewsRequest>({
      queryFn: clientQuery(({ productId, sort }, signal) =>
        apiRequest(
          `/api/reviews/product/${encodeURIComponent(productId)}?${new URLSearchParams({ sort })}`,
          (wire) => wire.productReviewsSchema,
          { signal },
        ),
      ),
    }),
  }),
});

export const { useGetRatingSummaryQuery, useGetProductReviewsQuery } = reviewsApi;
