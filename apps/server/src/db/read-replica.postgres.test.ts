// Issue 16: DATABASE_READ_URL, on a real streaming replica (test/replica-pair.ts) whose replay
// the test pauses to play a replica that lags.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadEnv } from '../config/env.js';
import { products } from '../modules/catalog/catalog.tables.js';
import { promotions } from '../modules/promotions/promotions.tables.js';
import { getSetting, setSetting } from '../modules/settings/settings.service.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import { startReplicaPair, type ReplicaPair } from '../test/replica-pair.js';
import { storefrontReads } from '../test/storefront-reads.js';
import { patiently } from '../test/wait-for.js';
import { openDatabase, type DatabaseHandle } from './client.js';

let pair: ReplicaPair;
let database: DatabaseHandle;
let app: App;
let dataDir: string;
let honeyId: string;
/** The messages the app logged at warn and info, without its request lines. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      const { msg } = JSON.parse(line) as { msg?: string };
      if (msg?.includes('read replica')) logged.push(msg);
    }
    done();
  },
});

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
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    // Far longer than the test: only the change's notification can explain a fresh answer.
    RESPONSE_CACHE_SECONDS: '600',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
  });
  app = await buildApp({ env, database, logStream });
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

/**
 * Resolves once the catalogue reads the replica: a name changed behind the app's back while
 * replay is paused is then not what it answers.
 */
async function readingTheReplica() {
  // Replayed past any change the routing waits for, so it can go back to the replica.
  await pair.caughtUp();
  await pair.pauseReplay();
  try {
    const unseen = `Not Replayed ${probes}`;
    await renameShopUnannounced(unseen);
    await expect.poll(shopName, patiently).not.toBe(unseen);
  } finally {
    await pair.resumeReplay();
  }
}

/** Polls `read` on `sql` until it answers a row; its first row. */
async function firstRow<T>(sql: postgres.Sql, read: () => Promise<T[]>): Promise<T> {
  let row: T | undefined;
  await expect.poll(async () => (row = (await read())[0]), patiently).toBeDefined();
  return row as T;
}

describe('a read replica (DATABASE_READ_URL)', () => {
  it('serves the catalogue calls from the replica', async () => {
    await pair.pauseReplay();
    await renameShopUnannounced('Replica Test Shop');
    const whileBehind = await shopName();
    await pair.resumeReplay();
    expect(whileBehind).not.toBe('Replica Test Shop');
    await expect.poll(shopName, patiently).toBe('Replica Test Shop');
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
    await expect.poll(description, patiently).toContain('Changed while the replica lags');

    // Still behind: what is not announced is read from the primary too, until it catches up.
    await renameShopUnannounced('Read From The Primary');
    expect(await shopName()).toBe('Read From The Primary');

    // Caught up, the reads go back to the replica, where an unannounced change is not seen.
    await pair.resumeReplay();
    await pair.pauseReplay();
    try {
      await renameShopUnannounced('Not On The Replica');
      await expect.poll(shopName, patiently).toBe('Read From The Primary');
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

  it('issue 29.19: with the replica stopped every catalogue call answers from the primary, logged once; back on the replica once it is up', async () => {
    await readingTheReplica();
    logged.length = 0;
    const calls = storefrontReads;
    const statuses = async () =>
      Promise.all(
        calls.map(async (url) => {
          probes += 1;
          const answer = await app.inject({
            url: `${url}${url.includes('?') ? '&' : '?'}probe=${probes}`,
          });
          return `${answer.statusCode} ${url}`;
        }),
      );
    await pair.stopReplica();
    try {
      for (let round = 0; round < 3; round += 1)
        expect(await statuses()).toEqual(calls.map((url) => `200 ${url}`));
      await renameShopUnannounced('Read While The Replica Is Down');
      expect(await shopName()).toBe('Read While The Replica Is Down');
      expect(logged).toEqual([
        'the read replica failed: the catalogue reads the primary until it answers again',
      ]);
    } finally {
      await pair.startReplica();
    }
    await readingTheReplica();
    expect(logged).toEqual([
      'the read replica failed: the catalogue reads the primary until it answers again',
      'the read replica answers again',
    ]);
  }, 120_000);

  it('issue 29.19: a read the replica fails mid-statement (its session cut) is answered from the primary', async () => {
    await readingTheReplica();
    // Two connections: one holds the lock, the other looks on.
    const primary = postgres(pair.primaryUrl, { max: 2, onnotice: () => {} });
    const replica = postgres(pair.replicaUrl, { max: 1, onnotice: () => {} });
    const locker = await primary.reserve();
    try {
      // A lock on the primary that replay takes on the replica too: the catalogue's read of the
      // categories waits there, in the middle of its statement, where the test can cut it.
      await locker`begin`;
      await locker`lock table categories in access exclusive mode`;
      // A commit elsewhere sends the WAL written so far, the lock's record among it.
      await primary`select pg_current_xact_id()`;
      await firstRow(
        replica,
        () => replica`select 1 from pg_locks where relation = 'categories'::regclass
          and mode = 'AccessExclusiveLock' and granted`,
      );
      probes += 1;
      const answer = app.inject({ url: `/api/categories/web?probe=${probes}` });
      const blocked = await firstRow(
        replica,
        () => replica<{ pid: number }[]>`select pid from pg_stat_activity
          where application_name = 'shop reads' and wait_event_type = 'Lock'`,
      );
      // 57P01, as a replica shutting down or a hot-standby conflict cancelling it would.
      await replica`select pg_terminate_backend(${blocked.pid})`;
      // Tried again on the primary, where it waits for the same lock until it is let go.
      await firstRow(
        primary,
        () => primary`select 1 from pg_stat_activity
          where application_name = 'shop' and wait_event_type = 'Lock'`,
      );
      await locker`rollback`;
      const categories = await answer;
      expect(categories.statusCode).toBe(200);
      expect(
        categories.json<{ categories: { slug: string }[] }>().categories.map(({ slug }) => slug),
      ).toContain('food');
    } finally {
      locker.release();
      await primary.end();
      await replica.end();
    }
  }, 120_000);
});
