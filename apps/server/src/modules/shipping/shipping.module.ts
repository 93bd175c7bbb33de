import type { FastifyPluginAsync } from 'fastify';
import { shippingRoutes } from './shipping.routes.js';
import { shippingAdminRoutes } from './shipping-admin.routes.js';

/** Delivery: the shopper's shipping step, and the zones and rates the owner keeps. */
export const shippingModule: FastifyPluginAsync = async (app) => {
  await app.register(shippingRoutes, { prefix: '/api' });
  await app.register(shippingAdminRoutes, { prefix: '/api' });
};
