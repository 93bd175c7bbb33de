import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminOrderSchema,
  paymentSettingsSchema,
  settingsMessages,
  type AdminSession,
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
import { auditLog } from '../audit/audit.tables.js';
import { testPayments } from '../payments/payments.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderEvents, orders, refunds } from './orders.tables.js';
import { settleDuePayments } from './payment-settlement.js';

// Issue 32.3: a payment is reserved at the order and captured when the goods ship or are picked
// up; cancelling before that releases the reservation; immediate capture is a setting.

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  // The sweep is left alone: the test runs it when it means to.
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner', name: 'Olga Owner' });
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const honey = () => required(catalog.products['acacia-honey'], 'acacia-honey').defaultItemId;

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  session: AdminSession = staff.session,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(session),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const move = (orderId: string, to: string, extra: Record<string, string> = {}) =>
  send('POST', `/api/admin/orders/${orderId}/delivery`, { to, ...extra });
const ship = (orderId: string) =>
  move(orderId, 'SHIPPED', { carrier: 'Posten', trackingNumber: 'TRACK-1' });

const orderById = async (id: string) =>
  required((await ctx.db.select().from(orders).where(eq(orders.id, id)))[0], 'order');
const providerPayment = async (paymentId: string) =>
  required(
    (await ctx.db.select().from(testPayments).where(eq(testPayments.id, paymentId)))[0],
    'test payment',
  );
const eventsOf = async (orderId: string) =>
  (
    await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).map((event) => event.kind);

async function buy(options: { storePickup?: boolean } = {}) {
  const paymentId = await purchase(ctx.app, customer, [line(honey())], options);
  const [placed] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(placed, 'placed order');
}

const setCapture = (paymentCapture: string, session: AdminSession = owner.session) =>
  send('PUT', '/api/admin/settings/payments', { paymentCapture }, session);

describe('capture when the goods ship (issue 32.3)', () => {
  it('reserves the payment at the order and captures it, once, when the order is shipped', async () => {
    const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');
    const order = await buy();
    expect(order.paymentStatus).toBe('AUTHORISED');
    expect(order.chargedAt).toBeNull();
    expect((await providerPayment(order.paymentId)).status).toBe('reserved');

    // Packing takes no money, and neither does the background settling.
    expect((await move(order.id, 'PACKED')).statusCode).toBe(200);
    await settleDuePayments({ db: ctx.db, provider: ctx.app.paymentProvider, log: ctx.app.log });
    expect(charge).not.toHaveBeenCalled();
    expect((await orderById(order.id)).paymentStatus).toBe('AUTHORISED');

    const shipped = await ship(order.id);
    expect(shipped.statusCode).toBe(200);
    const answered = adminOrderSchema.parse(shipped.json());
    expect(answered.payment.status).toBe('CHARGED');
    expect(answered.deliveryStatus).toBe('SHIPPED');
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge).toHaveBeenCalledWith(order.paymentId, order.grandTotalOre, `charge-${order.id}`);
    const stored = await orderById(order.id);
    expect(stored.chargedAt).not.toBeNull();
    expect((await providerPayment(order.paymentId)).status).toBe('charged');
    expect(await eventsOf(order.id)).toEqual([
      'created',
      'mail',
      'delivery',
      'delivery',
      'mail',
      'charged',
    ]);

    // Delivered later: nothing more is taken.
    expect((await move(order.id, 'DELIVERED')).statusCode).toBe(200);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it('captures a store pickup when it is picked up, not when it is ready', async () => {
    const order = await buy({ storePickup: true });
    await move(order.id, 'PACKED');
    await move(order.id, 'READY_FOR_PICKUP');
    expect((await orderById(order.id)).paymentStatus).toBe('AUTHORISED');
    const picked = await move(order.id, 'PICKED_UP');
    expect(adminOrderSchema.parse(picked.json()).payment.status).toBe('CHARGED');
  });

  it('cancelling before the goods leave releases the reservation: nothing was taken, nothing refunded', async () => {
    const order = await buy();
    await move(order.id, 'PACKED');
    const cancelled = await send('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Out of stock after all',
    });
    expect(cancelled.statusCode).toBe(200);
    const stored = await orderById(order.id);
    expect(stored.paymentStatus).toBe('CANCELLED');
    expect(stored.refundedOre).toBe(0);
    expect(stored.chargedAt).toBeNull();
    expect((await providerPayment(order.paymentId)).status).toBe('cancelled');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('refunds only what was captured: a reservation is refused a refund, with a message', async () => {
    const order = await buy();
    const refused = await send('POST', `/api/admin/orders/${order.id}/refunds`, {
      kind: 'goodwill',
      lines: [],
      amountOre: 1000,
      note: 'Sorry for the wait',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/charged/i);
    expect((await orderById(order.id)).refundedOre).toBe(0);
  });

  it('a capture the provider fails at shipping still ships the order; the settling captures it later', async () => {
    const order = await buy();
    await move(order.id, 'PACKED');
    const charge = vi
      .spyOn(ctx.app.paymentProvider, 'charge')
      .mockRejectedValueOnce(new Error('the provider is down'));
    const shipped = await ship(order.id);
    expect(shipped.statusCode).toBe(200);
    const answered = adminOrderSchema.parse(shipped.json());
    expect(answered.deliveryStatus).toBe('SHIPPED');
    expect(answered.payment.status).toBe('CHARGE_FAILED');

    // Due again after its back-off: the sweep takes it.
    await ctx.db
      .update(orders)
      .set({ paymentNextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await settleDuePayments({ db: ctx.db, provider: ctx.app.paymentProvider, log: ctx.app.log });
    expect((await orderById(order.id)).paymentStatus).toBe('CHARGED');
    expect(charge.mock.calls.map(([paymentId]) => paymentId)).toEqual([
      order.paymentId,
      order.paymentId,
    ]);
  });
});

describe('the payment settings (issue 32.3)', () => {
  it('staff read when payments are captured; it is at shipping by default', async () => {
    const read = await send('GET', '/api/admin/settings/payments');
    expect(read.statusCode).toBe(200);
    expect(paymentSettingsSchema.parse(read.json())).toEqual({ paymentCapture: 'shipped' });
  });

  it('refuses a change by staff who are not the owner, and a value that is not a moment, changing nothing', async () => {
    expect((await setCapture('ordered', staff.session)).statusCode).toBe(403);
    const bad = await setCapture('weekly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(settingsMessages.paymentCapture);
    const read = await send('GET', '/api/admin/settings/payments');
    expect(read.json()).toEqual({ paymentCapture: 'shipped' });
  });

  it('the owner chooses capture at the order, audited: orders from then on are charged at once', async () => {
    const changed = await setCapture('ordered');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ paymentCapture: 'ordered' });
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, 'payments'));
    expect(audited.map((row) => row.changes)).toEqual([
      { paymentCapture: { from: 'shipped', to: 'ordered' } },
    ]);

    const order = await buy();
    expect(order.paymentStatus).toBe('CHARGED');
    expect((await providerPayment(order.paymentId)).status).toBe('charged');

    // Shipping it later takes nothing more.
    const charge = vi.spyOn(ctx.app.paymentProvider, 'charge');
    await move(order.id, 'PACKED');
    await ship(order.id);
    expect(charge).not.toHaveBeenCalled();
    expect((await setCapture('shipped')).statusCode).toBe(200);
  });
});
