import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE_MAX,
  adminPriceSaleDetailSchema,
  adminPriceSaleListQuerySchema,
  adminPriceSaleListSchema,
  adminPriceSaleSchema,
  createPriceSaleRequestSchema,
  MAX_PRICE_SALE_PRODUCTS,
  PRICE_SALE_ITEMS_SHOWN,
  priceSaleIdParamsSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, ownerGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  createPriceSale,
  endPriceSale,
  getPriceSale,
  listPriceSales,
} from './price-sales.service.js';

/** The owner's sales: `/api/admin/price-sales`. */
export const priceSalesRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = ownerGuard(app);

  app.get(
    '/admin/price-sales',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Sales, newest first (ours)',
        description:
          '`productCount` and `itemCount` are what a started sale changed, or what a scheduled ' +
          `one would take now. Up to ${ADMIN_PAGE_SIZE_MAX} per page. ${audience.owner}`,
        querystring: adminPriceSaleListQuerySchema,
        response: { 200: adminPriceSaleListSchema, ...adminErrors },
      },
    },
    async (request) => listPriceSales(db, request.query),
  );

  app.get(
    '/admin/price-sales/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One sale with the items it covers (ours)',
        description:
          `The first ${PRICE_SALE_ITEMS_SHOWN} items, by product name, with the discount and ` +
          'selling price before and during the sale, and the discount each has now. ' +
          audience.owner,
        params: priceSaleIdParamsSchema,
        response: { 200: adminPriceSaleDetailSchema, ...adminErrors },
      },
    },
    async (request) => getPriceSale(db, request.params.id),
  );

  app.post(
    '/admin/price-sales',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Start or schedule a sale (ours)',
        description:
          'A `categoryId` (its subcategories included; its products are taken when the sale ' +
          `starts) or up to ${MAX_PRICE_SALE_PRODUCTS} \`productIds\`; \`discountPercent\` 0–100 ` +
          '(0 takes discounts off). Without `startsAt`, or with one up to a minute ago, it ' +
          'applies at once; `endsAt` (after the start, not past) puts the prices back by itself. ' +
          'Archived products are left out. 409 when it covers a product another scheduled or ' +
          `active sale covers at the same time. ${audience.owner}`,
        body: createPriceSaleRequestSchema,
        response: { 201: adminPriceSaleSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const sale = await createPriceSale(db, currentUser(request), request.body, app.clock());
      return reply.status(201).send(sale);
    },
  );

  app.post(
    '/admin/price-sales/:id/end',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'End a sale now, or cancel a scheduled one (ours)',
        description:
          'An active sale ends at once and its items get their own discounts back, except those ' +
          'whose discount was changed by hand during the sale. A scheduled one is cancelled. ' +
          `409 for a sale already over. ${audience.owner}`,
        params: priceSaleIdParamsSchema,
        response: { 200: adminPriceSaleSchema, ...adminErrors },
      },
    },
    async (request) => endPriceSale(db, currentUser(request), request.params.id, app.clock()),
  );
};
