// The postgres project only (vitest.config.ts): two server processes need two connections.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { norgesBankBody, startRatesServer } from '../../test/norges-bank-stand-in.js';
import { buildOtherServer, createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import {
  EXCHANGE_RATES_MAX_AGE_MS,
  NORGES_BANK_SOURCE,
  refreshExchangeRates,
  refreshExchangeRatesWhenDue,
} from './currency.service.js';
import { exchangeRates } from './currency.tables.js';

// Issue 16: several server processes with EXCHANGE_RATES_REFRESH on one database ask Norges Bank
// once per interval between them; the others read the rates it stored.

let ctx: TestContext;
let second: DatabaseHandle;
let ratesServer: Awaited<ReturnType<typeof startRatesServer>>;
let usdNok = '10.5';

beforeAll(async () => {
  // Norges Bank answers slowly, so refreshes that start together are in flight together.
  ratesServer = await startRatesServer(
    () => ({ status: 200, body: norgesBankBody([{ currency: 'USD', nok: usdNok }]) }),
    { delayMs: 300 },
  );
  // This file's own server does not refresh; the processes of each test do.
  ctx = await createTestApp();
  if (!ctx.databaseUrl) throw new Error('this file runs in the postgres project only');
  second = await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await ratesServer?.close();
});
beforeEach(async () => {
  // No rates from Norges Bank yet: the next refresh is due.
  await ctx.db
    .update(exchangeRates)
    .set({ source: 'snapshot', updatedAt: sql`now() - interval '30 days'` })
    .where(eq(exchangeRates.source, NORGES_BANK_SOURCE));
  ratesServer.requests.length = 0;
});

const usd = async () =>
  (await ctx.db.select().from(exchangeRates).where(eq(exchangeRates.currencyCode, 'USD')))[0];

it('(issue 16) two processes refreshing at the same moment fetch once; both then read the stored rates', async () => {
  usdNok = '10.5';
  const refreshes = [ctx.database, second, ctx.database, second].map((database) =>
    refreshExchangeRatesWhenDue(database, EXCHANGE_RATES_MAX_AGE_MS, () =>
      refreshExchangeRates(database.db, ratesServer.url),
    ),
  );
  const updated = await Promise.all(refreshes);

  expect(ratesServer.requests).toHaveLength(1);
  expect(updated.filter((count) => count !== undefined)).toEqual([1]);
  expect(await usd()).toMatchObject({ rate: 1 / 10.5, source: NORGES_BANK_SOURCE });

  // Within the interval, no process asks again.
  const again = await refreshExchangeRatesWhenDue(second, EXCHANGE_RATES_MAX_AGE_MS, () =>
    refreshExchangeRates(second.db, ratesServer.url),
  );
  expect(again).toBeUndefined();
  expect(ratesServer.requests).toHaveLength(1);
});

it('(issue 16) two servers started together fetch once, one started later none, and one past the interval fetches again', async () => {
  usdNok = '9.75';
  const databaseUrl = ctx.databaseUrl ?? '';
  const settings = { EXCHANGE_RATES_REFRESH: 'true', EXCHANGE_RATES_URL: ratesServer.url };
  const pair = await Promise.all([0, 1].map(() => buildOtherServer(databaseUrl, settings)));
  try {
    await Promise.all(pair.map((server) => server.app.ready()));
    await vi.waitFor(async () => expect((await usd())?.source).toBe(NORGES_BANK_SOURCE), patiently);
  } finally {
    // Closing waits for a refresh in flight.
    await Promise.all(pair.map((server) => server.close()));
  }
  expect(ratesServer.requests).toHaveLength(1);
  expect((await usd())?.rate).toBe(1 / 9.75);

  const later = await buildOtherServer(databaseUrl, settings);
  await later.app.ready();
  // Longer than a fetch would take to reach the stand-in.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await later.close();
  expect(ratesServer.requests).toHaveLength(1);

  await ctx.db
    .update(exchangeRates)
    .set({ updatedAt: sql`now() - make_interval(secs => ${EXCHANGE_RATES_MAX_AGE_MS / 1000})` })
    .where(eq(exchangeRates.source, NORGES_BANK_SOURCE));
  usdNok = '9.5';
  const nextDay = await buildOtherServer(databaseUrl, settings);
  try {
    await nextDay.app.ready();
    await vi.waitFor(async () => expect((await usd())?.rate).toBe(1 / 9.5), patiently);
  } finally {
    await nextDay.close();
  }
  expect(ratesServer.requests).toHaveLength(2);
});
