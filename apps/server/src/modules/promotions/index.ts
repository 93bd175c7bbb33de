/** The promotions module's public face: the only file other modules and app.ts import. */
export type { CouponOrders } from './promotions-admin.service.js';
export {
  type CouponCustomer,
  couponCustomerOf,
  couponForCart,
  type CouponUseCount,
  redeemCoupon,
  seedDemoPromotionsIfEmpty,
} from './promotions.service.js';
export { promotionsModule } from './promotions.module.js';
