import type { FastifyPluginAsync } from 'fastify';
import { accountingRoutes } from './accounting.routes.js';
import type { CheckoutDeps } from './checkout.flow.js';
import { orderDocumentsRoutes } from './order-documents.routes.js';
import { orderMoneyRoutes } from './order-money.routes.js';
import type { OrderMoneyDeps } from './order-money.service.js';
import { ordersAdminRoutes } from './orders-admin.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { vippsRoutes } from './vipps.routes.js';

export interface OrdersModuleOptions {
  checkout: Omit<CheckoutDeps, 'log'>;
  money: Omit<OrderMoneyDeps, 'log'>;
}

/**
 * Checkout, the shopper's orders, and the back office's orders, money, accounting and documents
 * (the list as CSV, receipts and packing slips as PDF).
 */
export const ordersModule: FastifyPluginAsync<OrdersModuleOptions> = async (
  app,
  { checkout, money },
) => {
  await app.register(ordersRoutes, { prefix: '/api', checkout });
  await app.register(vippsRoutes, { checkout });
  await app.register(accountingRoutes, { prefix: '/api' });
  await app.register(ordersAdminRoutes, { prefix: '/api', money });
  await app.register(orderDocumentsRoutes, { prefix: '/api' });
  await app.register(orderMoneyRoutes, { prefix: '/api', money });
};
