import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  adminDashboardSchema,
  shopDay,
  type AdminDashboard,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser, uniqueEmail, uniqueIp } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { productItems } from '../catalog/catalog.tables.js';
import { dailySales } from '../orders/accounting.service.js';
import { orders } from '../orders/orders.tables.js';
import { reviews } from '../reviews/reviews.tables.js';

// The back office's dashboard (issue 13) on each test database: sales by day in Norway and the
// counts of the lists that need someone, each equal to the list its tile opens.

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(office.ctx.db);
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

const item = (slug: string) => required(office.catalog.products[slug], slug).defaultItemId;
const get = (url: string) =>
  office.ctx.app.inject({ method: 'GET', url, headers: bearer(office.staff.session) });
const total = async (url: string) => (await get(url)).json<{ total: number }>().total;

async function dashboard(): Promise<AdminDashboard> {
  const response = await get('/api/admin/dashboard');
  expect(response.statusCode).toBe(200);
  return adminDashboardSchema.parse(response.json());
}

async function orderOf(paymentId: string) {
  const [order] = await office.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(order, 'order');
}

describe('GET /api/admin/dashboard (issue 13)', () => {
  it('counts what needs doing as the linked lists do, and today’s sales and refunds', async () => {
    const paid = await orderOf(
      await purchase(office.ctx.app, customer, [line(item('wool-socks'), 2)]),
    );
    const charge = vi
      .spyOn(office.ctx.app.paymentProvider, 'charge')
      .mockRejectedValueOnce(new Error('the provider is down'));
    const failed = await orderOf(
      await purchase(office.ctx.app, customer, [line(item('green-tea'), 1)]),
    ).finally(() => charge.mockRestore());
    expect(failed.paymentStatus).toBe('CHARGE_FAILED');
    // Still to pack, so a goodwill refund: goods come back only once they were sent (issue 29).
    const refunded = await office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.id}/refunds`,
      headers: bearer(office.owner.session),
      payload: { kind: 'goodwill', amountOre: 9_900, note: 'Wrong colour' },
    });
    expect(refunded.statusCode).toBe(200);
    await office.ctx.db
      .update(productItems)
      .set({ stock: 1 })
      .where(eq(productItems.id, item('ethiopian-coffee-beans')));
    await office.ctx.db.insert(reviews).values({
      productId: required(office.catalog.products['wool-socks'], 'socks').id,
      userId: customer._id,
      rating: 4,
      review: 'Warm and soft socks.',
    });
    const enquiry = await office.ctx.app.inject({
      method: 'POST',
      url: '/api/notification/addenquiry',
      remoteAddress: uniqueIp(),
      payload: {
        fullname: 'Åse Øren',
        email: uniqueEmail('enquirer'),
        phone: '+47 912 34 567',
        message: 'We need weekly cleaning of a 120 m² office in Oslo.',
      },
    });
    expect(enquiry.statusCode).toBe(201);

    const answer = await dashboard();
    expect(answer.daily).toHaveLength(30);
    expect(answer.daily.at(-1)?.date).toBe(shopDay());
    expect(answer.daily[0]?.date).toBe(addDays(shopDay(), -29));
    expect(answer.sales.today).toEqual({
      orders: 1,
      grossOre: paid.grandTotalOre,
      refundedOre: 9_900,
    });
    expect(answer.sales.last7Days).toEqual(answer.sales.today);
    expect(answer.sales.last30Days).toEqual(answer.sales.today);

    expect(answer.ordersToPack).toBe(1);
    expect(answer.ordersToPack).toBe(await total('/api/admin/orders?toPack=true'));
    expect(answer.failedCharges).toBe(1);
    expect(answer.failedCharges).toBe(await total('/api/admin/orders?paymentStatus=CHARGE_FAILED'));
    expect(answer.lowStockItems).toBeGreaterThanOrEqual(1);
    expect(answer.lowStockItems).toBe(await total('/api/admin/inventory?state=low'));
    expect(answer.pendingReviews).toBe(1);
    expect(answer.pendingReviews).toBe(await total('/api/admin/reviews?status=PENDING'));
    expect(answer.newEnquiries).toBe(1);
    expect(answer.newEnquiries).toBe(await total('/api/admin/enquiries?status=new'));
  });

  it('gives a day without sales zeros, and counts a sale on its day in Norway', async () => {
    const before = await dailySales(office.ctx.db, 7, addDays(shopDay(), -10));
    expect(before).toHaveLength(7);
    expect(before.every((day) => day.orders === 0 && day.grossOre === 0)).toBe(true);
    expect(before.at(-1)?.date).toBe(addDays(shopDay(), -10));
    // 23:30 in Oslo is the next day in UTC's eyes only in summer's offset; here it is 22:30 UTC
    // in winter, the same day in Norway as the sale's own.
    const late = new Date(`${addDays(shopDay(), -3)}T22:30:00Z`);
    const [someOrder] = await office.ctx.db.select().from(orders).limit(1);
    await office.ctx.db
      .update(orders)
      .set({ chargedAt: late })
      .where(eq(orders.id, required(someOrder, 'order').id));
    const days = await dailySales(office.ctx.db, 5);
    const expectedDay = shopDay(late);
    expect(days.find((day) => day.date === expectedDay)?.orders).toBe(1);
  });

  it('is for signed-in staff only', async () => {
    const anonymous = await office.ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await office.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: bearer(customer),
    });
    expect(shopper.statusCode).toBe(403);
  });
});
