import type { FastifyPluginAsync } from 'fastify';
import { paymentsRoutes, type PaymentsRoutesOptions } from './payments.routes.js';

/** The test provider's payment page; the real provider's widget talks to Nexi directly. */
export const paymentsModule: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, options) => {
  await app.register(paymentsRoutes, options);
};
