/** The orders module's public face: the only file other modules and app.ts import. */
export { dailySales, type DaySales } from './accounting.service.js';
export {
  customerOrdersForExport,
  customerOrderSummaries,
  type ExportedOrderInOre,
} from './customer-orders.service.js';
export { resumePendingRefunds } from './order-money.service.js';
export { couponOrders, listAdminOrders } from './orders-admin.service.js';
export {
  countCouponUses,
  customerOrders,
  forgetCustomer,
  forgetExpiredBuyers,
} from './orders.service.js';
export { exportedOrderToWire } from './orders.wire.js';
export { settleDuePayments } from './payment-settlement.js';
export { LOW_STOCK_MAIL_HOUR, runLowStockRound } from './shop-notices.service.js';
export { boughtProducts, hasBought, productSales } from './purchases.service.js';
export { ordersModule } from './orders.module.js';
