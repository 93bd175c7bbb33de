import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, promoParamsSchema, promoSchema } from '@shop/shared';
import { optionalUser } from '../../auth/current-user.js';
import { type CouponUseCount, couponCustomerOf, getPromo } from './promotions.service.js';
import { promoToWire } from './promotions.wire.js';

const tags = ['Cart'];

export interface PromotionsRoutesOptions {
  /** The orders module's count of a customer's coupon uses (app.ts wires it). */
  countCouponUses: CouponUseCount;
}

export const promotionsRoutes: FastifyPluginAsync<PromotionsRoutesOptions> = async (
  instance,
  { countCouponUses },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // Not cached: a code's validity and remaining uses change with time and orders.
  app.get(
    '/promo/:code',
    {
      schema: {
        tags,
        summary: 'Look up a coupon code',
        description:
          'Case-insensitive. `value` is a percent for `percent` and NOK for `fixed`; `minOrder` ' +
          'is the selling total in NOK the cart must reach. 404 `{message}` when the code is ' +
          'unknown, switched off by the owner (also "not valid"), not yet valid, expired or used up. With a Bearer token (optional, ours), ' +
          'also when the customer has used the code as often as it allows.',
        params: promoParamsSchema,
        response: {
          200: promoSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = await optionalUser(app, request);
      return promoToWire(
        await getPromo(
          db,
          request.params.code,
          couponCustomerOf(db, user, countCouponUses),
          app.clock(),
        ),
      );
    },
  );
};
