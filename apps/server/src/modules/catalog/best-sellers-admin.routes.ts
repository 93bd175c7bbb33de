import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminBestSellersSchema, bestSellersUpdateSchema, HOME_LIST_SIZE } from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import { getBestSellers, setBestSellers } from './best-sellers-admin.service.js';

const answer =
  '`pinned` are the pinned products in their order (`onSale` false: off the storefront, so not ' +
  'shown); `shown` is the home page’s list now, pinned ones on sale first, then by units sold.';

/** The home page's 'Best Selling Products' in the back office: `/api/admin/best-sellers` (issue 14). */
export const bestSellersAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/best-sellers',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "The products pinned to 'Best Selling Products' (ours)",
        description: `${answer} ${audience.staff}`,
        response: { 200: adminBestSellersSchema, ...adminErrors },
      },
    },
    async () => getBestSellers(db),
  );

  app.put(
    '/admin/best-sellers',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Pin products to the front of 'Best Selling Products' (ours)",
        description:
          `\`productIds\` replace the pinned products, in their order: at most ${HOME_LIST_SIZE}, ` +
          'each existing and not archived (400 otherwise); [] unpins them all. Audited. ' +
          `${answer} ${audience.staff}`,
        body: bestSellersUpdateSchema,
        response: { 200: adminBestSellersSchema, ...adminErrors },
      },
    },
    async (request) => setBestSellers(db, currentUser(request), request.body.productIds),
  );
};
