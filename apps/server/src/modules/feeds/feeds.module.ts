import type { FastifyPluginAsync } from 'fastify';
import { feedsRoutes } from './feeds.routes.js';
import type { FeedOptions } from './feeds.service.js';

/** The product feeds for Google Merchant Center and Prisjakt, at the site's root. */
export const feedsModule: FastifyPluginAsync<FeedOptions> = async (app, options) => {
  await app.register(feedsRoutes, options);
};
