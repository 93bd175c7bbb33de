import type { FastifyPluginAsync } from 'fastify';
import { paymentsRoutes, type PaymentsRoutesOptions } from './payments.routes.js';
import { standInPath, type VippsSetup } from './vipps/vipps-setup.js';

/**
 * The test provider's payment page (the real provider's widget talks to Nexi directly), and in a
 * shop without Vipps keys the Vipps MobilePay stand-in, whose landing page the shopper visits.
 */
export const paymentsModule: FastifyPluginAsync<
  PaymentsRoutesOptions & { vipps: VippsSetup | undefined }
> = async (app, { vipps, ...options }) => {
  await app.register(paymentsRoutes, options);
  if (vipps?.standIn) await app.register(vipps.standIn.plugin, { prefix: standInPath });
};
