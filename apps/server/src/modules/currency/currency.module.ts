import type { FastifyPluginAsync } from 'fastify';
import { currencyRoutes } from './currency.routes.js';
import type { ShipsToCountries } from './currency.service.js';

/** Currencies and the country selector's list; the shipping module says where the shop ships. */
export const currencyModule: FastifyPluginAsync<{ shipsToCountries: ShipsToCountries }> = async (
  app,
  { shipsToCountries },
) => {
  await app.register(currencyRoutes, { prefix: '/api', shipsToCountries });
};
