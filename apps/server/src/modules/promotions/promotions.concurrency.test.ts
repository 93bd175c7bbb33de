import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { couponAdminMessages, type AdminCoupon, type CreateCouponRequest } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { testPayments } from '../payments/payments.tables.js';
import { orders } from '../orders/orders.tables.js';
import { promotions } from './promotions.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
let app: BackOfficeTestApp;
beforeAll(async () => {
  app = await createBackOfficeTestApp({}, { clock: () => now });
});
afterAll(() => app.ctx.close());

const itemOf = (slug: string) => required(app.catalog.products[slug], slug).defaultItemId;

/** Items in stock, one per cart, so no item lock puts the orders one after the other. */
const distinctCarts = () =>
  ['acacia-honey', 'raw-forest-honey', 'ethiopian-coffee-beans', 'green-tea', 'wool-socks'].map(
    (slug) => [line(itemOf(slug), 2)],
  );

async function createCoupon(body: Partial<CreateCouponRequest> & { code: string }) {
  const response = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: bearer(app.owner.session),
    payload: {
      type: 'percent',
      value: 10,
      validFrom: new Date(now.getTime() - DAY_MS).toISOString(),
      validTo: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminCoupon>();
}

async function shopper() {
  const user = await createVerifiedUser(app.ctx.app, app.ctx.db);
  await saveOsloAddress(app.ctx.app, user);
  return user;
}

async function paymentStatuses(paymentIds: string[]) {
  const rows = await app.ctx.db
    .select({ status: testPayments.status })
    .from(testPayments)
    .where(inArray(testPayments.id, paymentIds));
  return rows.map((row) => row.status).sort();
}

it('(issue 14) five orders at once by one customer with a once-per-customer coupon: it is redeemed exactly once, the other payments given back', async () => {
  const coupon = await createCoupon({ code: 'ONCE-EACH', usesPerCustomer: 1 });
  const buyer = await shopper();
  const carts = distinctCarts();
  // Every payment is made before any order exists, so each passes the early check.
  const payments = [];
  for (const lines of carts)
    payments.push(await paidPayment(app.ctx.app, buyer, lines, { couponCode: 'once-each' }));

  const answers = await Promise.all(
    payments.map((payment, index) =>
      placeOrder(app.ctx.app, buyer, payment.paymentId, carts[index] ?? []),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(carts.length - 1);
  for (const answer of answers.filter((each) => each.statusCode === 409))
    expect(answer.json()).toEqual({ message: 'You have already used coupon ONCE-EACH' });

  const [row] = await app.ctx.db.select().from(promotions).where(eq(promotions.id, coupon.id));
  expect(row?.usedCount).toBe(1);
  expect(await app.ctx.db.$count(orders, eq(orders.promotionId, coupon.id))).toBe(1);
  expect(await paymentStatuses(payments.map((payment) => payment.paymentId))).toEqual([
    'cancelled',
    'cancelled',
    'cancelled',
    'cancelled',
    // The order's payment stays reserved until its goods ship (issue 32.3).
    'reserved',
  ]);
});

it('(issue 14) ten customers at once for a coupon with 3 uses in all: exactly 3 orders use it', async () => {
  const coupon = await createCoupon({ code: 'THREE-LEFT', usageLimit: 3 });
  const carts = distinctCarts();
  const buyers = await Promise.all(
    Array.from({ length: 10 }, async (_, index) => {
      const user = await shopper();
      const lines = carts[index % carts.length] ?? [];
      const payment = await paidPayment(app.ctx.app, user, lines, { couponCode: 'THREE-LEFT' });
      return { user, lines, payment };
    }),
  );

  const answers = await Promise.all(
    buyers.map(({ user, lines, payment }) =>
      placeOrder(app.ctx.app, user, payment.paymentId, lines),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 201)).toHaveLength(3);
  expect(statuses.filter((status) => status === 409)).toHaveLength(7);
  for (const answer of answers.filter((each) => each.statusCode === 409))
    expect(answer.json()).toEqual({ message: 'Coupon THREE-LEFT has been used up' });

  const detail = await app.ctx.app.inject({
    method: 'GET',
    url: `/api/admin/coupons/${coupon.id}`,
    headers: bearer(app.owner.session),
  });
  expect(detail.json()).toMatchObject({ usedCount: 3, orderCount: 3, state: 'usedUp' });
});

it('(issue 14) two owners saving the same coupon at once: one save goes through, the other is told to reload', async () => {
  const coupon = await createCoupon({ code: 'RACE-EDIT' });
  const edits = [15, 20].map((value) =>
    app.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${coupon.id}`,
      headers: bearer(app.owner.session),
      payload: {
        code: coupon.code,
        type: coupon.type,
        value,
        minOrderOre: coupon.minOrderOre,
        validFrom: coupon.validFrom,
        validTo: coupon.validTo,
        usageLimit: coupon.usageLimit,
        usesPerCustomer: coupon.usesPerCustomer,
        updatedAt: coupon.updatedAt,
      },
    }),
  );
  const answers = await Promise.all(edits);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.find((answer) => answer.statusCode === 409);
  expect(refused?.json()).toEqual({ message: couponAdminMessages.conflict });
  const saved = answers.find((answer) => answer.statusCode === 200)?.json<AdminCoupon>();
  const [row] = await app.ctx.db.select().from(promotions).where(eq(promotions.id, coupon.id));
  expect(row?.value).toBe(saved?.value);
});
