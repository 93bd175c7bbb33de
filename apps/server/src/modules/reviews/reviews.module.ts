import type { FastifyPluginAsync } from 'fastify';
import { reviewsRoutes } from './reviews.routes.js';
import { reviewsAdminRoutes } from './reviews-admin.routes.js';

/** Reviews: written by buyers, moderated by staff. */
export const reviewsModule: FastifyPluginAsync = async (app) => {
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(reviewsAdminRoutes, { prefix: '/api' });
};
