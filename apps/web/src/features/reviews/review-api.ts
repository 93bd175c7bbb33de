import type { ProductReview, RatingSummary, ReviewSort } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';
import type { AppDispatch } from '../../lib/store-hooks.js';

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

/**
 * The rating summary of the product page's reviews block, fetched by the server as it renders
 * the page: its structured data carries the rating.
 */
export async function loadRatingSummary(dispatch: AppDispatch, productId: string) {
  return (await dispatch(reviewsApi.endpoints.getRatingSummary.initiate(productId))).data;
}
