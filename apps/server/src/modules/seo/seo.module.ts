import type { FastifyPluginAsync } from 'fastify';
import { seoRoutes } from './seo.routes.js';
import type { SitemapOptions } from './seo.service.js';

/** robots.txt and the sitemaps, at the site's root where crawlers look. */
export const seoModule: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  await app.register(seoRoutes, options);
};
