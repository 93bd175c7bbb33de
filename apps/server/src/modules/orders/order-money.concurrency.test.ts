import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderMoneyMessages, type SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import {
  line,
  paidPayment,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orders, refunds } from './orders.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections
// (a pool of 4), where the two refunds' transactions overlap.
let ctx: TestContext;
let staffMembers: StaffMember[];
let customer: SessionUser;
let socks: string;

beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(ctx.db);
  const catalog = await insertCatalogFixture(ctx.db);
  socks = required(catalog.products['wool-socks'], 'wool socks').defaultItemId;
  await seedShippingRatesIfEmpty(ctx.db);
  staffMembers = [
    await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' }),
    await createStaffMember(ctx.app, ctx.db, { role: 'owner', name: 'Olga Owner' }),
  ];
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());

/** A charged order, delivered so its goods can come back. */
async function chargedOrder(qty: number) {
  const lines = [line(socks, qty)];
  const payment = await paidPayment(ctx.app, customer, lines);
  expect((await placeOrder(ctx.app, customer, payment.paymentId, lines)).statusCode).toBe(201);
  const [order] = await ctx.db
    .update(orders)
    .set({ deliveryStatus: 'DELIVERED' })
    .where(eq(orders.paymentId, payment.paymentId))
    .returning();
  return required(order, 'order');
}

/** Two staff members send a refund each at the same moment. */
const twoAtOnce = (orderId: string, bodies: [unknown, unknown]) =>
  Promise.all(
    bodies.map((body, index) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: bearer(required(staffMembers[index], 'staff member').session),
        payload: body as Record<string, unknown>,
      }),
    ),
  );

it('two goodwill refunds at once that together exceed the charge: exactly one is made, the refunded total never passes it (issue 13)', async () => {
  for (let round = 0; round < 5; round += 1) {
    const order = await chargedOrder(1);
    const amountOre = Math.floor(order.grandTotalOre / 2) + 1;
    const responses = await twoAtOnce(order.id, [
      { kind: 'goodwill', amountOre },
      { kind: 'goodwill', amountOre },
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = required(
      responses.find((response) => response.statusCode === 409),
      'refused',
    );
    expect(refused.json()).toEqual({
      message: orderMoneyMessages.overRefund(order.grandTotalOre - amountOre),
    });
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedOre: amountOre, paymentStatus: 'PARTLY_REFUNDED' });
    const made = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(made.map((row) => [row.status, row.amountOre])).toEqual([['completed', amountOre]]);
  }
});

it('two returns at once of more units than were bought: exactly one is made (issue 13)', async () => {
  for (let round = 0; round < 5; round += 1) {
    const order = await chargedOrder(3);
    const [orderLine] = await ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const body = {
      kind: 'return',
      lines: [{ orderLineId: required(orderLine, 'line').id, quantity: 2 }],
    };
    const responses = await twoAtOnce(order.id, [body, body]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const [after] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(after?.returnedQuantity).toBe(2);
    const [money] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(money?.refundedOre).toBeLessThanOrEqual(order.grandTotalOre - order.shippingOre);
    expect(await ctx.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(1);
  }
});
