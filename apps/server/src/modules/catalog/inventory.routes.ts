import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  inventoryItemParamsSchema,
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  stockAdjustmentResultSchema,
  stockAdjustmentSchema,
  stockLedgerPageSchema,
  stockLedgerQuerySchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  adjustStock,
  listInventory,
  stockLedgerOf,
  updateInventoryItem,
} from './inventory.service.js';

export const inventoryRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/inventory',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Stock of every item (ours)',
        description:
          'Every item that is not archived, with its stock, order limit and low-stock flags: ' +
          '`low` when the stock is at or below the item’s own threshold, or the shop-wide one ' +
          '(`/api/admin/settings/inventory`) when it has none; `out` at 0. Searched, filtered, ' +
          `sorted and paged on the server. ${audience.staff}`,
        querystring: inventoryQuerySchema,
        response: { 200: inventoryPageSchema, ...adminErrors },
      },
    },
    async (request) => listInventory(db, request.query),
  );

  app.patch(
    '/admin/inventory/:itemId',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Change an item's order limit or low-stock threshold (ours)",
        description:
          '`lowStockThreshold: null` puts the item back on the shop-wide default. Audited; ' +
          `409 for an archived item. ${audience.staff}`,
        params: inventoryItemParamsSchema,
        body: inventoryItemUpdateSchema,
        response: { 200: inventoryItemSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateInventoryItem(db, currentUser(request), request.params.itemId, request.body),
  );

  app.post(
    '/admin/inventory/:itemId/adjustments',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Adjust the stock of an item (ours)',
        description:
          'Either `change` (units added, negative to take away) or `setTo` (the counted stock), ' +
          'with a reason: `received` goods only add, `damaged` goods only take away, a ' +
          '`correction` goes either way. Answers the new stock and the ledger row (stock before ' +
          'and after); audited. 400 when the stock would go below 0, changing nothing; an order ' +
          `taking stock at the same moment is never lost. 409 for an archived item. ${audience.staff}`,
        params: inventoryItemParamsSchema,
        body: stockAdjustmentSchema,
        response: { 201: stockAdjustmentResultSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const result = await adjustStock(
        db,
        currentUser(request),
        request.params.itemId,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/admin/inventory/:itemId/ledger',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "An item's stock ledger (ours)",
        description:
          'Every change of the stock, newest first: orders, cancellations and returns with ' +
          `their order, adjustments with the staff member and note. ${audience.staff}`,
        params: inventoryItemParamsSchema,
        querystring: stockLedgerQuerySchema,
        response: { 200: stockLedgerPageSchema, ...adminErrors },
      },
    },
    async (request) => stockLedgerOf(db, request.params.itemId, request.query),
  );
};
