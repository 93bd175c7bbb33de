import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderSchema, stockAdjustmentResultSchema } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { productItems, stockLedger } from './catalog.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
let ctx: TestContext;
let catalog: CatalogFixture;
beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

const START = 100;
const BUYERS = 16;
const QTY = 2;
/** Received goods, damaged goods and count corrections both ways, by two people. */
const ADJUSTMENTS = Array.from(
  { length: 24 },
  (_, index) =>
    [
      { change: 3, reason: 'received' },
      { change: -1, reason: 'damaged' },
      { change: -2, reason: 'correction' },
      { change: 1, reason: 'correction' },
    ][index % 4],
).map((adjustment) => required(adjustment, 'adjustment'));

it('stock adjustments racing orders of the same item lose neither: the stock adds up and the ledger chains', async () => {
  const itemId = required(catalog.products['wool-socks'], 'the wool socks').defaultItemId;
  await ctx.db.update(productItems).set({ stock: START }).where(eq(productItems.id, itemId));
  const owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner' });
  const staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  const lines = [line(itemId, QTY)];
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const user = await createVerifiedUser(ctx.app, ctx.db);
      await saveOsloAddress(ctx.app, user);
      return { user, payment: await paidPayment(ctx.app, user, lines) };
    }),
  );

  const orders = buyers.map(({ user, payment }) =>
    placeOrder(ctx.app, user, payment.paymentId, lines),
  );
  const adjustments = ADJUSTMENTS.map((adjustment, index) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/inventory/${itemId}/adjustments`,
      headers: bearer((index % 2 === 0 ? owner : staff).session),
      payload: { ...adjustment, note: `race ${index}` },
    }),
  );
  const [placed, adjusted] = await Promise.all([Promise.all(orders), Promise.all(adjustments)]);

  for (const response of placed) expect(response.statusCode, response.body).toBe(201);
  for (const response of adjusted) expect(response.statusCode, response.body).toBe(201);
  const orderIds = placed.map((response) => orderSchema.parse(response.json())._id);
  const adjustedBy = ADJUSTMENTS.reduce((sum, adjustment) => sum + adjustment.change, 0);
  const expected = START + adjustedBy - BUYERS * QTY;

  const [item] = await ctx.db
    .select({ stock: productItems.stock })
    .from(productItems)
    .where(eq(productItems.id, itemId));
  expect(item?.stock).toBe(expected);

  const ledger = await ctx.db
    .select()
    .from(stockLedger)
    .where(eq(stockLedger.itemId, itemId))
    .orderBy(asc(stockLedger.id));
  expect(ledger).toHaveLength(BUYERS + ADJUSTMENTS.length);
  expect(ledger[0]?.stockBefore).toBe(START);
  expect(ledger.at(-1)?.stockAfter).toBe(expected);
  for (const [index, row] of ledger.entries()) {
    expect(row.stockAfter).toBe(row.stockBefore + row.change);
    if (index > 0)
      expect(row.stockBefore, `ledger row ${index}`).toBe(ledger[index - 1]?.stockAfter);
  }
  const orderRows = ledger.filter((row) => row.reason === 'order');
  expect(orderRows.map((row) => row.orderId).sort()).toEqual([...orderIds].sort());
  expect(orderRows.every((row) => row.change === -QTY)).toBe(true);

  // Each adjustment answered the figures its own ledger row holds.
  const answered = adjusted.map((response) => stockAdjustmentResultSchema.parse(response.json()));
  const adjustmentRows = await ctx.db
    .select()
    .from(stockLedger)
    .where(
      inArray(
        stockLedger.id,
        answered.map((result) => result.entry.id),
      ),
    );
  expect(adjustmentRows).toHaveLength(ADJUSTMENTS.length);
  for (const result of answered)
    expect(adjustmentRows.find((row) => row.id === result.entry.id)).toMatchObject({
      stockBefore: result.entry.stockBefore,
      stockAfter: result.stock,
    });
});
