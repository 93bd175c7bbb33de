import type { FastifyPluginAsync } from 'fastify';
import { cleaningAdminRoutes } from './cleaning-admin.routes.js';
import { enquiriesAdminRoutes } from './enquiries-admin.routes.js';
import { enquiriesRoutes } from './enquiries.routes.js';

/** The cleaning business: its page, the enquiries it gets, and the staff's replies. */
export const enquiriesModule: FastifyPluginAsync<{ mailQueued: () => void }> = async (
  app,
  { mailQueued },
) => {
  await app.register(enquiriesRoutes, { prefix: '/api', mailQueued });
  await app.register(cleaningAdminRoutes, { prefix: '/api' });
  await app.register(enquiriesAdminRoutes, { prefix: '/api', mailQueued });
};
