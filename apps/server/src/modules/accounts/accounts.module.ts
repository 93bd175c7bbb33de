import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts.routes.js';
import type { AccountsService } from './accounts.service.js';
import { socialRoutes } from './social.routes.js';

/** Sign-up, sign-in (password and social), profiles, addresses and wishlists. */
export const accountsModule: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  await app.register(accountsRoutes, { prefix: '/api', accounts });
  // The identity providers call back at the addresses registered with them, outside /api.
  await app.register(socialRoutes, { accounts });
};
