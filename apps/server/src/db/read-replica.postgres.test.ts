// Issue 16: DATABASE_READ_URL, on a real streaming replica (test/replica-pair.ts) whose replay
// the test pauses to play a replica that lags.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadEnv } from '../config/env.js';
import { products } from '../modules/catalog/catalog.tables.js';
import { promotions } from '../modules/promotions/promotions.tables.js';
import { getSetting, setSetting } from '../modules/settings/settings.service.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import { startReplicaPair, type ReplicaPair } from '../test/replica-pair.js';
import { openDatabase, type DatabaseHandle } from './client.js';

let pair: ReplicaPair;
let database: DatabaseHandle;
let app: App;
let dataDir: string;
let honeyId: string;

beforeAll(async () => {
  pair = await startReplicaPair();
  database = await openDatabase({
    kind: 'postgres',
    url: pair.primaryUrl,
    readUrl: pair.replicaUrl,
    poolSize: 4,
  });
  await database.migrate();
  honeyId = required(
    (await insertCatalogFixture(database.db)).products['acacia-honey'],
    'honey',
  ).id;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-replica-app-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    // Far longer than the test: only the change's notification can explain a fresh answer.
    RESPONSE_CACHE_SECONDS: '600',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
  });
  app = await buildApp({ env, database });
  await app.ready();
  await pair.caughtUp();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await pair?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

let probes = 0;

/** The shop's name as the storefront's call answers it, at a URL the cache has not kept. */
async function shopName(): Promise<string> {
  probes += 1;
  const answer = await app.inject({ url: `/api/shop?probe=${probes}` });
  return answer.json<{ name: string }>().name;
}

/** Renames the shop on the primary behind the app's back: no notification tells of it. */
async function renameShopUnannounced(name: string) {
  await setSetting(database.db, 'shopDetails', {
    ...(await getSetting(database.db, 'shopDetails')),
    name,
  });
}

describe('a read replica (DATABASE_READ_URL)', () => {
  it('serves the catalogue calls from the replica', async () => {
    await pair.pauseReplay();
    await renameShopUnannounced('Replica Test Shop');
    const whileBehind = await shopName();
    await pair.resumeReplay();
    expect(whileBehind).not.toBe('Replica Test Shop');
    await expect.poll(shopName, { timeout: 1_000, interval: 20 }).toBe('Replica Test Shop');
  });

  it('reads a change from the primary until the replica has replayed it, and never keeps it stale', async () => {
    const description = async () =>
      (await app.inject({ url: '/api/products/acacia-honey/slug' })).json<{
        description?: string;
      }>().description ?? '';
    await description();
    await pair.pauseReplay();
    await database.db
      .update(products)
      .set({ description: '<p>Changed while the replica lags.</p>' })
      .where(eq(products.id, honeyId));
    await expect
      .poll(description, { timeout: 1_000, interval: 20 })
      .toContain('Changed while the replica lags');

    // Still behind: what is not announced is read from the primary too, until it catches up.
    await renameShopUnannounced('Read From The Primary');
    expect(await shopName()).toBe('Read From The Primary');

    // Caught up, the reads go back to the replica, where an unannounced change is not seen.
    await pair.resumeReplay();
    await pair.pauseReplay();
    try {
      await renameShopUnannounced('Not On The Replica');
      await expect.poll(shopName, { timeout: 1_000, interval: 20 }).toBe('Read From The Primary');
    } finally {
      await pair.resumeReplay();
    }
  });

  it('reads the primary for what is not the catalogue, such as a coupon at checkout', async () => {
    await pair.pauseReplay();
    try {
      await database.db.insert(promotions).values({
        code: 'FRESH20',
        type: 'percent',
        value: 20,
        validFrom: new Date(Date.now() - 86_400_000),
        validTo: new Date(Date.now() + 86_400_000),
      });
      const promo = await app.inject({ url: '/api/promo/FRESH20' });
      expect(promo.statusCode).toBe(200);
    } finally {
      await pair.resumeReplay();
    }
  });
});
