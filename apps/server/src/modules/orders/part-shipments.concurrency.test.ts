import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminOrderMessages } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orderShipments, orders } from './orders.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

it("staff shipping parts of one order at once: the order's row lock serves them in turn, and the captures never pass the total (issue 32.3)", async () => {
  const catalog = await insertCatalogFixture(ctx.db);
  const members = await Promise.all(
    Array.from({ length: 4 }, (_, index) =>
      createStaffMember(ctx.app, ctx.db, { role: 'staff', name: `Packer ${index}` }),
    ),
  );
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const honey = required(catalog.products['acacia-honey'], 'honey').defaultItemId;
  const paymentId = await purchase(ctx.app, user, [line(honey, 3)]);
  const order = required(
    (await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId)))[0],
    'order',
  );
  const orderLine = required(
    (await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)))[0],
    'line',
  );
  const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');

  // Four staff each ship one unit of three: three parts go, the last of them shipping the order,
  // and the fourth finds it shipped.
  const answers = await Promise.all(
    members.map((member, index) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/shipments`,
        headers: bearer(member.session),
        payload: {
          lines: [{ orderLineId: orderLine.id, quantity: 1 }],
          carrier: 'Posten',
          trackingNumber: `PART${index}`,
        },
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409]);
  const refused = required(
    answers.find((answer) => answer.statusCode === 409),
    'refused',
  );
  expect(refused.json().message).toBe(adminOrderMessages.shipmentNotOpen('SHIPPED'));

  const parts = await ctx.db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, order.id));
  expect(parts).toHaveLength(3);
  expect(parts.reduce((sum, part) => sum + part.amountOre, 0)).toBe(order.grandTotalOre);
  const settled = required(
    (await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0],
    'settled order',
  );
  expect(settled).toMatchObject({
    deliveryStatus: 'SHIPPED',
    paymentStatus: 'CHARGED',
    capturedOre: order.grandTotalOre,
  });
  // Each part captured once, under its own key, together exactly the total.
  const keys = charge.mock.calls.map(([, , key]) => key);
  expect(new Set(keys).size).toBe(3);
  expect(charge.mock.calls.reduce((sum, [, amount]) => sum + amount, 0)).toBe(order.grandTotalOre);
});
