import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  countriesResponseSchema,
  errorResponseSchema,
  multiCurrencyRequestSchema,
  multiCurrencyResponseSchema,
} from '@shop/shared';
import {
  getCurrencyRate,
  listCountryOptions,
  refreshExchangeRates,
  seedExchangeRatesIfEmpty,
} from './currency.service.js';

/** Norges Bank publishes once per business day; refreshing more often gains nothing. */
export const EXCHANGE_RATES_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

const tags = ['Currency'];

export const currencyRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { env } = app.deps;
  let refreshTimer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  const shutdown = new AbortController();

  const refreshOnce = async () => {
    try {
      const updated = await refreshExchangeRates(db, env.EXCHANGE_RATES_URL, shutdown.signal);
      app.log.info({ updated }, 'exchange rates refreshed from Norges Bank');
      app.responseCache.clear();
    } catch (error) {
      if (shutdown.signal.aborted) return;
      // The stored rates stay in use; a failed refresh must never stop the shop.
      app.log.warn({ err: error }, 'exchange rate refresh failed');
    }
  };
  const refresh = () => {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = undefined;
    });
  };

  app.addHook('onReady', async () => {
    // Rates are reference data the currency selector needs from the first request on.
    await seedExchangeRatesIfEmpty(db);
    if (env.EXCHANGE_RATES_REFRESH) {
      refresh();
      refreshTimer = setInterval(refresh, EXCHANGE_RATES_REFRESH_INTERVAL_MS);
      refreshTimer.unref();
    }
  });
  // preClose, not onClose: the database is closed by an onClose hook that may run first.
  app.addHook('preClose', async () => {
    clearInterval(refreshTimer);
    shutdown.abort();
    await refreshing;
  });

  app.post(
    '/multiCurrency',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The exchange rate of a currency',
        description:
          '`value` multiplies a NOK amount into `code`. `countryCode` is echoed as ISO 3166 ' +
          'alpha-3 (alpha-2 is accepted); without it, the country of the currency is answered ' +
          '(NOK gives NOR). 404 for a currency without a rate, 400 for an unknown country.',
        body: multiCurrencyRequestSchema,
        response: {
          200: multiCurrencyResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => getCurrencyRate(db, request.body),
  );

  app.get(
    '/countries',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Countries of the currency selector and address forms',
        description:
          'Norway first, then alphabetically. ISOCode is ISO 3166 alpha-3; `shipping` marks the ' +
          'countries goods are shipped to. Only countries whose currency can be converted.',
        response: { 200: countriesResponseSchema },
      },
    },
    async () => listCountryOptions(db),
  );
};
