import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { dashboard } from './dashboard.service.js';

/** `/api/admin/dashboard`: what needs doing and how sales go. */
export const dashboardRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/dashboard',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The back office’s first page (ours)',
        description:
          'Sales today and in the last 7 and 30 days in Norway (orders charged and their totals, ' +
          'refunds completed), day by day for 30 days; and the counts of the lists that need ' +
          'someone: paid orders to pack, failed charges, low-stock items, reviews waiting for ' +
          `moderation, new enquiries. ${audience.staff}`,
        response: { 200: adminDashboardSchema, ...adminErrors },
      },
    },
    async () => dashboard(db),
  );
};
