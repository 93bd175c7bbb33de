import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminExchangeRatesSchema,
  countriesResponseSchema,
  errorResponseSchema,
  multiCurrencyRequestSchema,
  multiCurrencyResponseSchema,
} from '@shop/shared';
import {
  adminDocs,
  adminErrors,
  audience,
  ownerGuard,
  staffGuard,
} from '../../admin/admin-routes.js';
import { ConflictError, ProviderUnavailableError } from '../../domain-errors.js';
import {
  getCurrencyRate,
  listCountryOptions,
  type ShipsToCountries,
  EXCHANGE_RATES_MAX_AGE_MS,
  listExchangeRates,
  refreshExchangeRates,
  refreshExchangeRatesWhenDue,
  seedExchangeRatesIfEmpty,
} from './currency.service.js';

/**
 * Norges Bank publishes once per business day. Every process looks each hour whether the stored
 * rates are older than EXCHANGE_RATES_MAX_AGE_MS; one of them then fetches, and the others,
 * and a process started meanwhile, read what it stored.
 */
export const EXCHANGE_RATES_CHECK_INTERVAL_MS = 60 * 60 * 1000;

const tags = ['Currency'];

export const currencyRoutes: FastifyPluginAsync<{ shipsToCountries: ShipsToCountries }> = async (
  instance,
  { shipsToCountries },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { env } = app.deps;
  let refreshTimer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  const shutdown = new AbortController();

  /** One fetch at a time in this process: the scheduled refresh and the owner's 'Refresh now' share it. */
  let refreshed: Promise<number> | undefined;
  const refreshNow = () => {
    refreshed ??= refreshExchangeRates(db, env.EXCHANGE_RATES_URL, shutdown.signal)
      .then((updated) => {
        app.log.info({ updated }, 'exchange rates refreshed from Norges Bank');
        return updated;
      })
      .finally(() => {
        refreshed = undefined;
      });
    return refreshed;
  };
  const refresh = () => {
    refreshing ??= refreshExchangeRatesWhenDue(
      app.deps.database,
      EXCHANGE_RATES_MAX_AGE_MS,
      refreshNow,
    )
      .then(
        (updated) => {
          // A job, not a request: the back office's write hook does not clear for it.
          if (updated !== undefined) app.responseCache.clear();
        },
        (error: unknown) => {
          if (shutdown.signal.aborted) return;
          // The stored rates stay in use; a failed refresh must never stop the shop.
          app.log.warn({ err: error }, 'exchange rate refresh failed');
        },
      )
      .finally(() => {
        refreshing = undefined;
      });
  };

  app.addHook('onReady', async () => {
    // Rates are reference data the currency selector needs from the first request on.
    await seedExchangeRatesIfEmpty(db);
    if (env.EXCHANGE_RATES_REFRESH) {
      refresh();
      refreshTimer = setInterval(refresh, EXCHANGE_RATES_CHECK_INTERVAL_MS);
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
          'countries goods are shipped to. Only countries whose currency can be converted. ' +
          '`Country` is the English name saved addresses keep; `name` the one to show, in the ' +
          'asked language (ours).',
        response: { 200: countriesResponseSchema },
      },
    },
    async (request) => listCountryOptions(db, shipsToCountries, request.locale),
  );

  const exchangeRatesAnswer = async () => ({
    refreshEnabled: env.EXCHANGE_RATES_REFRESH,
    rates: await listExchangeRates(db),
  });

  app.get(
    '/admin/exchange-rates',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The exchange rates (ours)',
        description:
          'What 1 NOK is in each currency, with its source (Norges Bank, or the bundled snapshot) ' +
          `and when it was stored. ${audience.staff}`,
        response: { 200: adminExchangeRatesSchema, ...adminErrors },
      },
    },
    exchangeRatesAnswer,
  );

  app.post(
    '/admin/exchange-rates/refresh',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Refresh the exchange rates from Norges Bank now (ours)',
        description:
          '409 when refreshing is turned off (EXCHANGE_RATES_REFRESH); 502 when Norges Bank ' +
          `does not answer, the stored rates staying in use. ${audience.owner}`,
        response: { 200: adminExchangeRatesSchema, 502: errorResponseSchema, ...adminErrors },
      },
    },
    async () => {
      if (!env.EXCHANGE_RATES_REFRESH) throw new ConflictError('errors.currency.refreshOff');
      try {
        await refreshNow();
      } catch (error) {
        app.log.warn({ err: error }, 'exchange rate refresh failed');
        throw new ProviderUnavailableError('errors.currency.refreshFailed');
      }
      return exchangeRatesAnswer();
    },
  );
};
