import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE_MAX,
  adminCouponDetailSchema,
  adminCouponListQuerySchema,
  adminCouponListSchema,
  adminCouponSchema,
  couponActiveRequestSchema,
  couponIdParamsSchema,
  createCouponRequestSchema,
  updateCouponRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, ownerGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  createCoupon,
  type CouponOrders,
  deleteCoupon,
  getCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from './promotions-admin.service.js';

const rules =
  '`value` is a percent (1–100) for `percent` and øre (at least 1) for `fixed`; `minOrderOre` ' +
  'is the selling total in øre the cart must reach; `validTo` must be after `validFrom`; ' +
  '`usageLimit` (total uses) and `usesPerCustomer` are null for no limit. Codes are unique ' +
  'whatever their case (409).';

/** The owner's coupons: `/api/admin/coupons`. */
export const promotionsAdminRoutes: FastifyPluginAsync<{ couponOrders: CouponOrders }> = async (
  instance,
  { couponOrders },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = ownerGuard(app);

  app.get(
    '/admin/coupons',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Coupons, searched, filtered and paged (ours)',
        description:
          '`q` is part of the code. `state` tells whether a coupon is usable now (`current`), ' +
          'switched off (`inactive`), not yet valid (`scheduled`), ended (`expired`) or used ' +
          `up (\`usedUp\`), at the server's clock. Newest first; up to ${ADMIN_PAGE_SIZE_MAX} per page. ` +
          audience.owner,
        querystring: adminCouponListQuerySchema,
        response: { 200: adminCouponListSchema, ...adminErrors },
      },
    },
    async (request) => listCoupons(db, request.query, app.clock()),
  );

  app.get(
    '/admin/coupons/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One coupon with the orders that used it (ours)',
        description:
          '`usedCount` is how many orders redeemed it; `orders` are the latest of them and ' +
          '`orderCount` all of them, as `GET /api/admin/orders?couponId={id}` lists them. ' +
          audience.owner,
        params: couponIdParamsSchema,
        response: { 200: adminCouponDetailSchema, ...adminErrors },
      },
    },
    async (request) => getCoupon(db, request.params.id, app.clock(), couponOrders),
  );

  app.post(
    '/admin/coupons',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Create a coupon (ours)',
        description: `${rules} ${audience.owner}`,
        body: createCouponRequestSchema,
        response: { 201: adminCouponSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(db, currentUser(request), request.body, app.clock());
      return reply.status(201).send(coupon);
    },
  );

  app.put(
    '/admin/coupons/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Change a coupon’s rules (ours)',
        description:
          `${rules} \`updatedAt\` is the one the coupon was loaded with: 409 when someone ` +
          'changed it since, so no change is silently overwritten. 409 too for a total below ' +
          `the uses so far. Orders already placed keep what they paid. ${audience.owner}`,
        params: couponIdParamsSchema,
        body: updateCouponRequestSchema,
        response: { 200: adminCouponSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateCoupon(db, currentUser(request), request.params.id, request.body, app.clock()),
  );

  app.put(
    '/admin/coupons/:id/active',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Switch a coupon on or off (ours)',
        description:
          'A coupon switched off is refused by the promo lookup, the cart and the checkout as ' +
          `not valid, whatever its dates. ${audience.owner}`,
        params: couponIdParamsSchema,
        body: couponActiveRequestSchema,
        response: { 200: adminCouponSchema, ...adminErrors },
      },
    },
    async (request) =>
      setCouponActive(
        db,
        currentUser(request),
        request.params.id,
        request.body.active,
        app.clock(),
      ),
  );

  app.delete(
    '/admin/coupons/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a coupon no order used (ours)',
        description: `409 for a coupon an order used: switch it off instead. ${audience.owner}`,
        params: couponIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteCoupon(db, currentUser(request), request.params.id, couponOrders);
      return reply.status(204).send(null);
    },
  );
};
