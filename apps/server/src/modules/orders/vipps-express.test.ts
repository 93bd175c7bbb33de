import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentResponseSchema, type CartLineRequest, type SessionUser } from '@shop/shared';
import { createVerifiedUser, deliveredCopy, latestMail } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, placeOrder } from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import { fetchThroughApp, type ExpressPaymentProvider } from '../payments/index.js';
import { vippsShippingCallbackAnswerSchema } from '../payments/vipps/vipps-api.js';
import { VippsPaymentProvider } from '../payments/vipps/vipps-provider.js';
import {
  startVippsStandIn,
  vippsStandInTestAddress,
  vippsStandInTestUser,
  type VippsStandIn,
} from '../payments/vipps/vipps-stand-in.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { completeFromWebhook, createExpressPayment, type CheckoutDeps } from './checkout.flow.js';
import { checkouts, orders } from './orders.tables.js';

// Issue 32.4: Vipps Express through the shop's own stand-in of the ePayment API, which asks the
// shop's shipping-options endpoint for the address the shopper shares in the app.

let ctx: TestContext;
let catalog: CatalogFixture;
let customer: SessionUser;
let standIn: VippsStandIn;

beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  customer = await createVerifiedUser(ctx.app, ctx.db);
  standIn = required(ctx.app.vipps?.standIn, 'the Vipps stand-in of a test-provider shop');
});
afterAll(() => ctx.close());

const honey = () => required(catalog.products['acacia-honey'], 'acacia-honey').defaultItemId;
const svalbard = {
  addressLine1: 'Vei 230',
  addressLine2: null,
  postCode: '9170',
  city: 'Longyearbyen',
  country: 'SJ',
};

function startExpress(lines: CartLineRequest[] = [line(honey())], quickBuy = false) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders/vipps-express',
    payload: { order: { cart: { cartItems: lines, quickBuy } } },
  });
}

async function startedExpress(lines?: CartLineRequest[]) {
  const started = await startExpress(lines);
  expect(started.statusCode, started.body).toBe(200);
  return createPaymentResponseSchema.parse(started.json());
}

const ordersOfPayment = (paymentId: string) =>
  ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));

const createRequestOf = (paymentId: string) =>
  required(
    standIn.requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path === '/epayment/v1/payments' &&
        (request.body as { reference?: string }).reference === paymentId,
    ),
    'the create request',
  ).body as {
    amount: { value: number };
    profile?: { scope: string };
    shipping?: { dynamicOptions?: { callbackUrl: string; callbackAuthorizationToken: string } };
  };

function askShippingOptions(payload: unknown, authorization?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/vipps/shipping-options',
    headers: {
      'content-type': 'application/json',
      ...(authorization === undefined ? {} : { authorization }),
    },
    payload: JSON.stringify(payload),
  });
}

/** What the shop costs delivery at for the honey to Oslo: the seeded rate for its weight. */
async function homeDeliveryToOsloOre(paymentId: string) {
  const { shipping } = createRequestOf(paymentId);
  const token = required(shipping?.dynamicOptions, 'dynamicOptions').callbackAuthorizationToken;
  const answer = await askShippingOptions(
    { reference: paymentId, address: vippsStandInTestAddress },
    token,
  );
  const groups = vippsShippingCallbackAnswerSchema.parse(answer.json());
  return required(groups[0]?.options[0], 'home delivery').amount.value;
}

describe('Vipps Express from the product page and the cart (issue 32.4)', () => {
  it('creates a payment of the goods without delivery that asks the shopper for name, phone, address and email, and the shop for its shipping options', async () => {
    const payment = await startedExpress([line(honey(), 2)]);
    expect(payment.provider).toBe('vipps');
    expect(payment.redirectUrl).toContain(`/landing/${payment.paymentId}`);
    const body = createRequestOf(payment.paymentId);
    expect(body.profile?.scope.split(' ').sort()).toEqual([
      'address',
      'email',
      'name',
      'phoneNumber',
    ]);
    const dynamic = required(body.shipping?.dynamicOptions, 'dynamicOptions');
    expect(new URL(dynamic.callbackUrl).pathname).toBe('/api/payments/vipps/shipping-options');
    expect(body.amount.value).toBe(Math.round(payment.amount * 100));
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentId, payment.paymentId));
    expect(checkout).toMatchObject({ express: true, shippingOre: 0, country: '' });
  });

  it('answers the app home delivery from the shop’s rates and store pickup; only pickup to Svalbard and Jan Mayen', async () => {
    const payment = await startedExpress();
    const token = required(
      createRequestOf(payment.paymentId).shipping?.dynamicOptions,
      'dynamicOptions',
    ).callbackAuthorizationToken;
    const oslo = await askShippingOptions(
      { reference: payment.paymentId, address: vippsStandInTestAddress },
      token,
    );
    expect(oslo.statusCode).toBe(200);
    const groups = vippsShippingCallbackAnswerSchema.parse(oslo.json());
    expect(groups.map((group) => [group.type, group.options[0]?.id])).toEqual([
      ['HOME_DELIVERY', 'home'],
      ['IN_STORE', 'pickup'],
    ]);
    expect(groups[0]?.options[0]?.amount.value).toBeGreaterThan(0);
    expect(groups[1]?.options[0]?.amount).toEqual({ currency: 'NOK', value: 0 });

    const arctic = await askShippingOptions(
      { reference: payment.paymentId, address: svalbard },
      token,
    );
    const arcticGroups = vippsShippingCallbackAnswerSchema.parse(arctic.json());
    expect(arcticGroups.map((group) => group.options[0]?.id)).toEqual(['pickup']);
  });

  it('answers nobody but Vipps: 401 without the payment’s token or with another payment’s, 404 for a checkout that is not Express, 400 for a body that is not a request', async () => {
    const express = await startedExpress();
    const other = await startedExpress();
    const otherToken = required(
      createRequestOf(other.paymentId).shipping?.dynamicOptions,
      'dynamicOptions',
    ).callbackAuthorizationToken;
    const address = vippsStandInTestAddress;
    expect((await askShippingOptions({ reference: express.paymentId, address })).statusCode).toBe(
      401,
    );
    expect(
      (await askShippingOptions({ reference: express.paymentId, address }, otherToken)).statusCode,
    ).toBe(401);
    expect((await askShippingOptions({ nothing: true }, otherToken)).statusCode).toBe(400);

    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: true,
        paymentMethod: 'vipps',
        order: { cart: { cartItems: [line(honey())] } },
      },
    });
    const plainId = createPaymentResponseSchema.parse(plain.json()).paymentId;
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/vipps/shipping-options',
      headers: { 'content-type': 'application/json', authorization: otherToken },
      payload: JSON.stringify({ reference: plainId, address }),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('places the order with the address, name, email and phone shared in the app and the delivery picked there, for the amount the shop prices', async () => {
    const payment = await startedExpress([line(honey(), 2)]);
    const goodsOre = Math.round(payment.amount * 100);
    const deliveryOre = await homeDeliveryToOsloOre(payment.paymentId);
    await standIn.approve(payment.paymentId);
    await expect
      .poll(async () => (await ordersOfPayment(payment.paymentId)).length, patiently)
      .toBe(1);
    const [order] = await ordersOfPayment(payment.paymentId);
    expect(order).toMatchObject({
      storePickup: false,
      shippingOre: deliveryOre,
      grandTotalOre: goodsOre + deliveryOre,
      paymentProvider: 'vipps',
      paymentStatus: 'AUTHORISED',
      userId: null,
    });
    expect(order?.shippingDetails).toMatchObject({
      name: `${vippsStandInTestUser.firstName} ${vippsStandInTestUser.lastName}`,
      email: vippsStandInTestUser.email,
      phone: `+${vippsStandInTestUser.mobileNumber}`,
      address: vippsStandInTestAddress.addressLine1,
      postalCode: vippsStandInTestAddress.postCode,
      city: 'Oslo',
      country: 'NO',
    });
    expect(standIn.payment(payment.paymentId)?.aggregate.authorizedAmount.value).toBe(
      goodsOre + deliveryOre,
    );
    const mail = required(
      await latestMail(ctx.db, vippsStandInTestUser.email, 'order-confirmation'),
      'the confirmation',
    );
    expect(mail.subject).toContain(String(order?.number));
    // The payment is reserved in Vipps until the goods ship (issue 32.3), not "received".
    const { text } = await deliveredCopy(ctx.app, mail.id);
    expect(text).toContain('reserved in Vipps and charged when your order ships');
    expect(text).not.toContain('Your payment has been received');
  });

  it('the shopper’s return, signed in, finds the same order and makes it theirs: one order', async () => {
    const payment = await startedExpress([line(honey())]);
    const [, ...answers] = await Promise.all([
      standIn.approve(payment.paymentId),
      placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]),
    ]);
    await expect
      .poll(async () => (await ordersOfPayment(payment.paymentId)).length, patiently)
      .toBe(1);
    // The return may come before the approval (402) or after it (201); either way one order.
    expect([201, 402]).toContain(answers[0]?.statusCode);
    const back = await placeOrder(ctx.app, customer, payment.paymentId, [line(honey())]);
    expect(back.statusCode).toBe(201);
    const [order] = await ordersOfPayment(payment.paymentId);
    expect(order?.userId).toBe(customer._id);
    expect(order?.shippingDetails?.email).toBe(vippsStandInTestUser.email);
  });

  it('a shopper in Svalbard gets store pickup, free, and no address on the order', async () => {
    const payment = await startedExpress();
    await standIn.approve(payment.paymentId, { address: svalbard });
    await expect
      .poll(async () => (await ordersOfPayment(payment.paymentId)).length, patiently)
      .toBe(1);
    const [order] = await ordersOfPayment(payment.paymentId);
    expect(order).toMatchObject({
      storePickup: true,
      shippingOre: 0,
      grandTotalOre: Math.round(payment.amount * 100),
      shippingDetails: null,
    });
  });

  it('buys the one item of the product page now (quickBuy) and is refused for an empty cart', async () => {
    const now = await startExpress([line(honey(), 3)], true);
    expect(now.statusCode).toBe(200);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentId, createPaymentResponseSchema.parse(now.json()).paymentId));
    expect(checkout).toMatchObject({ quickBuy: true, express: true });
    expect(checkout?.lines.map((bought) => bought.qty)).toEqual([3]);

    const empty = await startExpress([]);
    expect(empty.statusCode).toBe(400);
  });

  it('a payment whose delivery costs less than the shop’s price is released, not ordered', async () => {
    // A Vipps of its own, whose webhook reaches nobody, so the order is asked for only below,
    // through a provider that reports a cheaper delivery than the shop offered (stale or forged).
    const keys = {
      clientId: 'stand-in-client',
      clientSecret: 'stand-in-secret',
      subscriptionKey: 'stand-in-subscription-key',
      merchantSerialNumber: '123456',
    };
    const vipps = await startVippsStandIn({
      ...keys,
      fetch: fetchThroughApp(ctx.app.inject.bind(ctx.app)),
    });
    try {
      const real = new VippsPaymentProvider({
        ...keys,
        baseUrl: vipps.url,
        webhookSecret: 'nobody-delivers',
        paymentDescription: () => 'Express test',
        systemName: 'express-test',
        systemVersion: '1.0.0',
      });
      const lying: ExpressPaymentProvider = Object.create(real, {
        getPayment: {
          value: async (paymentId: string) => {
            const reported = await real.getPayment(paymentId);
            return reported?.express
              ? {
                  ...reported,
                  amountOre: reported.amountOre - 100,
                  express: { ...reported.express, shippingOre: reported.express.shippingOre - 100 },
                }
              : reported;
          },
        },
      });
      const deps: CheckoutDeps = {
        db: ctx.db,
        publicUrl: ctx.app.deps.env.PUBLIC_URL,
        log: ctx.app.log,
        mailQueued: () => undefined,
        provider: ctx.app.paymentProvider,
        vipps: lying,
      };
      const payment = await createExpressPayment(deps, undefined, {
        cart: {
          cartItems: [line(honey())],
          quickBuy: false,
          toCountryCode: '',
          toPostalCode: '',
          currencyCode: 'NOK',
        },
        couponCode: undefined,
        locale: 'nb',
      });
      await vipps.approve(payment.paymentId);
      await completeFromWebhook(deps, lying, payment.paymentId);

      expect(await ordersOfPayment(payment.paymentId)).toEqual([]);
      const [checkout] = await ctx.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.paymentId, payment.paymentId));
      expect(checkout?.status).toBe('cancelled');
      expect(vipps.payment(payment.paymentId)?.aggregate.cancelledAmount.value).toBeGreaterThan(0);
    } finally {
      await vipps.close();
    }
  });
});
