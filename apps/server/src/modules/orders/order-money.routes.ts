import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrorSchema,
  cancelOrderRequestSchema,
  cancelOrderResponseSchema,
  orderMoneyParamsSchema,
  refundHeadersSchema,
  refundRequestSchema,
  refundResponseSchema,
  retryChargeResponseSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  cancelOrder,
  refundOrder,
  retryCharge,
  type OrderMoneyDeps,
} from './order-money.service.js';

/** The provider's failure is a 502 with a message, and nothing changed. */
const errors = { ...adminErrors, 502: adminErrorSchema };
/** An idempotency key sent again with another request is a 422. */
const refundErrors = { ...errors, 422: adminErrorSchema };

export const orderMoneyRoutes: FastifyPluginAsync<{ money: Omit<OrderMoneyDeps, 'log'> }> = async (
  instance,
  { money },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const guard = staffGuard(app);
  const deps = (request: FastifyRequest): OrderMoneyDeps => ({ ...money, log: request.log });

  app.post(
    '/admin/orders/:id/refunds',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Refund an order: a return of lines, or an amount as goodwill (ours)',
        description:
          'A `return` gives back what the lines were paid (their share of a coupon taken off, so ' +
          'the returns of a whole order add up to the goods’ total to the øre), never the ' +
          'shipping (spec §9), and puts the units back in stock unless `restock: false`. ' +
          '`amountOre` gives back an amount besides the lines; a `goodwill` refund is an amount ' +
          'alone. Only for a CHARGED or PARTLY_REFUNDED order, and a `return` only once the ' +
          'goods have left the shop (SHIPPED, DELIVERED or PICKED_UP; before that, cancel the ' +
          'order or refund an amount as goodwill): 409 otherwise. 400 for more units than are ' +
          'left to return, 409 beyond what is left to refund (checked in the database, so two ' +
          'refunds at once cannot pass it), 502 when the payment provider does not make the ' +
          'refund (then nothing changed). With an `Idempotency-Key` header the same key again ' +
          'answers 200 with the refund it made (the order as it stands now), never a second ' +
          'refund; 422 when the key came with another order or body before, 409 while its first ' +
          'request is still being made. The customer is mailed. Audited. ' +
          audience.staff,
        params: orderMoneyParamsSchema,
        headers: refundHeadersSchema,
        body: refundRequestSchema,
        response: { 200: refundResponseSchema, ...refundErrors },
      },
    },
    async (request) =>
      refundOrder(
        deps(request),
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Cancel an order before it leaves the shop (ours)',
        description:
          'Only while the order is PENDING, PACKED or READY_FOR_PICKUP (409 otherwise). A ' +
          'reserved payment is released (payment CANCELLED); a charged one is refunded in full ' +
          '(payment REFUNDED). Every unit not returned goes back to stock with a `cancellation` ' +
          'ledger row, and the customer is mailed. 502 when the payment provider fails, with ' +
          `the order unchanged. Audited. ${audience.staff}`,
        params: orderMoneyParamsSchema,
        body: cancelOrderRequestSchema,
        response: { 200: cancelOrderResponseSchema, ...errors },
      },
    },
    async (request) =>
      cancelOrder(deps(request), currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/retry-charge',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Try a failed charge again now (ours)',
        description:
          'For a CHARGE_FAILED order (409 otherwise), also one whose automatic tries ran out: ' +
          'the charge is made now, with the same idempotency key as every try, and the answer ' +
          'is the payment state afterwards (CHARGED, or CHARGE_FAILED with the error). ' +
          `Audited. ${audience.staff}`,
        params: orderMoneyParamsSchema,
        response: { 200: retryChargeResponseSchema, ...errors },
      },
    },
    async (request) => retryCharge(deps(request), currentUser(request), request.params.id),
  );
};
