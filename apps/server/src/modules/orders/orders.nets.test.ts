import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatePaymentResponse } from '@shop/shared';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { startNetsStandIn, type NetsStandIn } from '../payments/nets-stand-in.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orders } from './orders.tables.js';

// The whole checkout against a local stand-in of Nexi Checkout's API, as production runs it.
const secretKey = 'test-secret-key-0123456789';
const webhookSecret = 'WebhookSecret42';
let standIn: NetsStandIn;
let ctx: TestContext;
let socks: string;

beforeAll(async () => {
  standIn = await startNetsStandIn({ secretKey });
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'nets',
    NETS_SECRET_KEY: secretKey,
    NETS_CHECKOUT_KEY: 'public-checkout-key',
    NETS_WEBHOOK_SECRET: webhookSecret,
    NETS_API_URL: standIn.url,
  });
  await captureAtOrder(ctx.db);
  const catalog = await insertCatalogFixture(ctx.db);
  socks = required(catalog.products['wool-socks'], 'wool socks').defaultItemId;
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const netsWebhook = (authorization: string, paymentId: string, amount: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/nets',
    headers: { authorization },
    payload: {
      id: `event-${paymentId}`,
      timestamp: new Date().toISOString(),
      merchantNumber: 100017120,
      event: 'payment.reservation.created.v2',
      data: { paymentId, amount: { amount, currency: 'NOK' } },
    },
  });

it('issue 32: a card shop on Nets without Vipps keys offers only the card, and refuses a Vipps payment', async () => {
  const shop = await ctx.app.inject({ method: 'GET', url: '/api/shop' });
  expect(shop.json<{ checkoutPaymentMethods: string[] }>().checkoutPaymentMethods).toEqual([
    'card',
  ]);
  const express = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/vipps-express',
    payload: { order: { cart: { cartItems: [{ product: { _id: socks }, qty: 1 }] } } },
  });
  expect(express.statusCode).toBe(400);
});

it('API-21, API-22: the payment is created at Nexi with the server amount and the public checkout key', async () => {
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const response = await createPayment(ctx.app, user, [line(socks, 2)]);
  expect(response.statusCode).toBe(200);
  const payment = response.json<CreatePaymentResponse>();
  expect(payment).toMatchObject({
    provider: 'nets',
    checkoutKey: 'public-checkout-key',
    checkoutScriptUrl: 'https://test.checkout.dibspayment.eu/v1/checkout.js?v=1',
  });
  const created = standIn.requests.find(
    (request) => request.method === 'POST' && request.path === '/v1/payments',
  );
  expect(created?.headers.authorization).toBe(secretKey);
  expect(created?.body).toMatchObject({
    order: { amount: Math.round(payment.amount * 100), currency: 'NOK' },
  });
});

it('API-47, ORDER-18: a reserved payment becomes an order through the webhook and is charged once', async () => {
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const lines = [line(socks)];
  const payment = (await createPayment(ctx.app, user, lines)).json<CreatePaymentResponse>();
  const amountOre = Math.round(payment.amount * 100);

  // Before the shopper pays, neither the webhook nor the shopper makes an order.
  expect((await netsWebhook(webhookSecret, payment.paymentId, amountOre)).statusCode).toBe(200);
  expect((await placeOrder(ctx.app, user, payment.paymentId, lines)).statusCode).toBe(402);

  standIn.reserve(payment.paymentId);
  expect((await netsWebhook('wrong-secret', payment.paymentId, amountOre)).statusCode).toBe(401);
  expect((await netsWebhook(webhookSecret, payment.paymentId, amountOre)).statusCode).toBe(200);
  expect((await netsWebhook(webhookSecret, payment.paymentId, amountOre)).statusCode).toBe(200);
  expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(1);

  const back = await placeOrder(ctx.app, user, payment.paymentId, lines);
  expect(back.statusCode).toBe(201);
  const charges = standIn.requests.filter(
    (request) => request.path === `/v1/payments/${payment.paymentId}/charges`,
  );
  expect(charges).toHaveLength(1);
  expect(charges[0]?.headers['idempotency-key']).toBe(`charge-${back.json()._id}`);
  expect(charges[0]?.body).toMatchObject({ amount: amountOre });
});

it('a reservation of another amount is cancelled at Nexi and makes no order', async () => {
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const lines = [line(socks)];
  const payment = (await createPayment(ctx.app, user, lines)).json<CreatePaymentResponse>();
  standIn.reserve(payment.paymentId, 100);
  const response = await placeOrder(ctx.app, user, payment.paymentId, lines);
  expect(response.statusCode).toBe(402);
  const cancels = standIn.requests.filter(
    (request) => request.path === `/v1/payments/${payment.paymentId}/cancels`,
  );
  expect(cancels).toHaveLength(1);
  expect(cancels[0]?.headers['idempotency-key']).toMatch(/^cancel-/);
  expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(0);
});
