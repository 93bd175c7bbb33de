import type { FastifyPluginAsync } from 'fastify';
import { cartRoutes, type CartRoutesOptions } from './cart.routes.js';

/** The cart as the shopper will pay it, priced and checked against stock on every call. */
export const cartModule: FastifyPluginAsync<CartRoutesOptions> = async (app, options) => {
  await app.register(cartRoutes, { prefix: '/api', ...options });
};
