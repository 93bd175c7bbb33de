import { adminReviewPageSchema, adminReviewSchema, type ReviewRejectRequest } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const reviews = '/api/admin/reviews';

/** A decision on a review reloads the queue. */
const reviewsKey = ['reviews'] as const;

export const useReviews = (filters: QueryValues) =>
  useQuery(
    apiQuery([...reviewsKey, filters], `${reviews}${queryString(filters)}`, adminReviewPageSchema),
  );

export const useAcceptReview = () =>
  useApiMutation(
    (reviewId: string) =>
      api(`${reviews}/${reviewId}/accept`, adminReviewSchema, { method: 'POST' }),
    [reviewsKey],
  );

export const useRejectReview = () =>
  useApiMutation(
    ({ reviewId, body }: { reviewId: string; body: ReviewRejectRequest }) =>
      api(`${reviews}/${reviewId}/reject`, adminReviewSchema, { method: 'POST', body }),
    [reviewsKey],
  );
