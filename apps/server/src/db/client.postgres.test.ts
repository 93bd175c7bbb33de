// The postgres project only (vitest.config.ts): PGlite has no named statements to show.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { openDatabase, type Database, type DatabaseHandle, type Transaction } from './client.js';
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
