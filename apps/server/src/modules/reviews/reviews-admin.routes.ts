import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewListQuerySchema,
  adminReviewPageSchema,
  adminReviewSchema,
  idSchema,
  reviewRejectRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import { moderateReview, moderationPage } from './reviews.service.js';

const params = z.object({ id: idSchema });

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};

/** The back office's review moderation: `/api/admin/reviews` (what `npm run admin` does too). */
export const reviewsAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/reviews',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reviews to moderate, filtered and paged (ours)',
        description:
          'Reviews of one `status` (PENDING, the queue, by default), optionally of one product ' +
          '(its family id or any item id) and one `rating`; the latest submission first. Each ' +
          "with its product's name and slug, the reviewer's name and e-mail address and the " +
          `image paths (under the uploads location). ${audience.staff}`,
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewPageSchema, ...adminErrors },
      },
    },
    async (request) => moderationPage(db, request.query),
  );

  app.post(
    '/admin/reviews/:id/accept',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Accept a review (ours)',
        description:
          'The review shows on its product page and counts in its rating; earlier remarks are ' +
          `cleared. A rejected review can be accepted later, and the other way round. ${audience.staff}`,
        params,
        response: { 200: adminReviewSchema, ...adminErrors },
      },
    },
    async (request) =>
      moderateReview(db, request.params.id, { status: 'ACCEPTED' }, actorOf(request)),
  );

  app.post(
    '/admin/reviews/:id/reject',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reject a review with remarks (ours)',
        description:
          'The remarks (required, up to 1000 characters) tell the customer why: they read them ' +
          'under My Reviews and can change and re-submit the review, which puts it back in the ' +
          `queue. An accepted review leaves the product page. ${audience.staff}`,
        params,
        body: reviewRejectRequestSchema,
        response: { 200: adminReviewSchema, ...adminErrors },
      },
    },
    async (request) =>
      moderateReview(
        db,
        request.params.id,
        { status: 'REJECTED', remarks: request.body.remarks },
        actorOf(request),
      ),
  );
};
