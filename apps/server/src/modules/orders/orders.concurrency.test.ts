import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stockMessages } from '@shop/shared';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productItems } from '../catalog/catalog.tables.js';
import { testPayments } from '../payments/payments.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orders } from './orders.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
let ctx: TestContext;
let catalog: CatalogFixture;
beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

it('30 buyers at once for the last 5 units: exactly 5 orders, stock 0, every other payment given back', async () => {
  const itemId = required(catalog.products['wool-socks'], 'the wool socks').defaultItemId;
  await ctx.db.update(productItems).set({ stock: 5 }).where(eq(productItems.id, itemId));
  const lines = [line(itemId)];

  const buyers = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const user = await createVerifiedUser(ctx.app, ctx.db);
      await saveOsloAddress(ctx.app, user);
      return { user, payment: await paidPayment(ctx.app, user, lines) };
    }),
  );

  const responses = await Promise.all(
    buyers.map(({ user, payment }) => placeOrder(ctx.app, user, payment.paymentId, lines)),
  );
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.filter((status) => status === 409)).toHaveLength(25);
  for (const response of responses.filter((r) => r.statusCode === 409))
    expect(response.json()).toEqual({ message: stockMessages.outOfStock('Wool Socks') });

  const [after] = await ctx.db.select().from(productItems).where(eq(productItems.id, itemId));
  expect(after?.stock).toBe(0);
  const paymentIds = buyers.map(({ payment }) => payment.paymentId);
  expect(await ctx.db.$count(orders, inArray(orders.paymentId, paymentIds))).toBe(5);
  const payments = await ctx.db
    .select({ status: testPayments.status })
    .from(testPayments)
    .where(inArray(testPayments.id, paymentIds));
  const count = (status: string) => payments.filter((payment) => payment.status === status).length;
  // The five orders' payments stay reserved until their goods ship (issue 32.3).
  expect(count('reserved')).toBe(5);
  expect(count('cancelled')).toBe(25);
  expect(count('charged')).toBe(0);
});
