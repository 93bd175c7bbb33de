import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ordersResponseSchema, oreToNok, type SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orders } from './orders.tables.js';

// My Orders told nothing of refunds: an order read "with Discount NOK 477" after a 179 kr return
// (issue 29.13). The customer's order list now carries what was given back, compatibly.

let ctx: TestContext;
let catalog: CatalogFixture;
let staff: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(ctx.db);
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());

const item = (slug: string) => required(catalog.products[slug], slug).defaultItemId;

const refund = (orderId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: bearer(staff.session),
    payload,
  });

/** The goods leave the shop: only then can they come back as a return. */
async function deliver(orderId: string) {
  for (const payload of [
    { to: 'PACKED' },
    { to: 'SHIPPED', carrier: 'Posten', trackingNumber: 'CP123456789NO' },
    { to: 'DELIVERED' },
  ]) {
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/delivery`,
      headers: bearer(staff.session),
      payload,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

async function myOrders() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/subscribers/orders',
    headers: bearer(customer),
  });
  expect(response.statusCode).toBe(200);
  return ordersResponseSchema.parse(response.json()).orders;
}

describe("the customer's order list and refunds (issue 29.13, API-29, MYORD-08)", () => {
  it('lists each completed refund with its returned units, the sum and the total after refunds; the contract fields stay as they were', async () => {
    const paymentId = await purchase(ctx.app, customer, [
      line(item('wool-socks'), 3),
      line(item('acacia-honey'), 1),
    ]);
    const order = required(
      (await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId)))[0],
      'order',
    );
    const [socks] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const socksLine = required(socks, 'socks line');

    const before = required(
      (await myOrders()).find((listed) => listed._id === order.id),
      'order',
    );
    expect(before).toMatchObject({
      grandTotal: oreToNok(order.grandTotalOre),
      refunds: [],
      refunded: 0,
      totalAfterRefunds: oreToNok(order.grandTotalOre),
    });

    await deliver(order.id);
    const returned = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: socksLine.id, quantity: 1 }],
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const goodwill = await refund(order.id, { kind: 'goodwill', amountOre: 2500 });
    expect(goodwill.statusCode, goodwill.body).toBe(200);
    // A refund the provider refuses is rolled back, and the shopper never hears of it.
    const failing = vi
      .spyOn(ctx.app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new Error('the provider is down'));
    try {
      expect((await refund(order.id, { kind: 'goodwill', amountOre: 100 })).statusCode).toBe(502);
    } finally {
      failing.mockRestore();
    }

    const after = required(
      (await myOrders()).find((listed) => listed._id === order.id),
      'order',
    );
    const returnOre = socksLine.unitPriceOre;
    expect(after.grandTotal).toBe(before.grandTotal);
    expect(after.orderItems).toEqual(before.orderItems);
    expect(after.refunds).toEqual([
      {
        _id: expect.any(String),
        refundedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        kind: 'return',
        amount: oreToNok(returnOre),
        orderItems: [{ _id: socksLine.id, quantity: 1 }],
      },
      {
        _id: expect.any(String),
        refundedAt: expect.any(String),
        kind: 'goodwill',
        amount: 25,
        orderItems: [],
      },
    ]);
    expect(after.refunded).toBe(oreToNok(returnOre + 2500));
    expect(after.totalAfterRefunds).toBe(oreToNok(order.grandTotalOre - returnOre - 2500));
  });
});
