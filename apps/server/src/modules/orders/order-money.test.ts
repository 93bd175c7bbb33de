import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminOrderSchema,
  formatAmount,
  orderMoneyMessages,
  type AdminSession,
  type CancelOrderResponse,
  type RefundResponse,
  type RetryChargeResponse,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser, receivedMail } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { productItems, stockLedger } from '../catalog/catalog.tables.js';
import { testPayments } from '../payments/payments.tables.js';
import { promotions } from '../promotions/promotions.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderEvents, orderLines, orders, refunds } from './orders.tables.js';
import { maxChargeAttempts } from './payment-settlement.js';

// Refunds, returns, cancellations and charging again from the back office (issue 13), through
// the built-in test provider, on each test database.

let ctx: TestContext;
let catalog: CatalogFixture;
let staff: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  // The sweep is left alone: a failed charge must stay failed until the test retries it.
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(ctx.db);
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  await ctx.db.insert(promotions).values({
    code: 'SAVE10',
    type: 'percent',
    value: 10,
    validFrom: new Date(Date.now() - 86_400_000),
    validTo: new Date(Date.now() + 86_400_000),
  });
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());

const item = (slug: string) => required(catalog.products[slug], slug).defaultItemId;

const call = (url: string, payload: unknown, session: AdminSession | SessionUser = staff.session) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(session),
    payload: payload as Record<string, unknown>,
  });

const refund = (orderId: string, payload: unknown, session?: AdminSession | SessionUser) =>
  call(`/api/admin/orders/${orderId}/refunds`, payload, session);
const cancel = (orderId: string, reason = 'The customer asked us to', session?: AdminSession) =>
  call(`/api/admin/orders/${orderId}/cancel`, { reason }, session);

const orderById = async (id: string) =>
  required((await ctx.db.select().from(orders).where(eq(orders.id, id)))[0], 'order');
const linesOf = (orderId: string) =>
  ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
const eventsOf = async (orderId: string) =>
  (
    await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).map((event) => event.kind);
const stockOf = async (itemId: string) =>
  (await ctx.db.select().from(productItems).where(eq(productItems.id, itemId)))[0]?.stock;
const ledgerOf = (orderId: string, reason: 'return' | 'cancellation') =>
  ctx.db
    .select()
    .from(stockLedger)
    .where(and(eq(stockLedger.orderId, orderId), eq(stockLedger.reason, reason)));

/**
 * A new customer's placed order (charged, unless the provider fails); the order's row and lines.
 * `sent` hands the goods over (DELIVERED, or PICKED_UP for a store pickup), so they can come back.
 */
async function buy(
  cart: { slug: string; qty: number }[],
  options: { couponCode?: string; storePickup?: boolean; sent?: boolean } = {},
) {
  const lines = cart.map(({ slug, qty }) => line(item(slug), qty));
  const paymentId = await purchase(ctx.app, customer, lines, options);
  const [placed] = options.sent
    ? await ctx.db
        .update(orders)
        .set({ deliveryStatus: options.storePickup ? 'PICKED_UP' : 'DELIVERED' })
        .where(eq(orders.paymentId, paymentId))
        .returning()
    : await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  const found = required(placed, 'placed order');
  return { order: found, lines: await linesOf(found.id) };
}

/** An order whose charge failed: the provider refuses the first charge. */
async function buyWithFailedCharge(cart: { slug: string; qty: number }[]) {
  const charge = vi
    .spyOn(ctx.app.paymentProvider, 'charge')
    .mockRejectedValueOnce(new Error('the provider is down'));
  try {
    return await buy(cart);
  } finally {
    charge.mockRestore();
  }
}

describe('refunds (issue 13)', () => {
  it('a partial refund of one line, then the rest, adds up exactly to what was paid less shipping; the shipping as goodwill then makes it REFUNDED (issue 13)', async () => {
    const { order, lines } = await buy(
      [
        { slug: 'wool-socks', qty: 3 },
        { slug: 'acacia-honey', qty: 1 },
      ],
      { couponCode: 'SAVE10', sent: true },
    );
    expect(order.paymentStatus).toBe('CHARGED');
    expect(order.shippingOre).toBeGreaterThan(0);
    const [socks, honey] = [required(lines[0], 'socks'), required(lines[1], 'honey')];
    const goodsPaid = order.grandTotalOre - order.shippingOre;
    // The coupon makes the lines' amounts uneven, so the øre have to be apportioned.
    expect(order.discountOre).toBeGreaterThan(0);

    const first = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: socks.id, quantity: 1 }],
      note: 'Too small',
    });
    expect(first.statusCode).toBe(200);
    const one = first.json<RefundResponse>();
    expect(one.refund).toMatchObject({
      kind: 'return',
      status: 'completed',
      note: 'Too small',
      createdByEmail: staff.email,
      lines: [{ orderLineId: socks.id, quantity: 1, vatPercent: 25, restock: true }],
    });
    expect(one.refund.providerRefundId).toEqual(expect.any(String));
    // 3 socks at 99 kr with 10 % off: one of them is a third of what the line was paid.
    expect(one.refund.amountOre).toBe(Math.floor((socks.unitPriceOre * 3 * 0.9) / 3));
    expect(one.order).toMatchObject({
      paymentStatus: 'PARTLY_REFUNDED',
      refundedOre: one.refund.amountOre,
      refundableOre: order.grandTotalOre - one.refund.amountOre,
    });

    const rest = await refund(order.id, {
      kind: 'return',
      lines: [
        { orderLineId: socks.id, quantity: 2 },
        { orderLineId: honey.id, quantity: 1, restock: false },
      ],
    });
    expect(rest.statusCode).toBe(200);
    const two = rest.json<RefundResponse>();
    expect(one.refund.amountOre + two.refund.amountOre).toBe(goodsPaid);
    expect(two.order).toMatchObject({ paymentStatus: 'PARTLY_REFUNDED', refundedOre: goodsPaid });
    expect((await linesOf(order.id)).map((row) => row.returnedQuantity)).toEqual([3, 1]);
    const vat = two.refund.lines.map((refunded) => refunded.vatPercent);
    expect(vat).toEqual([25, 15]);

    // Nothing is left to return, only the shipping to give back as goodwill.
    const again = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: honey.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: orderMoneyMessages.tooManyReturned('Acacia Honey', 0),
    });
    const goodwill = await refund(order.id, { kind: 'goodwill', amountOre: order.shippingOre });
    expect(goodwill.statusCode).toBe(200);
    expect(goodwill.json<RefundResponse>().order).toMatchObject({
      paymentStatus: 'REFUNDED',
      refundedOre: order.grandTotalOre,
      refundableOre: 0,
    });
    const stored = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(stored.reduce((sum, row) => sum + row.amountOre, 0)).toBe(order.grandTotalOre);
    expect(stored.every((row) => row.status === 'completed')).toBe(true);

    const events = await eventsOf(order.id);
    expect(events.filter((kind) => kind === 'refund')).toHaveLength(3);
    expect(events.filter((kind) => kind === 'returned')).toHaveLength(2);
    expect(events.filter((kind) => kind === 'mail').length).toBeGreaterThanOrEqual(3);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'refund')));
    expect(audits).toHaveLength(3);
    expect(audits[0]?.actorEmail).toBe(staff.email);

    const mail = await receivedMail(ctx.app, customer.email, 'order-refunded');
    expect(mail?.text).toContain(`for your order ${order.number}`);
    expect(mail?.text).toContain('Total refunded');
  });

  it('refuses a refund above what is left, with a message, and changes nothing (issue 13)', async () => {
    const { order, lines } = await buy([{ slug: 'wool-socks', qty: 2 }], { sent: true });
    const over = await refund(order.id, { kind: 'goodwill', amountOre: order.grandTotalOre + 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: orderMoneyMessages.overRefund(order.grandTotalOre) });

    const socks = required(lines[0], 'socks');
    expect(
      (
        await refund(order.id, {
          kind: 'return',
          lines: [{ orderLineId: socks.id, quantity: 2 }],
          amountOre: order.shippingOre + 1,
        })
      ).statusCode,
    ).toBe(409);
    const after = await orderById(order.id);
    expect(after).toMatchObject({ refundedOre: 0, paymentStatus: 'CHARGED' });
    expect((await linesOf(order.id)).map((row) => row.returnedQuantity)).toEqual([0]);
    expect(await ctx.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(0);
    expect(await ledgerOf(order.id, 'return')).toEqual([]);
  });

  it('refuses returning more units than were bought, and a line of another order (issue 13)', async () => {
    const { order, lines } = await buy([{ slug: 'wool-socks', qty: 2 }], { sent: true });
    const other = await buy([{ slug: 'green-tea', qty: 1 }]);
    const socks = required(lines[0], 'socks');
    const tooMany = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: socks.id, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: orderMoneyMessages.tooManyReturned('Wool Socks', 2),
    });
    const foreign = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: required(other.lines[0], 'tea').id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: orderMoneyMessages.unknownLine });
    const noLines = await refund(order.id, { kind: 'return', lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json()).toMatchObject({ message: orderMoneyMessages.linesRequired });
    expect(await orderById(order.id)).toMatchObject({ refundedOre: 0 });
    expect((await linesOf(order.id)).map((row) => row.returnedQuantity)).toEqual([0]);
  });

  it('puts returned units back in stock with a return ledger row, unless told not to (issue 13)', async () => {
    const socksItem = item('wool-socks');
    const teaItem = item('green-tea');
    const { order, lines } = await buy(
      [
        { slug: 'wool-socks', qty: 2 },
        { slug: 'green-tea', qty: 1 },
      ],
      { sent: true },
    );
    const [socksBefore, teaBefore] = [await stockOf(socksItem), await stockOf(teaItem)];
    const response = await refund(order.id, {
      kind: 'return',
      lines: [
        { orderLineId: required(lines[0], 'socks').id, quantity: 2, restock: true },
        { orderLineId: required(lines[1], 'tea').id, quantity: 1, restock: false },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(await stockOf(socksItem)).toBe(required(socksBefore, 'stock') + 2);
    expect(await stockOf(teaItem)).toBe(teaBefore);
    const ledger = await ledgerOf(order.id, 'return');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ itemId: socksItem, change: 2, actorEmail: staff.email });
  });

  it('a refund the provider does not make is rolled back: 502 with a message, nothing changed, refund_failed on the timeline (issue 13)', async () => {
    const socksItem = item('wool-socks');
    const { order, lines } = await buy([{ slug: 'wool-socks', qty: 1 }], { sent: true });
    const stock = await stockOf(socksItem);
    const failing = vi
      .spyOn(ctx.app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new Error('the provider is down'));
    const body = {
      kind: 'return',
      lines: [{ orderLineId: required(lines[0], 'socks').id, quantity: 1 }],
    };
    try {
      const response = await refund(order.id, body);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: orderMoneyMessages.providerRefundFailed });
    } finally {
      failing.mockRestore();
    }
    expect(await orderById(order.id)).toMatchObject({ refundedOre: 0, paymentStatus: 'CHARGED' });
    expect((await linesOf(order.id)).map((row) => row.returnedQuantity)).toEqual([0]);
    expect(await stockOf(socksItem)).toBe(stock);
    const [failed] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(failed).toMatchObject({ status: 'failed', failure: 'the provider is down' });
    expect(await eventsOf(order.id)).toContain('refund_failed');

    // The same refund made again goes through, with a key of its own.
    const retried = await refund(order.id, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RefundResponse>().order.paymentStatus).toBe('PARTLY_REFUNDED');
  });

  it('refuses a refund of an order that is not charged (issue 13)', async () => {
    const { order } = await buyWithFailedCharge([{ slug: 'wool-socks', qty: 1 }]);
    const response = await refund(order.id, { kind: 'goodwill', amountOre: 100 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: orderMoneyMessages.notRefundable('CHARGE_FAILED'),
    });
  });
});

describe('returns only once the goods have left the shop (issue 29)', () => {
  it('refuses a return on an order not yet sent, or a pickup not picked up, with a message, and changes nothing; goodwill and cancelling stay open', async () => {
    const socksItem = item('wool-socks');
    const home = await buy([{ slug: 'wool-socks', qty: 2 }]);
    const pickup = await buy([{ slug: 'wool-socks', qty: 1 }], { storePickup: true });
    const stock = await stockOf(socksItem);
    const returnOf = (bought: Awaited<ReturnType<typeof buy>>) =>
      refund(bought.order.id, {
        kind: 'return',
        lines: [{ orderLineId: required(bought.lines[0], 'socks').id, quantity: 1 }],
      });
    for (const [bought, states] of [
      [home, ['PENDING', 'PACKED']],
      [pickup, ['PENDING', 'PACKED', 'READY_FOR_PICKUP']],
    ] as const)
      for (const state of states) {
        await ctx.db
          .update(orders)
          .set({ deliveryStatus: state })
          .where(eq(orders.id, bought.order.id));
        const refused = await returnOf(bought);
        expect(refused.statusCode, state).toBe(409);
        expect(refused.json()).toEqual({ message: orderMoneyMessages.notReturnable(state) });
      }
    for (const bought of [home, pickup]) {
      expect(await orderById(bought.order.id)).toMatchObject({
        refundedOre: 0,
        paymentStatus: 'CHARGED',
      });
      expect((await linesOf(bought.order.id)).map((row) => row.returnedQuantity)).toEqual([0]);
      expect(await ctx.db.$count(refunds, eq(refunds.orderId, bought.order.id))).toBe(0);
    }
    expect(await stockOf(socksItem)).toBe(stock);
    expect(orderMoneyMessages.notReturnable('PENDING')).toMatch(/cancel the order or refund/);

    // Before it is sent, the money goes back as goodwill, or the whole order is cancelled.
    const goodwill = await refund(home.order.id, { kind: 'goodwill', amountOre: 1_000 });
    expect(goodwill.statusCode).toBe(200);
    expect((await cancel(pickup.order.id)).statusCode).toBe(200);
    const cancelled = await returnOf(pickup);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: orderMoneyMessages.notReturnable('CANCELLED') });
  });

  it('registers a return once a parcel is shipped or delivered, or a pickup picked up', async () => {
    for (const [state, storePickup] of [
      ['SHIPPED', false],
      ['DELIVERED', false],
      ['PICKED_UP', true],
    ] as const) {
      const { order, lines } = await buy([{ slug: 'wool-socks', qty: 1 }], { storePickup });
      await ctx.db.update(orders).set({ deliveryStatus: state }).where(eq(orders.id, order.id));
      const response = await refund(order.id, {
        kind: 'return',
        lines: [{ orderLineId: required(lines[0], 'socks').id, quantity: 1 }],
      });
      expect(response.statusCode, state).toBe(200);
      expect(response.json<RefundResponse>().refund.status).toBe('completed');
    }
  });
});

describe('shipping VAT follows the goods (issue 29)', () => {
  const byRate = (lines: readonly { vatPercent: number; grossTotalOre: number }[]) => {
    const sums = new Map<number, number>();
    for (const line of lines)
      sums.set(line.vatPercent, (sums.get(line.vatPercent) ?? 0) + line.grossTotalOre);
    return sums;
  };
  const vatOf = (grossOre: number, rate: number) => Math.round((grossOre * rate) / (100 + rate));
  const nok = (ore: number) => formatAmount(ore / 100, 1, 'NOK');
  const adminOrder = async (orderId: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: bearer(staff.session),
    });
    expect(response.statusCode).toBe(200);
    return adminOrderSchema.parse(response.json());
  };

  it('a food-only order pays, mails and refunds its shipping at 15 %', async () => {
    const created = vi.spyOn(ctx.app.paymentProvider, 'createPayment');
    const refunded = vi.spyOn(ctx.app.paymentProvider, 'refund');
    try {
      const { order } = await buy([{ slug: 'acacia-honey', qty: 2 }], { sent: true });
      const honeyOre = 2 * 14_900;
      expect(order.shippingOre).toBeGreaterThan(0);
      expect(order.grandTotalOre).toBe(honeyOre + order.shippingOre);

      // The provider's payment lines: the goods and the shipping, both at 15 %.
      const paymentLines = required(created.mock.calls.at(-1), 'payment').at(0)?.lines ?? [];
      expect(paymentLines.map((line) => [line.reference, line.vatPercent])).toEqual([
        [expect.any(String), 15],
        ['shipping', 15],
      ]);
      const vat = vatOf(honeyOre, 15) + vatOf(order.shippingOre, 15);
      expect(order.vatLines).toEqual([{ rate: 15, amountOre: vat }]);
      expect(order.shippingByRate).toEqual([{ rate: 15, grossOre: order.shippingOre }]);
      expect((await adminOrder(order.id)).shippingByRate).toEqual(order.shippingByRate);

      const mail = await receivedMail(ctx.app, customer.email, 'order-confirmation');
      expect(mail?.text).toContain(`order ${order.number}`);
      const vatRow = mail?.text?.split('\n').find((row) => row.includes('of which VAT 15 %'));
      expect(vatRow).toContain(nok(vat));
      expect(mail?.text).not.toMatch(/of which VAT 25 %/);

      // The shipping given back as goodwill goes back at the rate it was paid at.
      const goodwill = await refund(order.id, { kind: 'goodwill', amountOre: order.shippingOre });
      expect(goodwill.statusCode).toBe(200);
      const [, , refundLines] = required(refunded.mock.calls.at(-1), 'refund');
      expect(refundLines).toEqual([
        expect.objectContaining({ vatPercent: 15, grossTotalOre: order.shippingOre }),
      ]);
      const [stored] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(stored?.vatLines).toEqual([{ rate: 15, amountOre: vatOf(order.shippingOre, 15) }]);
    } finally {
      created.mockRestore();
      refunded.mockRestore();
    }
  });

  it('a mixed order splits its shipping over the rates by the goods’ value, and a cancellation gives each rate back as paid', async () => {
    const created = vi.spyOn(ctx.app.paymentProvider, 'createPayment');
    const refunded = vi.spyOn(ctx.app.paymentProvider, 'refund');
    try {
      const { order } = await buy(
        [
          { slug: 'wool-socks', qty: 3 },
          { slug: 'acacia-honey', qty: 1 },
        ],
        { couponCode: 'SAVE10' },
      );
      const paymentLines = required(created.mock.calls.at(-1), 'payment').at(0)?.lines ?? [];
      const shippingLines = paymentLines.filter((line) => line.reference.startsWith('shipping'));
      expect(shippingLines.map((line) => [line.reference, line.vatPercent])).toEqual([
        ['shipping-vat-25', 25],
        ['shipping-vat-15', 15],
      ]);
      // 3 × 99 : 149 of the shipping, to the øre.
      const [at25 = 0, at15 = 0] = shippingLines.map((line) => line.grossTotalOre);
      expect(at25 + at15).toBe(order.shippingOre);
      expect(Math.abs(at25 - (order.shippingOre * 29_700) / 44_600)).toBeLessThan(1);
      expect(order.shippingByRate).toEqual([
        { rate: 25, grossOre: at25 },
        { rate: 15, grossOre: at15 },
      ]);

      const response = await cancel(order.id);
      expect(response.statusCode).toBe(200);
      const [, , refundLines] = required(refunded.mock.calls.at(-1), 'refund');
      expect(byRate(refundLines)).toEqual(byRate(paymentLines));
    } finally {
      created.mockRestore();
      refunded.mockRestore();
    }
  });

  it('an order stored before the split keeps its shipping at 25 %, as it was paid, in its refunds and on the back office', async () => {
    const refunded = vi.spyOn(ctx.app.paymentProvider, 'refund');
    try {
      const { order } = await buy([{ slug: 'acacia-honey', qty: 1 }]);
      const oldVatLines = [
        { rate: 25, amountOre: vatOf(order.shippingOre, 25) },
        { rate: 15, amountOre: vatOf(14_900, 15) },
      ];
      await ctx.db
        .update(orders)
        .set({ shippingByRate: null, vatLines: oldVatLines })
        .where(eq(orders.id, order.id));
      const shown = await adminOrder(order.id);
      expect(shown.shippingByRate).toEqual([{ rate: 25, grossOre: order.shippingOre }]);
      expect(shown.vatLines).toEqual(oldVatLines);

      expect((await cancel(order.id)).statusCode).toBe(200);
      const [, , refundLines] = required(refunded.mock.calls.at(-1), 'refund');
      expect(byRate(refundLines)).toEqual(
        new Map([
          [25, order.shippingOre],
          [15, 14_900],
        ]),
      );
    } finally {
      refunded.mockRestore();
    }
  });
});

describe('cancelling (issue 13)', () => {
  it('a charged order cancelled before shipping is refunded in full and restocked, and the customer mailed (issue 13)', async () => {
    const socksItem = item('wool-socks');
    const { order } = await buy([{ slug: 'wool-socks', qty: 2 }]);
    const stock = required(await stockOf(socksItem), 'stock');
    const response = await cancel(order.id, 'Out of season');
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelOrderResponse>();
    expect(body.order).toMatchObject({
      deliveryStatus: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      refundedOre: order.grandTotalOre,
    });
    expect(body.refund).toMatchObject({
      kind: 'cancellation',
      amountOre: order.grandTotalOre,
      status: 'completed',
      note: 'Out of season',
    });
    expect(await stockOf(socksItem)).toBe(stock + 2);
    const ledger = await ledgerOf(order.id, 'cancellation');
    expect(ledger).toMatchObject([{ itemId: socksItem, change: 2 }]);
    expect(await eventsOf(order.id)).toEqual(
      expect.arrayContaining(['refund', 'cancelled', 'mail']),
    );
    const mail = await receivedMail(ctx.app, customer.email, 'order-cancelled');
    expect(mail?.text).toContain(`cancelled your order ${order.number}`);
    expect(mail?.text).toContain('We have refunded');
  });

  it('an order whose charge failed is cancelled by releasing the reservation (issue 13)', async () => {
    const { order } = await buyWithFailedCharge([{ slug: 'green-tea', qty: 1 }]);
    expect(order.paymentStatus).toBe('CHARGE_FAILED');
    const response = await cancel(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<CancelOrderResponse>()).toMatchObject({
      order: { deliveryStatus: 'CANCELLED', paymentStatus: 'CANCELLED', refundedOre: 0 },
      refund: null,
    });
    const [payment] = await ctx.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.id, order.paymentId));
    expect(payment?.status).toBe('cancelled');
    expect(await ledgerOf(order.id, 'cancellation')).toHaveLength(1);
    const mail = await receivedMail(ctx.app, customer.email, 'order-cancelled');
    expect(mail?.text).toContain('You have not been charged');
  });

  it('refuses to cancel an order that has been shipped, or twice, and changes nothing (issue 13)', async () => {
    const { order } = await buy([{ slug: 'wool-socks', qty: 1 }]);
    await ctx.db.update(orders).set({ deliveryStatus: 'SHIPPED' }).where(eq(orders.id, order.id));
    const shipped = await cancel(order.id);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toEqual({ message: orderMoneyMessages.notCancellable('SHIPPED') });
    expect(await orderById(order.id)).toMatchObject({
      deliveryStatus: 'SHIPPED',
      paymentStatus: 'CHARGED',
      refundedOre: 0,
    });
    expect(await ledgerOf(order.id, 'cancellation')).toEqual([]);

    const other = await buy([{ slug: 'wool-socks', qty: 1 }]);
    expect((await cancel(other.order.id)).statusCode).toBe(200);
    const twice = await cancel(other.order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: orderMoneyMessages.notCancellable('CANCELLED') });
  });

  it('a cancellation the provider cannot release leaves the order as it was (issue 13)', async () => {
    const { order } = await buyWithFailedCharge([{ slug: 'green-tea', qty: 1 }]);
    const failing = vi
      .spyOn(ctx.app.paymentProvider, 'cancel')
      .mockRejectedValueOnce(new Error('the provider is down'));
    try {
      const response = await cancel(order.id);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: orderMoneyMessages.providerCancelFailed });
    } finally {
      failing.mockRestore();
    }
    expect(await orderById(order.id)).toMatchObject({
      deliveryStatus: 'PENDING',
      paymentStatus: 'CHARGE_FAILED',
    });
    expect(await ledgerOf(order.id, 'cancellation')).toEqual([]);
  });
});

describe('charging again (issue 13)', () => {
  it('a failed charge, also one whose automatic tries ran out, is charged on retry-charge, with charge_failed and charged on the timeline (issue 13)', async () => {
    const { order } = await buyWithFailedCharge([{ slug: 'wool-socks', qty: 1 }]);
    expect(order).toMatchObject({
      paymentStatus: 'CHARGE_FAILED',
      paymentLastError: 'the provider is down',
    });
    await ctx.db
      .update(orders)
      .set({ paymentAttempts: maxChargeAttempts })
      .where(eq(orders.id, order.id));
    const response = await call(`/api/admin/orders/${order.id}/retry-charge`, undefined);
    expect(response.statusCode).toBe(200);
    expect(response.json<RetryChargeResponse>().order).toMatchObject({
      paymentStatus: 'CHARGED',
      paymentAttempts: 1,
      paymentLastError: null,
      refundableOre: order.grandTotalOre,
    });
    const [payment] = await ctx.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.id, order.paymentId));
    expect(payment?.status).toBe('charged');
    const events = await eventsOf(order.id);
    expect(events.indexOf('charge_failed')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('charged')).toBeGreaterThan(events.indexOf('charge_failed'));

    const again = await call(`/api/admin/orders/${order.id}/retry-charge`, undefined);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: orderMoneyMessages.notChargeFailed('CHARGED') });
  });

  it('a retry that fails again answers the failure as the new state (issue 13)', async () => {
    const { order } = await buyWithFailedCharge([{ slug: 'wool-socks', qty: 1 }]);
    const failing = vi
      .spyOn(ctx.app.paymentProvider, 'charge')
      .mockRejectedValueOnce(new Error('still down'));
    try {
      const response = await call(`/api/admin/orders/${order.id}/retry-charge`, undefined);
      expect(response.statusCode).toBe(200);
      expect(response.json<RetryChargeResponse>().order).toMatchObject({
        paymentStatus: 'CHARGE_FAILED',
        paymentAttempts: 1,
        paymentLastError: 'still down',
      });
    } finally {
      failing.mockRestore();
    }
  });
});

describe('who may move money (issue 13)', () => {
  it('customers get 403 and nobody without a token gets in; an unknown order is 404 (issue 13)', async () => {
    const { order, lines } = await buy([{ slug: 'wool-socks', qty: 1 }]);
    const body = {
      kind: 'return',
      lines: [{ orderLineId: required(lines[0], 'socks').id, quantity: 1 }],
    };
    expect((await refund(order.id, body, customer)).statusCode).toBe(403);
    expect(
      (await call(`/api/admin/orders/${order.id}/cancel`, { reason: 'x' }, customer)).statusCode,
    ).toBe(403);
    expect(
      (await call(`/api/admin/orders/${order.id}/retry-charge`, undefined, customer)).statusCode,
    ).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await orderById(order.id)).toMatchObject({
      refundedOre: 0,
      deliveryStatus: 'PENDING',
      paymentStatus: 'CHARGED',
    });
    const unknown = await refund('00000000-0000-4000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
  });
});
