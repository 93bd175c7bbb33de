import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type App, type Clock } from '../app.js';
import { loadEnv, type Env } from '../config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';

export interface TestContext {
  app: App;
  db: Database;
  /** The handle `db` belongs to, for what listens or opens beside the app (a search index). */
  database: DatabaseHandle;
  env: Env;
  /** The PostgreSQL database's URL, for a second connection; undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or, in the `postgres` test project, a
 * database of its own on TEST_DATABASE_URL's server that is dropped afterwards. Each is a copy
 * of the run's migrated template (`database-template.ts`) when there is one.
 */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  /** The PostgreSQL database's URL, for a server process of its own; undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) {
    const template = inject('pgliteTemplate');
    const handle = await openDatabase({
      kind: 'pglite',
      ...(template && { loadDataDir: new Blob([await fs.readFile(template)]) }),
    });
    await handle.migrate();
    return { handle, drop: async () => {} };
  }
  const name = `shop_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = inject('postgresTemplate');
  await admin.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

function testEnv(dataDir: string, overrides: Record<string, string>): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    // Tests change the database between calls; the cache has its own test.
    RESPONSE_CACHE_SECONDS: '0',
    // Its round would mail whatever a test's catalogue holds low; its tests run it themselves.
    LOW_STOCK_MAIL_MINUTES: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
    // Several tests build links on a public-looking PUBLIC_URL with the test provider.
    ALLOW_TEST_PAYMENTS: 'true',
    ...overrides,
  });
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { clock?: Clock; sitemapPartSize?: number } = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const env = testEnv(dataDir, overrides);
  const { handle, url, drop } = await openTestDatabase();
  const app = await buildApp({ env, database: handle, ...options });
  await app.ready();
  return {
    app,
    db: handle.db,
    database: handle,
    env,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server process of the same shop on the PostgreSQL database at `databaseUrl`: its own
 * pool, job locks, caches and data folder. It is built but not yet ready, so a test can watch
 * it (its payment provider) before its background jobs start in `app.ready()`; several made
 * ready together start them at the same moment. Closing it leaves the database to its owner.
 */
export async function buildOtherServer(
  databaseUrl: string,
  overrides: Record<string, string> = {},
): Promise<Omit<TestContext, 'databaseUrl'>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-other-'));
  const env = testEnv(dataDir, overrides);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  const app = await buildApp({ env, database: handle });
  return {
    app,
    db: handle.db,
    database: handle,
    env,
    close: async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `buildOtherServer` on the database of `first`, ready: a second process of the same shop. */
export async function createSecondTestApp(
  first: TestContext,
  overrides: Record<string, string> = {},
): Promise<Omit<TestContext, 'databaseUrl'>> {
  if (!first.databaseUrl) throw new Error('a second server needs the PostgreSQL test database');
  const other = await buildOtherServer(first.databaseUrl, overrides);
  await other.app.ready();
  return other;
}
