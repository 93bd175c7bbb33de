import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { orderEvents, orders } from '../modules/orders/orders.tables.js';
import { seedShippingRatesIfEmpty } from '../modules/shipping/shipping-rates-seed.js';
import { createVerifiedUser } from '../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import {
  line,
  paidPayment,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * Migration 0018 renames the delivery state PROCESSING to PACKED and starts the timeline of the
 * orders that exist. Its data part runs here on an order put back the way the shop stored it
 * before (PROCESSING, no timeline), on PGlite and, in the postgres project, on PostgreSQL.
 */
const migrationFile = path.resolve(
  import.meta.dirname,
  'migrations',
  '0018_orders_back_office.sql',
);

/**
 * The statements of migration 0018 that touch existing rows (and the delivery-state check that
 * must accept what they leave), as drizzle's migrator runs them.
 */
async function dataStatements(): Promise<string[]> {
  const text = await fs.readFile(migrationFile, 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(
      (statement) =>
        statement.startsWith('UPDATE "orders"') ||
        statement.startsWith('INSERT INTO "order_events"') ||
        statement.includes('ADD CONSTRAINT "orders_delivery_status_check"'),
    );
}

let ctx: TestContext;
let order: Order;

beforeAll(async () => {
  ctx = await createTestApp();
  await captureAtOrder(ctx.db);
  const catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const lines = [line(required(catalog.products['green-tea'], 'green tea').defaultItemId)];
  const payment = await paidPayment(ctx.app, user, lines);
  order = (await placeOrder(ctx.app, user, payment.paymentId, lines)).json<Order>();
  // Back to before 0018: PROCESSING was a state (the check that refuses it is 0018's), and
  // orders had no timeline.
  await ctx.db.execute(
    sql.raw('ALTER TABLE "orders" DROP CONSTRAINT "orders_delivery_status_check"'),
  );
  await ctx.db.execute(
    sql`UPDATE orders SET delivery_status = 'PROCESSING' WHERE id = ${order._id}`,
  );
  await ctx.db.delete(orderEvents);
});

afterAll(async () => ctx?.close());

describe('migration 0018: the orders of the back office', () => {
  it('turns PROCESSING into PACKED and gives existing orders their created and charged events (issue 13)', async () => {
    const statements = await dataStatements();
    // the PROCESSING update, the delivery-state check, the created and the charged events
    expect(statements).toHaveLength(4);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));

    const [migrated] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(migrated?.deliveryStatus).toBe('PACKED');
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order._id))
      .orderBy(orderEvents.id);
    expect(events.map((event) => [event.kind, event.createdAt.toISOString()])).toEqual([
      ['created', migrated?.createdAt.toISOString()],
      ['charged', migrated?.chargedAt?.toISOString()],
    ]);
    await expect(
      ctx.db.execute(sql`UPDATE orders SET delivery_status = 'PROCESSING' WHERE id = ${order._id}`),
    ).rejects.toThrow();
  });
});
