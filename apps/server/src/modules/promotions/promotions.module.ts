import type { FastifyPluginAsync } from 'fastify';
import { promotionsAdminRoutes } from './promotions-admin.routes.js';
import type { CouponOrders } from './promotions-admin.service.js';
import { promotionsRoutes } from './promotions.routes.js';
import type { CouponUseCount } from './promotions.service.js';

/** What the promotions module asks of the orders module, which app.ts wires in. */
export interface PromotionsModuleOptions {
  countCouponUses: CouponUseCount;
  couponOrders: CouponOrders;
}

/** Coupons: a shopper's code looked up, and the owner's coupons kept. */
export const promotionsModule: FastifyPluginAsync<PromotionsModuleOptions> = async (
  app,
  { countCouponUses, couponOrders },
) => {
  await app.register(promotionsRoutes, { prefix: '/api', countCouponUses });
  await app.register(promotionsAdminRoutes, { prefix: '/api', couponOrders });
};
