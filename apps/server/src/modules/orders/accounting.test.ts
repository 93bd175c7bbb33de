import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountingMessages,
  accountingReportSchema,
  addDays,
  shopDay,
  type AccountingReport,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { promotions } from '../promotions/promotions.tables.js';
import { orderLines, orders, refunds } from './orders.tables.js';

// The accounting export (issue 13) on each test database: every charged sale and completed
// refund of the period, split per VAT rate and shipping, and totals equal to the orders'.

let office: BackOfficeTestApp;
let customer: SessionUser;
const today = shopDay();

beforeAll(async () => {
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(office.ctx.db);
  await office.ctx.db.insert(promotions).values({
    code: 'BOOKS10',
    type: 'percent',
    value: 10,
    validFrom: new Date(Date.now() - 86_400_000),
    validTo: new Date(Date.now() + 86_400_000),
  });
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

const item = (slug: string) => required(office.catalog.products[slug], slug).defaultItemId;

async function buy(cart: { slug: string; qty: number }[], options: { couponCode?: string } = {}) {
  const paymentId = await purchase(
    office.ctx.app,
    customer,
    cart.map(({ slug, qty }) => line(item(slug), qty)),
    options,
  );
  const [order] = await office.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  const found = required(order, 'placed order');
  const lines = await office.ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, found.id))
    .orderBy(asc(orderLines.position));
  return { order: found, lines };
}

const ownerGet = (url: string, session = office.owner.session) =>
  office.ctx.app.inject({ method: 'GET', url, headers: bearer(session) });

async function report(from = today, to = today): Promise<AccountingReport> {
  const response = await ownerGet(`/api/admin/accounting?from=${from}&to=${to}`);
  expect(response.statusCode).toBe(200);
  return accountingReportSchema.parse(response.json());
}

const refund = (orderId: string, payload: object) =>
  office.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: bearer(office.owner.session),
    payload,
  });

describe('GET /api/admin/accounting (issue 13)', () => {
  it('lists the sale and its refunds of the day, VAT per rate as the order and the provider have it, totals equal to the money moved', async () => {
    const { order, lines } = await buy(
      [
        { slug: 'wool-socks', qty: 3 },
        { slug: 'acacia-honey', qty: 1 },
      ],
      { couponCode: 'BOOKS10' },
    );
    expect(order.paymentStatus).toBe('CHARGED');
    // Goods come back once they have been delivered.
    await office.ctx.db
      .update(orders)
      .set({ deliveryStatus: 'DELIVERED' })
      .where(eq(orders.id, order.id));
    const socks = required(lines[0], 'socks line');
    const returned = await refund(order.id, {
      kind: 'return',
      lines: [{ orderLineId: socks.id, quantity: 1, restock: true }],
      note: 'Too small',
    });
    expect(returned.statusCode).toBe(200);
    const goodwill = await refund(order.id, { kind: 'goodwill', amountOre: 2_500, note: 'Late' });
    expect(goodwill.statusCode).toBe(200);

    const answer = await report();
    const mine = answer.documents.filter((document) => document.orderNumber === order.number);
    expect(mine.map((document) => [document.type, document.document])).toEqual([
      ['sale', String(order.number)],
      ['refund', `${order.number}-R1`],
      ['refund', `${order.number}-R2`],
    ]);
    const [sale, lineRefund, goodwillRefund] = mine;
    if (!sale || !lineRefund || !goodwillRefund) throw new Error('three documents expected');
    expect(sale.date).toBe(today);
    expect(sale.paymentReference).toBe(order.paymentId);
    expect(sale.grossOre).toBe(order.grandTotalOre);
    // The shipping over the goods' rates, in a column per rate (issue 29).
    expect(order.shippingByRate?.map((share) => share.rate)).toEqual([25, 15]);
    expect([sale.buckets.shipping.grossOre, sale.buckets.shipping15.grossOre]).toEqual(
      order.shippingByRate?.map((share) => share.grossOre),
    );
    expect(sale.buckets.shipping.grossOre + sale.buckets.shipping15.grossOre).toBe(
      order.shippingOre,
    );
    // The same VAT per rate as the order's receipt.
    const orderVat = new Map(order.vatLines.map((vat) => [vat.rate, vat.amountOre]));
    expect(sale.buckets.goods25.vatOre + sale.buckets.shipping.vatOre).toBe(orderVat.get(25));
    expect(sale.buckets.goods15.vatOre + sale.buckets.shipping15.vatOre).toBe(orderVat.get(15));

    const stored = await office.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .orderBy(asc(refunds.createdAt));
    const [first, second] = stored;
    expect(lineRefund.grossOre).toBe(-(first?.amountOre ?? 0));
    expect(lineRefund.buckets.goods25.grossOre).toBe(-(first?.amountOre ?? 0));
    expect(lineRefund.paymentReference).toBe(first?.providerRefundId);
    // The refund's VAT is the one the provider was given.
    expect(lineRefund.buckets.goods25.vatOre).toBe(-(first?.vatLines[0]?.amountOre ?? 0));
    expect(goodwillRefund.grossOre).toBe(-2_500);
    expect(second?.status).toBe('completed');

    // The export's totals are the orders charged less the refunds completed in the period.
    const charged = await office.ctx.db.select().from(orders);
    const allRefunds = await office.ctx.db.select().from(refunds);
    const expected =
      charged.filter((row) => row.chargedAt).reduce((sum, row) => sum + row.grandTotalOre, 0) -
      allRefunds
        .filter((row) => row.status === 'completed')
        .reduce((sum, row) => sum + row.amountOre, 0);
    expect(answer.totals.grossOre).toBe(expected);
    expect(answer.totals.sales).toBe(answer.documents.filter((d) => d.type === 'sale').length);
    const bucketSum = Object.values(answer.totals.buckets).reduce((s, b) => s + b.grossOre, 0);
    expect(bucketSum).toBe(expected);
  });

  it('leaves out an order whose charge failed, and a period without money moved is empty', async () => {
    const charge = vi
      .spyOn(office.ctx.app.paymentProvider, 'charge')
      .mockRejectedValueOnce(new Error('the provider is down'));
    const failed = await buy([{ slug: 'green-tea', qty: 1 }]).finally(() => charge.mockRestore());
    expect(failed.order.paymentStatus).toBe('CHARGE_FAILED');
    const answer = await report();
    expect(answer.documents.map((document) => document.orderNumber)).not.toContain(
      failed.order.number,
    );
    const yesterday = addDays(today, -1);
    const empty = await report(yesterday, yesterday);
    expect(empty.documents).toEqual([]);
    expect(empty.totals.grossOre).toBe(0);
  });

  it('a cancelled order books the sale and a refund that gives every bucket back', async () => {
    const { order } = await buy([
      { slug: 'wool-socks', qty: 1 },
      { slug: 'green-tea', qty: 2 },
    ]);
    const cancelled = await office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: bearer(office.owner.session),
      payload: { reason: 'Out of stock after all' },
    });
    expect(cancelled.statusCode).toBe(200);
    const mine = (await report()).documents.filter((d) => d.orderNumber === order.number);
    expect(mine.map((document) => document.type)).toEqual(['sale', 'refund']);
    const [sale, back] = mine;
    for (const key of ['goods25', 'goods15', 'shipping', 'shipping15'] as const) {
      expect(sale?.buckets[key].grossOre).not.toBe(0);
      expect((sale?.buckets[key].grossOre ?? 0) + (back?.buckets[key].grossOre ?? 1)).toBe(0);
    }
  });

  it('books a food-only sale’s shipping at 15 % under SAF-T code 31, and an order from before the split as it was paid, at 25 % (issue 29)', async () => {
    const { order: food } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    const { order: old } = await buy([{ slug: 'acacia-honey', qty: 2 }]);
    // As an order stored before the split reads: no split, its shipping paid and booked at 25 %.
    const vat = (grossOre: number, rate: number) => Math.round((grossOre * rate) / (100 + rate));
    const oldVatLines = [
      { rate: 25, amountOre: vat(old.shippingOre, 25) },
      { rate: 15, amountOre: vat(2 * 14_900, 15) },
    ];
    await office.ctx.db
      .update(orders)
      .set({ shippingByRate: null, vatLines: oldVatLines })
      .where(eq(orders.id, old.id));

    const documents = (await report()).documents;
    const saleOf = (number: number) =>
      required(
        documents.find((document) => document.type === 'sale' && document.orderNumber === number),
        `sale ${number}`,
      );
    const foodSale = saleOf(food.number);
    expect(food.shippingByRate).toEqual([{ rate: 15, grossOre: food.shippingOre }]);
    expect(foodSale.buckets.shipping15).toEqual({
      grossOre: food.shippingOre,
      vatOre: vat(food.shippingOre, 15),
      netOre: food.shippingOre - vat(food.shippingOre, 15),
    });
    expect(foodSale.buckets.shipping.grossOre).toBe(0);
    expect(foodSale.buckets.goods15.vatOre + foodSale.buckets.shipping15.vatOre).toBe(
      food.vatLines.find((line) => line.rate === 15)?.amountOre,
    );
    const oldSale = saleOf(old.number);
    expect(oldSale.buckets.shipping.grossOre).toBe(old.shippingOre);
    expect(oldSale.buckets.shipping.vatOre).toBe(oldVatLines[0]?.amountOre);
    expect(oldSale.buckets.shipping15.grossOre).toBe(0);
    expect(oldSale.buckets.goods15.vatOre).toBe(oldVatLines[1]?.amountOre);

    const csv = await ownerGet(`/api/admin/accounting/export.csv?from=${today}&to=${today}`);
    const [header = [], ...rows] = csv.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    const row = required(
      rows.find((cells) => cells[1] === 'sale' && cells[2] === String(food.number)),
      'the food sale in the CSV',
    );
    const cell = (column: string) => row[header.indexOf(column)];
    const nok = (ore: number) => `${Math.trunc(ore / 100)},${String(ore % 100).padStart(2, '0')}`;
    expect(cell('Shipping 15 % gross')).toBe(nok(food.shippingOre));
    expect(cell('Shipping 15 % VAT (SAF-T 31)')).toBe(nok(vat(food.shippingOre, 15)));
    expect(cell('Shipping 25 % gross')).toBe('0,00');
  });

  it('the CSV file holds the same documents, with a BOM, semicolons and decimal commas', async () => {
    const answer = await report();
    const response = await ownerGet(`/api/admin/accounting/export.csv?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="accounting-${today}-${today}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(rows).toHaveLength(answer.documents.length + 1);
    const totalColumn = rows[0]?.indexOf('Total gross') ?? -1;
    const csvTotal = rows
      .slice(1)
      .reduce((sum, row) => sum + Math.round(Number(row[totalColumn]?.replace(',', '.')) * 100), 0);
    expect(csvTotal).toBe(answer.totals.grossOre);
  });

  it('refuses a bad period with a message, and staff and strangers', async () => {
    const cases: [string, string][] = [
      [`from=${today}&to=${addDays(today, -1)}`, accountingMessages.fromAfterTo],
      [`from=${addDays(today, -400)}&to=${today}`, accountingMessages.tooLong],
      [`from=yesterday&to=${today}`, accountingMessages.from],
      [`from=${today}`, accountingMessages.to],
    ];
    for (const [query, message] of cases) {
      const response = await ownerGet(`/api/admin/accounting?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      const csv = await ownerGet(`/api/admin/accounting/export.csv?${query}`);
      expect(csv.statusCode, query).toBe(400);
    }
    const asStaff = await ownerGet(
      `/api/admin/accounting?from=${today}&to=${today}`,
      office.staff.session,
    );
    expect(asStaff.statusCode).toBe(403);
    const anonymous = await office.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/accounting?from=${today}&to=${today}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
