import { asc, eq, sql } from 'drizzle-orm';
import type {
  AdminExchangeRates,
  CountryOption,
  Locale,
  MultiCurrencyResponse,
} from '@shop/shared';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { InvalidError, NotFoundError } from '../../domain-errors.js';
import {
  countries,
  type Country,
  findCountry,
  firstCountryWithCurrency,
  HOME_COUNTRY_CODE,
  toCountryOption,
} from '../countries/index.js';
import {
  exchangeRatesSnapshot,
  EXCHANGE_RATES_SNAPSHOT_SOURCE,
} from './exchange-rates-snapshot.js';
import { fetchNorgesBankRates } from './norges-bank.js';
import { exchangeRates } from './currency.tables.js';

/** The shop's own currency: every stored price is NOK, so its multiplier is always 1. */
export const BASE_CURRENCY = 'NOK';
export const NORGES_BANK_SOURCE = 'Norges Bank';

/**
 * Fills an empty exchange-rate table from the bundled snapshot so that every currency of the
 * country list can be converted from the first start, offline. Safe to call on every start and
 * from several processes at once. Returns how many rates it wrote.
 */
export async function seedExchangeRatesIfEmpty(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(exchangeRates);
  if ((existing?.count ?? 0) > 0) return 0;
  const rows = Object.entries(exchangeRatesSnapshot).map(([currencyCode, rate]) => ({
    currencyCode,
    rate,
    source: EXCHANGE_RATES_SNAPSHOT_SOURCE,
  }));
  const inserted = await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoNothing()
    .returning({ currencyCode: exchangeRates.currencyCode });
  return inserted.length;
}

/**
 * Replaces the rates of the currencies Norges Bank quotes with its latest official ones.
 * Currencies no country of ours pays in (index baskets, SDR) are ignored, so the selector
 * never offers something without a country. Returns how many rates it updated.
 */
export async function refreshExchangeRates(
  db: Database,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<number> {
  const fetched = await fetchNorgesBankRates(baseUrl, signal ? { signal } : {});
  const rows = [...fetched]
    .filter(
      ([currencyCode]) => currencyCode !== BASE_CURRENCY && currencyCode in exchangeRatesSnapshot,
    )
    .map(([currencyCode, rate]) => ({
      currencyCode,
      rate,
      source: NORGES_BANK_SOURCE,
      // The database's clock, which every process's freshness check (exchangeRatesDue) reads.
      updatedAt: sql`now()`,
    }));
  if (rows.length === 0) return 0;
  await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: exchangeRates.currencyCode,
      set: {
        rate: sql`excluded.rate`,
        source: sql`excluded.source`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return rows.length;
}

/**
 * Rates fetched this recently are kept. The refresh is checked every hour, so a day less that
 * hour keeps the official rates at most a day old.
 */
export const EXCHANGE_RATES_MAX_AGE_MS = 23 * 60 * 60 * 1000;

/** Whether the latest rates from Norges Bank are older than `maxAgeMs`, or there are none. */
export async function exchangeRatesDue(db: Database, maxAgeMs: number): Promise<boolean> {
  const [row] = await db
    .select({
      due: sql<boolean>`coalesce(max(${exchangeRates.updatedAt}) <= now() - make_interval(secs => ${maxAgeMs / 1000}), true)`,
    })
    .from(exchangeRates)
    .where(eq(exchangeRates.source, NORGES_BANK_SOURCE));
  return row?.due ?? true;
}

/**
 * The scheduled refresh, for several server processes on one database: under the job's
 * advisory lock (a process that does not get it skips this round), and only when the stored
 * rates are older than `maxAgeMs`, so one process fetches per interval and every other one
 * reads what it stored. Resolves to what `refresh` answered, or undefined when skipped.
 */
export async function refreshExchangeRatesWhenDue(
  database: Pick<DatabaseHandle, 'db' | 'runAlone'>,
  maxAgeMs: number,
  refresh: () => Promise<number>,
): Promise<number | undefined> {
  const outcome = await database.runAlone('job:exchange-rate refresh', async () =>
    (await exchangeRatesDue(database.db, maxAgeMs)) ? refresh() : undefined,
  );
  return outcome.ran ? outcome.value : undefined;
}

async function findRate(db: Database, currencyCode: string): Promise<number | undefined> {
  if (currencyCode === BASE_CURRENCY) return 1;
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(eq(exchangeRates.currencyCode, currencyCode))
    .limit(1);
  return row?.rate;
}

/**
 * The multiplier that turns a NOK amount into the chosen currency, with the country echoed as
 * ISO alpha-3 (alpha-2 is accepted). Without a country, the first country paying in that
 * currency is answered, so NOK gives Norway (NOR).
 */
export async function getCurrencyRate(
  db: Database,
  request: { currencyCode: string; countryCode?: string | undefined },
): Promise<MultiCurrencyResponse> {
  const rate = await findRate(db, request.currencyCode);
  if (rate === undefined)
    throw new NotFoundError('errors.currency.notSupported', {
      values: { code: request.currencyCode },
    });

  let countryCode: string;
  if (request.countryCode) {
    const country = findCountry(request.countryCode);
    if (!country)
      throw new InvalidError('errors.currency.unknownCountry', {
        values: { code: request.countryCode },
      });
    countryCode = country.alpha3;
  } else {
    const country =
      firstCountryWithCurrency(request.currencyCode) ?? findCountry(HOME_COUNTRY_CODE);
    countryCode = country?.alpha3 ?? '';
  }
  return { value: rate, code: request.currencyCode, countryCode };
}

/**
 * The country selector's list, Norway first. A country is offered only when its currency has
 * a rate, so a choice can always be converted; `shipping` marks the countries of the shipping
 * zones, so the list can never promise delivery the shipping step refuses.
 */
export async function listCountryOptions(
  db: Database,
  shipsToCountries: ShipsToCountries,
  locale: Locale,
): Promise<CountryOption[]> {
  const [convertible, shipsTo] = await Promise.all([
    convertibleCountries(db),
    shipsToCountries(db),
  ]);
  const options = convertible.map((country) =>
    toCountryOption(country, shipsTo.has(country.alpha2), locale),
  );
  if (locale === 'en') return options;
  // Norway stays first (the list's order); the rest in the reader's alphabet, where Østerrike
  // comes after Zambia.
  const [home, ...rest] = options;
  return [...(home ? [home] : []), ...rest.sort((a, b) => a.name.localeCompare(b.name, locale))];
}

/**
 * The countries of the shipping zones, by ISO code. Zones are the shipping module's, which
 * answers; app.ts wires the answer in.
 */
export type ShipsToCountries = (db: Database) => Promise<Set<string>>;

/** The countries whose currency has a rate, so a price can be shown in it. */
export async function convertibleCountries(db: Database): Promise<Country[]> {
  const rows = await db.select({ currencyCode: exchangeRates.currencyCode }).from(exchangeRates);
  const convertible = new Set([BASE_CURRENCY, ...rows.map((row) => row.currencyCode)]);
  return countries.filter((country) => convertible.has(country.currencyCode));
}

/** The stored rates for the back office, with where each came from and when. */
export async function listExchangeRates(db: Database): Promise<AdminExchangeRates['rates']> {
  const rows = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.currencyCode));
  return rows.map((row) => ({
    currencyCode: row.currencyCode,
    rate: row.rate,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
