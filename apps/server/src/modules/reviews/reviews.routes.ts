import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  historyReviewsSchema,
  idSchema,
  productReviewsSchema,
  ratingSummarySchema,
  reviewRequestSchema,
  reviewSchema,
  reviewSortQuerySchema,
  toReviewItemsSchema,
} from '@shop/shared';
import { currentUser } from '../../auth/current-user.js';
import {
  createReview,
  productReviews,
  productsToReview,
  ratingSummary,
  reviewHistory,
  updateReview,
} from './reviews.service.js';

const tags = ['Reviews'];
const bearer = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const productParams = z.object({ productId: idSchema });
const reviewParams = z.object({ reviewId: idSchema });
const productIdNote =
  'The id is the product family or any of its purchasable items (a card or product page `_id`); ' +
  'every option combination shares the reviews of its product.';

export const reviewsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const authenticate = app.authenticate;

  app.get(
    '/reviews/rating/:productId',
    {
      schema: {
        tags,
        summary: "A product's rating summary",
        description: `Accepted reviews only: counts for stars 5 to 1, their total and the average rounded to 2 decimals (0 without reviews). ${productIdNote}`,
        params: productParams,
        response: { 200: ratingSummarySchema, ...errors },
      },
    },
    async (request) => ratingSummary(db, request.params.productId),
  );

  app.get(
    '/reviews/product/:productId',
    {
      schema: {
        tags,
        summary: "A product's reviews",
        description: `Accepted reviews only, sorted by date or rating (ties: newest first). ${productIdNote}`,
        params: productParams,
        querystring: reviewSortQuerySchema,
        response: { 200: productReviewsSchema, ...errors },
      },
    },
    async (request) => productReviews(db, request.params.productId, request.query.sort),
  );

  app.get(
    '/reviews/user',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Products the signed-in user can review',
        description:
          'Products of their orders (cancelled ones excepted) not reviewed yet, once each, ' +
          '`_id` being the product id and `date` the latest order with it; newest first.',
        response: { 200: toReviewItemsSchema, ...errors },
      },
    },
    async (request) => productsToReview(db, currentUser(request).id, request.locale),
  );

  app.get(
    '/reviews/history',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's reviews",
        description:
          "Every status (PENDING, ACCEPTED, REJECTED, with the shop owner's remarks), the " +
          'latest submitted first.',
        response: { 200: historyReviewsSchema, ...errors },
      },
    },
    async (request) => reviewHistory(db, currentUser(request).id, request.locale),
  );

  app.post(
    '/reviews/:productId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Review a bought product',
        description:
          `201 the review, PENDING until the shop owner accepts it; \`product\` is the product id. ${productIdNote} ` +
          '403 when no order of the user (cancelled ones excepted) has the product, or for a ' +
          'guest; 409 when the user has reviewed it already; 400 when an image is not an ' +
          'upload of this user (`POST /api/upload`).',
        params: productParams,
        body: reviewRequestSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(
        db,
        currentUser(request),
        request.params.productId,
        request.body,
      );
      return reply.status(201).send(review);
    },
  );

  app.put(
    '/reviews/:reviewId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Change or re-submit an own review',
        description:
          'Any change puts the review back to PENDING and clears the remarks: a rejected ' +
          'review is re-submitted, and an accepted one is hidden from the product page until ' +
          "the shop owner accepts the new text. 403 for another user's review.",
        params: reviewParams,
        body: reviewRequestSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) =>
      updateReview(db, currentUser(request), request.params.reviewId, request.body),
  );
};
