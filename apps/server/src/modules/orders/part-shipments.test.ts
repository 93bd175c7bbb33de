import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountingReportSchema,
  adminOrderMessages,
  adminOrderSchema,
  shopDay,
  type AdminOrder,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { promotions } from '../promotions/promotions.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orderShipments, orders } from './orders.tables.js';
import { settleDuePayments } from './payment-settlement.js';
import { paidLineAmounts } from './refund-amounts.js';

// Issue 32.3: a home delivery may leave in parts; each part captures its share of the reserved
// payment, and the parts add up to the total.

let ctx: TestContext;
let catalog: CatalogFixture;
let staff: StaffMember;
let owner: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  await ctx.db.insert(promotions).values({
    code: 'PARTS10',
    type: 'percent',
    value: 10,
    validFrom: new Date(Date.now() - 86_400_000),
    validTo: new Date(Date.now() + 86_400_000),
  });
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner', name: 'Olga Owner' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const item = (slug: string) => required(catalog.products[slug], slug).defaultItemId;

const send = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(staff.session), payload });
const shipPart = (orderId: string, lines: { orderLineId: string; quantity: number }[]) =>
  send(`/api/admin/orders/${orderId}/shipments`, {
    lines,
    carrier: 'Posten',
    trackingNumber: `CP${lines.length}${lines[0]?.quantity ?? 0}NO`,
  });
const orderRow = async (id: string) =>
  required((await ctx.db.select().from(orders).where(eq(orders.id, id)))[0], 'order');
const linesOf = (orderId: string) =>
  ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
const sweep = () =>
  settleDuePayments({ db: ctx.db, provider: ctx.app.paymentProvider, log: ctx.app.log });

async function buy(
  cart: { slug: string; qty: number }[],
  options: { couponCode?: string; storePickup?: boolean } = {},
) {
  const paymentId = await purchase(
    ctx.app,
    customer,
    cart.map(({ slug, qty }) => line(item(slug), qty)),
    options,
  );
  const [placed] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  const order = required(placed, 'placed order');
  return { order, lines: await linesOf(order.id) };
}

describe('part shipments (issue 32.3)', () => {
  it('each part captures its lines less their coupon share, the first with the shipping, the last what is left: the parts add up to the total', async () => {
    const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');
    const { order, lines } = await buy(
      [
        { slug: 'wool-socks', qty: 3 },
        { slug: 'acacia-honey', qty: 1 },
      ],
      { couponCode: 'PARTS10' },
    );
    expect(order.paymentStatus).toBe('AUTHORISED');
    expect(order.discountOre).toBeGreaterThan(0);
    const [socks, honey] = [required(lines[0], 'socks'), required(lines[1], 'honey')];
    const paid = paidLineAmounts(order, lines);
    const socksPaid = required(paid.get(socks.id), 'socks paid');

    const first = await shipPart(order.id, [{ orderLineId: socks.id, quantity: 1 }]);
    expect(first.statusCode).toBe(200);
    const afterFirst = adminOrderSchema.parse(first.json());
    const firstOre = Math.floor(socksPaid / 3) + order.shippingOre;
    expect(afterFirst.shipments).toEqual([
      expect.objectContaining({
        lines: [{ orderLineId: socks.id, quantity: 1 }],
        amountOre: firstOre,
        carrier: 'Posten',
        createdByEmail: staff.email,
      }),
    ]);
    const shipmentId = required(afterFirst.shipments[0], 'first part').id;
    expect(charge).toHaveBeenCalledWith(
      order.paymentId,
      firstOre,
      `charge-${order.id}-${shipmentId}`,
    );
    expect(afterFirst.deliveryStatus).toBe('PENDING');
    expect(afterFirst.payment).toMatchObject({ status: 'AUTHORISED', capturedOre: firstOre });
    expect(afterFirst.lines.map((shipped) => shipped.shippedQuantity)).toEqual([1, 0]);
    expect(
      afterFirst.timeline.find((event) => event.kind === 'shipped_part')?.detail,
    ).toMatchObject({
      shipmentId,
      amountOre: firstOre,
      lines: [{ orderLineId: socks.id, name: socks.productName, quantity: 1 }],
    });
    const partMails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order-shipped-part'));
    expect(partMails).toHaveLength(1);

    const second = adminOrderSchema.parse(
      (await shipPart(order.id, [{ orderLineId: socks.id, quantity: 1 }])).json(),
    );
    const secondOre = Math.floor((socksPaid * 2) / 3) - Math.floor(socksPaid / 3);
    expect(second.shipments.map((part) => part.amountOre)).toEqual([firstOre, secondOre]);
    expect(second.payment.capturedOre).toBe(firstOre + secondOre);

    // The rest through the delivery move: the last sock and the honey, for what is left.
    await send(`/api/admin/orders/${order.id}/delivery`, { to: 'PACKED' });
    const rest = await send(`/api/admin/orders/${order.id}/delivery`, {
      to: 'SHIPPED',
      carrier: 'Bring',
      trackingNumber: 'REST1',
    });
    expect(rest.statusCode).toBe(200);
    const shipped = adminOrderSchema.parse(rest.json());
    expect(shipped.deliveryStatus).toBe('SHIPPED');
    expect(shipped.shipments).toHaveLength(3);
    expect(shipped.shipments[2]).toMatchObject({
      lines: [
        { orderLineId: socks.id, quantity: 1 },
        { orderLineId: honey.id, quantity: 1 },
      ],
      carrier: 'Bring',
      amountOre: order.grandTotalOre - firstOre - secondOre,
    });
    expect(shipped.shipments.reduce((sum, part) => sum + part.amountOre, 0)).toBe(
      order.grandTotalOre,
    );
    expect(shipped.payment).toMatchObject({ status: 'CHARGED', capturedOre: order.grandTotalOre });
    expect(shipped.lines.map((sent) => sent.shippedQuantity)).toEqual([3, 1]);
    expect(charge.mock.calls.reduce((sum, [, amount]) => sum + amount, 0)).toBe(
      order.grandTotalOre,
    );

    // The accounting export books each part on the day it was captured, adding up to the sale.
    const report = accountingReportSchema.parse(
      (
        await ctx.app.inject({
          url: `/api/admin/accounting?from=${shopDay()}&to=${shopDay()}`,
          headers: bearer(owner.session),
        })
      ).json(),
    );
    const documents = report.documents.filter((document) => document.orderNumber === order.number);
    expect(documents.map((document) => [document.document, document.grossOre])).toEqual([
      [`${order.number}-1`, firstOre],
      [`${order.number}-2`, secondOre],
      [`${order.number}-3`, order.grandTotalOre - firstOre - secondOre],
    ]);
    const vat = documents.reduce(
      (sum, document) =>
        sum + Object.values(document.buckets).reduce((all, bucket) => all + bucket.vatOre, 0),
      0,
    );
    expect(vat).toBe(order.vatLines.reduce((sum, rate) => sum + rate.amountOre, 0));
  });

  it('the part that ships the last units ships the order, with the shipped mail', async () => {
    const { order, lines } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    const honey = required(lines[0], 'honey');
    await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }]);
    const last = adminOrderSchema.parse(
      (await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }])).json(),
    );
    expect(last.deliveryStatus).toBe('SHIPPED');
    expect(last.trackingNumber).toBe('CP11NO');
    expect(last.payment).toMatchObject({ status: 'CHARGED', capturedOre: order.grandTotalOre });
    expect(
      last.timeline.filter((event) => event.kind === 'delivery').map((event) => event.detail.to),
    ).toEqual(['SHIPPED']);
  });

  it('refuses a store pickup, a shipped order, an unknown line, a line twice and too many units, changing nothing', async () => {
    const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');
    const pickup = await buy([{ slug: 'acacia-honey', qty: 1 }], { storePickup: true });
    const pickedLine = required(pickup.lines[0], 'line').id;
    const refusedPickup = await shipPart(pickup.order.id, [
      { orderLineId: pickedLine, quantity: 1 },
    ]);
    expect(refusedPickup.statusCode).toBe(409);
    expect(refusedPickup.json().message).toBe(adminOrderMessages.shipmentPickup);

    const { order, lines } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    const honey = required(lines[0], 'honey');
    const cases: [{ orderLineId: string; quantity: number }[], number, string][] = [
      [[{ orderLineId: pickedLine, quantity: 1 }], 400, adminOrderMessages.shipmentUnknownLine],
      [
        [{ orderLineId: honey.id, quantity: 3 }],
        400,
        adminOrderMessages.shipmentTooMany(honey.productName, 2),
      ],
      [
        [
          { orderLineId: honey.id, quantity: 1 },
          { orderLineId: honey.id, quantity: 1 },
        ],
        400,
        adminOrderMessages.shipmentLineTwice,
      ],
      [[], 400, adminOrderMessages.shipmentEmpty],
    ];
    for (const [shipLines, status, message] of cases) {
      const refused = await shipPart(order.id, shipLines);
      expect(refused.statusCode, message).toBe(status);
      expect(refused.json().message).toContain(message);
    }
    await send(`/api/admin/orders/${order.id}/delivery`, { to: 'PACKED' });
    await send(`/api/admin/orders/${order.id}/delivery`, {
      to: 'SHIPPED',
      carrier: 'Posten',
      trackingNumber: 'W1',
    });
    charge.mockClear();
    const shippedAlready = await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }]);
    expect(shippedAlready.statusCode).toBe(409);
    expect(shippedAlready.json().message).toBe(adminOrderMessages.shipmentNotOpen('SHIPPED'));

    expect(await ctx.db.$count(orderShipments, eq(orderShipments.orderId, order.id))).toBe(0);
    expect(await ctx.db.$count(orderShipments, eq(orderShipments.orderId, pickup.order.id))).toBe(
      0,
    );
    expect(charge).not.toHaveBeenCalled();
    expect((await orderRow(pickup.order.id)).capturedOre).toBe(0);
  });

  it('refunds no more than the parts captured, and an order with a part shipped is not cancelled', async () => {
    const { order, lines } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    const honey = required(lines[0], 'honey');
    const part = adminOrderSchema.parse(
      (await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }])).json(),
    );
    const captured = part.payment.capturedOre;
    const goodwill = (amountOre: number) =>
      send(`/api/admin/orders/${order.id}/refunds`, {
        kind: 'goodwill',
        lines: [],
        amountOre,
        note: 'Dented lid',
      });
    const over = await goodwill(captured + 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`${captured} øre`);
    const within = await goodwill(1_000);
    expect(within.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      refundedOre: 1_000,
      paymentStatus: 'AUTHORISED',
    });

    const cancel = await send(`/api/admin/orders/${order.id}/cancel`, { reason: 'Changed mind' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(adminOrderMessages.cancelAfterPart);
    expect((await orderRow(order.id)).deliveryStatus).toBe('PENDING');

    // The last part then finds a refund made: the payment is partly refunded, not charged.
    const last = adminOrderSchema.parse(
      (await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }])).json(),
    );
    expect(last.payment).toMatchObject({
      status: 'PARTLY_REFUNDED',
      capturedOre: order.grandTotalOre,
    });
  });

  it('a part whose capture fails is retried by the sweep under the same key', async () => {
    const { order, lines } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    const honey = required(lines[0], 'honey');
    const charge = vi
      .spyOn(ctx.app.paymentProvider, 'charge')
      .mockRejectedValueOnce(new Error('the provider is down'));
    const failed = adminOrderSchema.parse(
      (await shipPart(order.id, [{ orderLineId: honey.id, quantity: 1 }])).json(),
    );
    expect(failed.payment).toMatchObject({ status: 'CHARGE_FAILED', capturedOre: 0 });
    await ctx.db
      .update(orders)
      .set({ paymentNextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await sweep();
    const retried = await orderRow(order.id);
    const shipmentId = required(failed.shipments[0], 'part').id;
    expect(retried).toMatchObject({ paymentStatus: 'AUTHORISED', paymentNextAttemptAt: null });
    expect(retried.capturedOre).toBe(required(failed.shipments[0], 'part').amountOre);
    expect(charge.mock.calls.map(([, , key]) => key)).toEqual([
      `charge-${order.id}-${shipmentId}`,
      `charge-${order.id}-${shipmentId}`,
    ]);
    // Nothing more is due until the rest ships.
    charge.mockClear();
    await sweep();
    expect(charge).not.toHaveBeenCalled();
  });

  it('a payment charged in full at the order: parts capture nothing more', async () => {
    const { order, lines } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    await ctx.db
      .update(orders)
      .set({ paymentStatus: 'CHARGED', capturedOre: order.grandTotalOre, chargedAt: new Date() })
      .where(eq(orders.id, order.id));
    const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');
    const part = adminOrderSchema.parse(
      (
        await shipPart(order.id, [{ orderLineId: required(lines[0], 'honey').id, quantity: 1 }])
      ).json(),
    );
    expect(
      part.shipments.map((shipped: AdminOrder['shipments'][number]) => shipped.amountOre),
    ).toEqual([0]);
    expect(charge).not.toHaveBeenCalled();
  });
});
