import type { FastifyPluginAsync } from 'fastify';
import type { AccountsService } from '../accounts/index.js';
import { customersAdminRoutes } from './customers-admin.routes.js';

/** The back office's customers: their accounts, orders and blocks. */
export const customersModule: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  await app.register(customersAdminRoutes, { prefix: '/api', accounts });
};
