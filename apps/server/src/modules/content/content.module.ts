import type { FastifyPluginAsync } from 'fastify';
import { contentRoutes } from './content.routes.js';
import { contentAdminRoutes } from './content-admin.routes.js';
import { staticPagesRoutes } from './static-pages.routes.js';
import { staticPagesAdminRoutes } from './static-pages-admin.routes.js';

/** Slides, campaigns and static pages: shown by the storefront, kept in the back office. */
export const contentModule: FastifyPluginAsync = async (app) => {
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(contentAdminRoutes, { prefix: '/api' });
  await app.register(staticPagesRoutes, { prefix: '/api' });
  await app.register(staticPagesAdminRoutes, { prefix: '/api' });
};
