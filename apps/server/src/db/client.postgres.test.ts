// The postgres project only (vitest.config.ts): PGlite has no named statements to show.
import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { patiently } from '../test/wait-for.js';
import {
  openDatabase,
  PLANNED_PER_CALL,
  type Database,
  type DatabaseHandle,
  type Transaction,
} from './client.js';
import { runtimeFiles } from '../runtime-files.js';
import { categories, shippingZones } from './schema.js';

let testDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (!testDatabase.url) throw new Error('this file runs in the postgres project only');
  // One connection, so the statements it prepared can be listed from it.
  handle = await openDatabase({ kind: 'postgres', url: testDatabase.url, poolSize: 1 });
});
afterAll(async () => {
  await handle.close();
  await testDatabase.handle.close();
  await testDatabase.drop();
});

/** How many statements the connection keeps prepared whose text holds `fragment`. */
async function prepared(db: Database | Transaction, fragment: string): Promise<number> {
  const [row] = (await db.execute(
    sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${fragment}%`}`,
  )) as unknown as { n: number }[];
  return row?.n ?? 0;
}

it('prepares a statement on its first run and reuses it after', async () => {
  const { db } = handle;
  await db.select().from(categories).where(eq(categories.slug, 'tea'));
  expect(await prepared(db, 'from "categories"')).toBe(1);
  await db.select().from(categories).where(eq(categories.slug, 'honey'));
  expect(await prepared(db, 'from "categories"')).toBe(1);
});

it('prepares the statements of transactions and of savepoints inside them', async () => {
  const { db } = handle;
  await db.transaction(async (transaction) => {
    await transaction.select().from(shippingZones);
    expect(await prepared(transaction, 'from "shipping_zones"')).toBe(1);
    await transaction.transaction(async (savepoint) => {
      await savepoint.select({ id: shippingZones.id }).from(shippingZones).limit(1);
      expect(await prepared(savepoint, '"shipping_zones" limit')).toBe(1);
    });
  });
});

it('still runs a migration step of several commands', async () => {
  await expect(handle.migrate()).resolves.toBeUndefined();
});

it('plans a statement marked PLANNED_PER_CALL on every call, for its own values', async () => {
  const { db } = handle;
  for (const slug of ['tea', 'honey', 'hemp', 'coffee', 'wool', 'linen', 'soap'])
    await db.execute(sql`${PLANNED_PER_CALL} select id from categories where slug = ${slug}`);
  expect(await prepared(db, 'planned per call')).toBe(0);
});

it('tells a listener of each notification committed after it listens, and stops telling it', async () => {
  const heard: string[] = [];
  let listening = 0;
  const unlisten = await handle.listen(
    'catalogue_changes',
    (payload) => heard.push(payload),
    () => (listening += 1),
  );
  expect(listening).toBe(1);
  await handle.db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_notify('catalogue_changes', 'in a transaction')`);
    expect(heard).toEqual([]);
  });
  await expect.poll(() => heard, patiently).toEqual(['in a transaction']);
  await unlisten();
  await handle.db.execute(sql`select pg_notify('catalogue_changes', 'after')`);
  // Notifications arrive in commit order: once a later listener hears the next one, the first
  // would have heard 'after'.
  const later: string[] = [];
  const unlistenLater = await handle.listen(
    'catalogue_changes',
    (payload) => later.push(payload),
    () => {},
  );
  await handle.db.execute(sql`select pg_notify('catalogue_changes', 'next')`);
  await expect.poll(() => later, patiently).toEqual(['next']);
  await unlistenLater();
  expect(heard).toEqual(['in a transaction']);
});

it('lets two processes starting together on an empty database both migrate it (issue 16)', async () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `shop_test_migrate_${Math.random().toString(36).slice(2, 10)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const processes = await Promise.all(
    [1, 2].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
  );
  try {
    const outcomes = await Promise.allSettled(processes.map((process) => process.migrate()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    const applied = await Promise.all(
      processes.map(async (process) => {
        const [row] = (await process.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { n: number }[];
        return row?.n;
      }),
    );
    const shipped = fs.readdirSync(runtimeFiles.migrations).filter((file) => file.endsWith('.sql'));
    expect(applied).toEqual([shipped.length, shipped.length]);
  } finally {
    await Promise.all(processes.map((process) => process.close()));
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
