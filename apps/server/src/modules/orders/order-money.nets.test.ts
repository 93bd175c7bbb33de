import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  CancelOrderResponse,
  CreatePaymentResponse,
  RefundResponse,
  SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { startNetsStandIn, type NetsStandIn } from '../payments/nets-stand-in.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orders } from './orders.tables.js';

// Refunds and cancellations of the back office through Nexi Checkout, against the local
// stand-in of its API (issue 13).
const secretKey = 'money-test-secret-key-0123456789';
let standIn: NetsStandIn;
let ctx: TestContext;
let staff: StaffMember;
let customer: SessionUser;
let socks: string;

beforeAll(async () => {
  standIn = await startNetsStandIn({ secretKey });
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'nets',
    NETS_SECRET_KEY: secretKey,
    NETS_CHECKOUT_KEY: 'public-checkout-key',
    NETS_WEBHOOK_SECRET: 'MoneyWebhookSecret42',
    NETS_API_URL: standIn.url,
    PAYMENT_SWEEP_MINUTES: '0',
  });
  await captureAtOrder(ctx.db);
  const catalog = await insertCatalogFixture(ctx.db);
  socks = required(catalog.products['wool-socks'], 'wool socks').defaultItemId;
  await seedShippingRatesIfEmpty(ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, customer);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** An order paid at Nexi (reserved, then charged by the shop). */
async function chargedOrder(qty: number) {
  const lines = [line(socks, qty)];
  const payment = (await createPayment(ctx.app, customer, lines)).json<CreatePaymentResponse>();
  standIn.reserve(payment.paymentId);
  expect((await placeOrder(ctx.app, customer, payment.paymentId, lines)).statusCode).toBe(201);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.paymentId, payment.paymentId));
  expect(order?.paymentStatus).toBe('CHARGED');
  return required(order, 'order');
}

const post = (url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(staff.session),
    payload: payload as Record<string, unknown>,
  });

const refundRequests = () =>
  standIn.requests.filter(
    (request) => request.method === 'POST' && /^\/v1\/charges\/[^/]+\/refunds$/.test(request.path),
  );

it('a returned line is refunded at Nexi in øre, with the refund’s Idempotency-Key, and the shipping stays (issue 13)', async () => {
  const order = await chargedOrder(2);
  // Delivered, so its goods can come back.
  await ctx.db.update(orders).set({ deliveryStatus: 'DELIVERED' }).where(eq(orders.id, order.id));
  const [orderLine] = await ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  standIn.requests.length = 0;
  const response = await post(`/api/admin/orders/${order.id}/refunds`, {
    kind: 'return',
    lines: [{ orderLineId: required(orderLine, 'line').id, quantity: 2 }],
  });
  expect(response.statusCode).toBe(200);
  const { refund, order: state } = response.json<RefundResponse>();
  expect(refund.amountOre).toBe(order.grandTotalOre - order.shippingOre);
  expect(state).toMatchObject({
    paymentStatus: 'PARTLY_REFUNDED',
    refundableOre: order.shippingOre,
  });
  const [sent] = refundRequests();
  expect(sent?.headers['idempotency-key']).toBe(`refund-${refund.id}`);
  expect(sent?.body).toMatchObject({
    amount: refund.amountOre,
    orderItems: [{ grossTotalAmount: refund.amountOre, taxRate: 2500 }],
  });
  expect(refund.providerRefundId).toMatch(/^[0-9a-f]{32}$/);
});

it('a charged order cancelled before shipping is refunded in full at Nexi (issue 13)', async () => {
  const order = await chargedOrder(1);
  standIn.requests.length = 0;
  const response = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Sold out' });
  expect(response.statusCode).toBe(200);
  const body = response.json<CancelOrderResponse>();
  expect(body.order).toMatchObject({ paymentStatus: 'REFUNDED', deliveryStatus: 'CANCELLED' });
  const [sent] = refundRequests();
  expect(sent?.body).toMatchObject({ amount: order.grandTotalOre });
  expect(sent?.headers['idempotency-key']).toBe(`refund-${required(body.refund, 'refund').id}`);
  // Nexi's own books agree: the whole charge was given back.
  const details = await fetch(`${standIn.url}/v1/payments/${order.paymentId}`, {
    headers: { authorization: secretKey },
  });
  const { payment } = (await details.json()) as {
    payment: { summary: { refundedAmount?: number } };
  };
  expect(payment.summary.refundedAmount).toBe(order.grandTotalOre);
});
