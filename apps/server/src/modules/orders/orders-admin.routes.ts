import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE_MAX,
  adminOrderIdParamsSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  deliveryMoveRequestSchema,
  orderNoteRequestSchema,
  ordersToPackSchema,
  partShipmentRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import type { OrderMoneyDeps } from './order-money.service.js';
import {
  addOrderNote,
  countOrdersToPack,
  getAdminOrder,
  listAdminOrders,
  moveOrderDelivery,
  shipOrderPart,
} from './orders-admin.service.js';

const actorOf = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};

/** The back office's orders: `/api/admin/orders`. */
export const ordersAdminRoutes: FastifyPluginAsync<{ money: Omit<OrderMoneyDeps, 'log'> }> = async (
  instance,
  { money },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/orders',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Orders, searched, filtered and paged (ours)',
        description:
          '`q` is an order number (exact), or part of the customer’s e-mail address or name ' +
          '(the account’s, or the delivery address’s for an order without one). `from` and `to` ' +
          'are days in Norway (or instants with their offset), both included. Sorted by `date` ' +
          `(newest first by default), \`number\` or \`total\`; up to ${ADMIN_PAGE_SIZE_MAX} per page. ` +
          audience.staff,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...adminErrors },
      },
    },
    async (request) => listAdminOrders(db, request.query),
  );

  app.get(
    '/admin/orders/to-pack',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'How many orders wait to be packed (ours)',
        description:
          'The orders `GET /api/admin/orders?toPack=true` lists: paid or reserved (AUTHORISED, ' +
          'CHARGED or PARTLY_REFUNDED) and still PENDING. Counted afresh on each call, for the ' +
          `back office's badge beside Orders, which asks every 30 seconds. ${audience.staff}`,
        response: { 200: ordersToPackSchema, ...adminErrors },
      },
    },
    async () => ({ count: await countOrdersToPack(db) }),
  );

  app.get(
    '/admin/orders/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One order with its payment, refunds and timeline (ours)',
        description:
          'Lines as they were bought (with the SKU while the item exists), VAT per rate, the ' +
          'payment with its provider reference, refunds, and the timeline oldest first with ' +
          'who did what. `allowedDeliveryMoves` lists the states `POST …/delivery` accepts now. ' +
          `Find an order by its number with the list’s \`q\`. ${audience.staff}`,
        params: adminOrderIdParamsSchema,
        response: { 200: adminOrderSchema, ...adminErrors },
      },
    },
    async (request) => getAdminOrder(db, request.params.id),
  );

  app.post(
    '/admin/orders/:id/delivery',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Move an order to its next delivery state (ours)',
        description:
          'Home delivery: PENDING → PACKED → SHIPPED → DELIVERED; store pickup: PENDING → PACKED ' +
          '→ READY_FOR_PICKUP → PICKED_UP. SHIPPED needs `carrier` and `trackingNumber` ' +
          '(`trackingUrl` optional, https). Any other move is refused with 400, and so is ' +
          'CANCELLED: cancelling gives the money back, through `POST …/cancel`. The customer is ' +
          'mailed when the order is shipped, ready for pickup, delivered or picked up. A payment ' +
          'reserved until the goods leave the shop is captured when the order is shipped or ' +
          'picked up (a failed capture is retried, and shown on the order). Two moves at once are ' +
          `served one after the other. ${audience.staff}`,
        params: adminOrderIdParamsSchema,
        body: deliveryMoveRequestSchema,
        response: { 200: adminOrderSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { order } = await moveOrderDelivery(
        { ...money, log: request.log },
        actorOf(request),
        request.params.id,
        request.body,
      );
      return order;
    },
  );

  app.post(
    '/admin/orders/:id/shipments',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Ship part of a home delivery (ours)',
        description:
          'Some of the lines of a PENDING or PACKED home delivery leave the shop now, each with ' +
          'at most the units not yet shipped, with `carrier` and `trackingNumber` (`trackingUrl` ' +
          'optional, https). The part captures its share of the reserved payment: its lines’ ' +
          'value less their share of the coupon, with the shipping on the first part; the part ' +
          'that ships the last units captures what is left of the total and moves the order to ' +
          'SHIPPED, as does moving it to SHIPPED through `POST …/delivery`, which ships the rest. ' +
          'The customer is mailed the items that left. A failed capture is retried and shown on ' +
          'the order. 400 for a line not in the order or too many units, 409 for a store pickup ' +
          'or an order no longer in the shop, with nothing changed. Two parts at once are served ' +
          `one after the other. ${audience.staff}`,
        params: adminOrderIdParamsSchema,
        body: partShipmentRequestSchema,
        response: { 200: adminOrderSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { order } = await shipOrderPart(
        { ...money, log: request.log },
        actorOf(request),
        request.params.id,
        request.body,
      );
      return order;
    },
  );

  app.post(
    '/admin/orders/:id/notes',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Add an internal note to an order (ours)',
        description:
          'The note goes on the timeline with its author; the customer never sees it. ' +
          `1 to 2000 characters. 201 the order. ${audience.staff}`,
        params: adminOrderIdParamsSchema,
        body: orderNoteRequestSchema,
        response: { 201: adminOrderSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addOrderNote(db, actorOf(request), request.params.id, request.body.text)),
  );
};
