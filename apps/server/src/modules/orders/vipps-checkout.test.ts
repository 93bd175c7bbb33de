import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderSchema,
  createPaymentResponseSchema,
  type AdminSession,
  type CartLineRequest,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createPayment, line, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import type { VippsStandIn } from '../payments/vipps/vipps-stand-in.js';
import { signVippsWebhook } from '../payments/vipps/vipps-webhook.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { checkouts, orders } from './orders.tables.js';

// Issue 32.1, 32.3 and 32.6 with Vipps MobilePay: the shop's own stand-in of the ePayment API
// (the demo's), mounted in the test shop, with signed webhooks delivered to the shop.

let ctx: TestContext;
let catalog: CatalogFixture;
let staff: StaffMember;
let customer: SessionUser;
let standIn: VippsStandIn;

beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
  standIn = required(ctx.app.vipps?.standIn, 'the Vipps stand-in of a test-provider shop');
});
afterAll(() => ctx.close());

const honey = () => required(catalog.products['acacia-honey'], 'acacia-honey').defaultItemId;

async function startVippsPayment(lines: CartLineRequest[] = [line(honey())]) {
  const created = await createPayment(ctx.app, customer, lines, { paymentMethod: 'vipps' });
  expect(created.statusCode).toBe(200);
  return createPaymentResponseSchema.parse(created.json());
}

const ordersOfPayment = (paymentId: string) =>
  ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown, session?: AdminSession) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(session ?? staff.session),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('paying with Vipps MobilePay (issue 32.1)', () => {
  it('creates a WEB_REDIRECT payment of the server’s amount with the shopper’s phone, and sends them to Vipps', async () => {
    const payment = await startVippsPayment();
    expect(payment.provider).toBe('vipps');
    expect(payment.currency).toBe('NOK');
    const redirect = new URL(required(payment.redirectUrl, 'redirectUrl'));
    expect(redirect.pathname).toBe(`/payments/vipps-stand-in/landing/${payment.paymentId}`);

    const created = required(
      standIn.requests.find(
        (request) => request.method === 'POST' && request.path === '/epayment/v1/payments',
      ),
      'the create request',
    );
    const body = created.body as Record<string, unknown>;
    expect(body).toMatchObject({
      amount: { currency: 'NOK', value: Math.round(payment.amount * 100) },
      paymentMethod: { type: 'WALLET' },
      userFlow: 'WEB_REDIRECT',
      reference: payment.paymentId,
      customer: { phoneNumber: '4791234567' },
    });
    const back = new URL(String(body.returnUrl));
    // In the language the shopper pays in: English for a call that asks for none.
    expect(back.pathname).toBe('/en/checkout/vipps');
    expect(back.searchParams.get('paymentId')).toBe(payment.paymentId);
    expect(created.headers['idempotency-key']).toBe(`create-${payment.paymentId}`);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentId, payment.paymentId));
    expect(checkout?.provider).toBe('vipps');
  });

  it('makes no order before the shopper approves, nor after they reject', async () => {
    const payment = await startVippsPayment();
    const early = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(early.statusCode).toBe(402);
    standIn.reject(payment.paymentId);
    const rejected = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(rejected.statusCode).toBe(402);
    expect(await ordersOfPayment(payment.paymentId)).toEqual([]);
  });

  it('the signed webhook places the order of an approved payment; the shopper’s return then finds it: one order', async () => {
    const payment = await startVippsPayment();
    await standIn.approve(payment.paymentId);
    await expect
      .poll(async () => (await ordersOfPayment(payment.paymentId)).length, patiently)
      .toBe(1);
    // The shop answered the delivery 200: Vipps does not send it again.
    const outcomes = () =>
      standIn.deliveries
        .filter(
          (delivery) => delivery.kind === 'webhook' && delivery.body.includes(payment.paymentId),
        )
        .map((delivery) => delivery.outcome);
    await expect.poll(outcomes, patiently).toEqual(['delivered']);

    const back = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(back.statusCode).toBe(201);
    const [order] = await ordersOfPayment(payment.paymentId);
    expect(back.json<{ _id: string }>()._id).toBe(order?.id);
    expect(order).toMatchObject({ paymentProvider: 'vipps', paymentStatus: 'AUTHORISED' });
    expect(await ordersOfPayment(payment.paymentId)).toHaveLength(1);
  });

  it('the shopper’s return and the webhook at once make one order', async () => {
    const payment = await startVippsPayment();
    const [, ...answers] = await Promise.all([
      standIn.approve(payment.paymentId),
      placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]),
      placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]),
    ]);
    await expect
      .poll(async () => (await ordersOfPayment(payment.paymentId)).length, patiently)
      .toBe(1);
    // Each return is either before the approval (402) or the order (201), never a second order.
    for (const answer of answers) expect([201, 402]).toContain(answer.statusCode);
    const after = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(after.statusCode).toBe(201);
    expect(await ordersOfPayment(payment.paymentId)).toHaveLength(1);
  });

  it('refuses a webhook that is not signed with the shop’s secret, or whose body was changed, and makes nothing', async () => {
    const payment = await startVippsPayment();
    const body = JSON.stringify({
      msn: '123456',
      reference: payment.paymentId,
      pspReference: 'forged',
      name: 'AUTHORIZED',
      amount: { currency: 'NOK', value: Math.round(payment.amount * 100) },
      timestamp: new Date().toISOString(),
      idempotencyKey: null,
      success: true,
    });
    const url = 'http://localhost:3000/api/payments/webhook/vipps';
    const send = (headers: Record<string, string>, payload = body) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/vipps',
        headers: { ...headers, host: 'localhost:3000', 'content-type': 'application/json' },
        payload,
      });
    const forged = await send(signVippsWebhook({ url, body, secret: 'not-the-secret' }));
    expect(forged.statusCode).toBe(401);
    const unsigned = await send({});
    expect(unsigned.statusCode).toBe(401);
    expect(await ordersOfPayment(payment.paymentId)).toEqual([]);
    expect(standIn.payment(payment.paymentId)?.state).toBe('CREATED');
  });
});

describe('Vipps money after the order (issues 32.3, 32.6)', () => {
  async function vippsOrder() {
    const payment = await startVippsPayment();
    await standIn.approve(payment.paymentId);
    const placed = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(placed.statusCode).toBe(201);
    return required((await ordersOfPayment(payment.paymentId))[0], 'the Vipps order');
  }

  it('is captured at Vipps when the order ships, then refunded there, never above what was captured', async () => {
    const order = await vippsOrder();
    expect(standIn.payment(order.paymentId)?.aggregate.capturedAmount.value).toBe(0);
    await admin('POST', `/api/admin/orders/${order.id}/delivery`, { to: 'PACKED' });
    const shipped = await admin('POST', `/api/admin/orders/${order.id}/delivery`, {
      to: 'SHIPPED',
      carrier: 'Posten',
      trackingNumber: 'VIPPS-1',
    });
    expect(adminOrderSchema.parse(shipped.json()).payment.status).toBe('CHARGED');
    expect(standIn.payment(order.paymentId)?.aggregate.capturedAmount.value).toBe(
      order.grandTotalOre,
    );

    const refund = await admin('POST', `/api/admin/orders/${order.id}/refunds`, {
      kind: 'goodwill',
      amountOre: 1050,
      note: 'A dented lid',
    });
    expect(refund.statusCode).toBe(200);
    expect(standIn.payment(order.paymentId)?.aggregate.refundedAmount.value).toBe(1050);
    const tooMuch = await admin('POST', `/api/admin/orders/${order.id}/refunds`, {
      kind: 'goodwill',
      amountOre: order.grandTotalOre,
      note: 'More than is left',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(standIn.payment(order.paymentId)?.aggregate.refundedAmount.value).toBe(1050);
  });

  it('cancelling before it ships releases the reservation at Vipps: nothing captured or refunded', async () => {
    const order = await vippsOrder();
    const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'The customer changed their mind',
    });
    expect(cancelled.statusCode).toBe(200);
    const atVipps = required(standIn.payment(order.paymentId), 'the payment at Vipps');
    expect(atVipps.aggregate.cancelledAmount.value).toBe(order.grandTotalOre);
    expect(atVipps.aggregate.capturedAmount.value).toBe(0);
    expect(atVipps.aggregate.refundedAmount.value).toBe(0);
    const [stored] = await ordersOfPayment(order.paymentId);
    expect(stored?.paymentStatus).toBe('CANCELLED');
  });
});
