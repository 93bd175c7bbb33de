import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '@shop/shared';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import {
  line,
  paidPayment,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { testPayments } from '../payments/payments.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { placeOrder as placeOrderFlow } from './checkout.flow.js';
import { orders } from './orders.tables.js';
import { settleDuePayments, settleOrderPayment } from './payment-settlement.js';

let ctx: TestContext;
let socks: string;
let user: SessionUser;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  // The sweep is left to the tests, which call it themselves.
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(ctx.db);
  const catalog = await insertCatalogFixture(ctx.db);
  socks = required(catalog.products['wool-socks'], 'wool socks').defaultItemId;
  await seedShippingRatesIfEmpty(ctx.db);
  user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
});
afterAll(() => ctx.close());

const orderOf = async (paymentId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId)))[0];
const providerStatus = async (paymentId: string) =>
  (await ctx.db.select().from(testPayments).where(eq(testPayments.id, paymentId)))[0]?.status;

/** The shop's provider, with charges that fail while `failing` is set, counting them. */
function flakyProvider() {
  const real = ctx.app.paymentProvider;
  const state = { failing: true, charges: 0 };
  const provider: PaymentProvider = {
    name: real.name,
    checkoutKey: real.checkoutKey,
    checkoutScriptUrl: real.checkoutScriptUrl,
    createPayment: (input) => real.createPayment(input),
    getPayment: (paymentId) => real.getPayment(paymentId),
    cancel: (paymentId, amountOre, key) => real.cancel(paymentId, amountOre, key),
    refund: (paymentId, amountOre, lines, key) => real.refund(paymentId, amountOre, lines, key),
    readWebhook: (headers, body) => real.readWebhook(headers, body),
    charge: async (paymentId, amountOre, key) => {
      state.charges += 1;
      if (state.failing) throw new Error('the provider is down');
      await real.charge(paymentId, amountOre, key);
    },
  };
  return { provider, state };
}

it('a placed order records its payment as CHARGED, with one attempt and the time (issue 10.19)', async () => {
  const payment = await paidPayment(ctx.app, user, [line(socks)]);
  expect((await placeOrder(ctx.app, user, payment.paymentId, [line(socks)])).statusCode).toBe(201);
  const order = await orderOf(payment.paymentId);
  expect(order).toMatchObject({
    paymentStatus: 'CHARGED',
    paymentAttempts: 1,
    paymentLastError: null,
  });
  expect(order?.chargedAt).toBeInstanceOf(Date);
  expect(await providerStatus(payment.paymentId)).toBe('charged');
});

it('an order from before the payment status (AUTHORISED) whose payment is already charged is marked CHARGED without charging again (issue 10.19)', async () => {
  const payment = await paidPayment(ctx.app, user, [line(socks)]);
  await placeOrder(ctx.app, user, payment.paymentId, [line(socks)]);
  // As migration 0012 leaves every existing order.
  await ctx.db
    .update(orders)
    .set({
      paymentStatus: 'AUTHORISED',
      paymentAttempts: 0,
      paymentNextAttemptAt: sql`now()`,
      chargedAt: null,
    })
    .where(eq(orders.paymentId, payment.paymentId));
  const { provider, state } = flakyProvider();

  await settleDuePayments({ db: ctx.db, provider, log: silentLog });
  expect(state.charges).toBe(0);
  expect(await orderOf(payment.paymentId)).toMatchObject({
    paymentStatus: 'CHARGED',
    paymentAttempts: 1,
  });
});

it('a failed charge is recorded on the order (CHARGE_FAILED, attempts, last error) and charged on a later try, once (issue 10.19)', async () => {
  const payment = await paidPayment(ctx.app, user, [line(socks)]);
  const { provider, state } = flakyProvider();
  const deps = {
    db: ctx.db,
    provider,
    publicUrl: ctx.env.PUBLIC_URL,
    log: ctx.app.log,
    mailQueued: () => {},
  };
  const placed = await placeOrderFlow(
    deps,
    {
      id: user._id,
      name: user.name,
      email: user.email,
      provider: 'local',
      role: 'customer',
      secondFactor: false,
    },
    { paymentId: payment.paymentId, shippingDetails: undefined, billingDetails: undefined },
  );
  expect(placed.created).toBe(true);
  expect(await orderOf(payment.paymentId)).toMatchObject({
    paymentStatus: 'CHARGE_FAILED',
    paymentAttempts: 1,
    paymentLastError: 'the provider is down',
  });
  expect(await providerStatus(payment.paymentId)).toBe('reserved');

  // Waiting out its back-off, neither a retry nor the sweep tries again.
  state.failing = false;
  expect(await settleOrderPayment(deps, placed.order._id)).toBeUndefined();
  expect(state.charges).toBe(1);

  await ctx.db
    .update(orders)
    .set({ paymentNextAttemptAt: sql`now()` })
    .where(eq(orders.paymentId, payment.paymentId));
  await settleDuePayments(deps);
  expect(state.charges).toBe(2);
  const order = await orderOf(payment.paymentId);
  expect(order).toMatchObject({
    paymentStatus: 'CHARGED',
    paymentAttempts: 2,
    paymentLastError: null,
  });
  expect(await providerStatus(payment.paymentId)).toBe('charged');
  await settleDuePayments(deps);
  expect(state.charges).toBe(2);
});
