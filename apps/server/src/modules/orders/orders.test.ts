import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderSchema,
  ordersResponseSchema,
  stockMessages,
  type Order,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser, receivedMail, uniqueIp } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  osloAddress,
  paidPayment,
  payWithTestCard,
  placeOrder,
  saveOsloAddress,
  testCards,
} from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productItems } from '../catalog/catalog.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { testPayments } from '../payments/payments.tables.js';
import { demoPromotion } from '../promotions/promotions.service.js';
import { promotions } from '../promotions/promotions.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { checkouts, orders } from './orders.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  await ctx.db.insert(promotions).values({
    code: 'SAVE10',
    type: 'percent',
    value: 10,
    validFrom: new Date(Date.now() - 86_400_000),
    validTo: new Date(Date.now() + 86_400_000),
  });
  await ctx.db.insert(promotions).values(demoPromotion());
});
afterAll(() => ctx.close());

const item = (slug: string, variant = '') =>
  required(catalog.products[slug]?.itemIds[variant], `${slug} ${variant}`);

const stockOf = async (itemId: string) =>
  (await ctx.db.select().from(productItems).where(eq(productItems.id, itemId)))[0]?.stock;

const testPaymentStatus = async (paymentId: string) =>
  (await ctx.db.select().from(testPayments).where(eq(testPayments.id, paymentId)))[0]?.status;

const welcomeUses = async () =>
  (await ctx.db.select().from(promotions).where(eq(promotions.code, 'WELCOME10')))[0]?.usedCount ??
  0;

async function shopper(): Promise<SessionUser> {
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  return user;
}

describe('create-payment', () => {
  it('API-21, ORDER-16, CONST-21: answers the server-computed amount: lines, coupon and shipping', async () => {
    const user = await shopper();
    const lines = [line(item('acacia-honey'), 2), line(item('hemp-t-shirt', 'Color=Red,Size=M'))];
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart',
      payload: { cartItems: lines, couponCode: 'SAVE10' },
    });
    const shipping = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/shippingPrice',
      payload: {
        order: { cart: { cartItems: lines, toCountryCode: 'NO', toPostalCode: '0155' } },
      },
    });
    const response = await createPayment(ctx.app, user, lines, { couponCode: 'SAVE10' });
    expect(response.statusCode).toBe(200);
    const payment = response.json();
    expect(payment).toMatchObject({ currency: 'NOK', provider: 'test' });
    expect(payment.checkoutKey).toEqual(expect.any(String));
    expect(payment.checkoutScriptUrl).toBe('/payments/test/checkout.js');
    expect(payment.amount).toBeCloseTo(cart.json().grandTotal + shipping.json().shippingPrice, 2);
  });

  it('ignores prices a client sends and prices store pickup without shipping', async () => {
    const lines = [
      {
        product: { _id: item('wool-socks'), price: 1, sellingPrice: 1, discount: 99 },
        qty: 1,
      },
    ];
    const response = await createPayment(ctx.app, undefined, lines, { storePickup: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe(99);
  });

  it('refuses an empty cart, an unusable coupon, a line out of stock and Svalbard', async () => {
    const user = await shopper();
    expect((await createPayment(ctx.app, user, [])).statusCode).toBe(400);
    const coupon = await createPayment(ctx.app, user, [line(item('wool-socks'))], {
      couponCode: 'NOPE',
    });
    expect(coupon.statusCode).toBe(400);
    const soldOut = await createPayment(ctx.app, user, [line(item('creamed-clover-honey'))]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({
      message: stockMessages.outOfStock('Creamed Clover Honey'),
    });
    const svalbard = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: false,
        order: {
          cart: {
            cartItems: [line(item('wool-socks'))],
            toCountryCode: 'NO',
            toPostalCode: '9170',
          },
        },
      },
    });
    expect(svalbard.statusCode).toBe(400);
  });
});

describe('placing the order', () => {
  it('API-23, ORDER-18, ORDER-25, ORDER-26: 201 only after the payment is verified; stock, snapshots, VAT and mail', async () => {
    const user = await shopper();
    const honey = item('acacia-honey');
    const shirt = item('hemp-t-shirt', 'Color=Red,Size=M');
    const lines = [line(honey, 2), line(shirt)];
    const [honeyStock, shirtStock] = [await stockOf(honey), await stockOf(shirt)];
    const payment = await paidPayment(ctx.app, user, lines);
    // Prices and shipping a client sends with the order are not used.
    const response = await placeOrder(ctx.app, user, payment.paymentId, [
      { product: { _id: honey, sellingPrice: 0.01 }, qty: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order).toMatchObject({
      deliveryStatus: 'PENDING',
      paymentId: payment.paymentId,
      paymentType: 'CARD',
      storePickup: false,
      grandTotal: payment.amount,
      total: 2 * 149 + 299,
    });
    expect(
      order.orderItems.map((orderLine) => [orderLine.productName, orderLine.quantity]),
    ).toEqual([
      ['Acacia Honey', 2],
      ['Hemp T-Shirt', 1],
    ]);
    expect(order.orderItems[1]).toMatchObject({
      productPrice: 239.2,
      variant: { Color: 'Red', Size: 'M' },
      vatRate: 25,
    });
    expect(order.vat.map((vat) => vat.rate)).toEqual([25, 15]);
    expect(order.shippingDetails).toMatchObject({ city: 'Oslo', country: 'NO' });
    expect(await stockOf(honey)).toBe((honeyStock ?? 0) - 2);
    expect(await stockOf(shirt)).toBe((shirtStock ?? 0) - 1);
    // Reserved, not taken: the money is captured when the goods ship (issue 32.3).
    expect(await testPaymentStatus(payment.paymentId)).toBe('reserved');

    const mail = await receivedMail(ctx.app, user.email, 'order-confirmation');
    expect(mail?.text).toContain('2 × Acacia Honey');
    expect(mail?.text).toContain('Hemp T-Shirt (Color: Red, Size: M)');
    expect(mail?.text).toMatch(/of which VAT 25 %/);
    expect(mail?.text).toMatch(/of which VAT 15 %/);
    expect(mail?.text).toContain('Storgata 1');
  });

  it('CONST-20: a store pickup has no shipping and says so in the mail', async () => {
    const user = await shopper();
    const lines = [line(item('green-tea'))];
    const payment = await paidPayment(ctx.app, user, lines, { storePickup: true });
    expect(payment.amount).toBe(79);
    const response = await placeOrder(ctx.app, user, payment.paymentId, lines, {
      storePickup: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      storePickup: true,
      shippingPrice: 0,
      shippingDetails: null,
    });
    expect((await receivedMail(ctx.app, user.email, 'order-confirmation'))?.text).toContain(
      'Please visit our store',
    );
  });

  it('refuses a payment id that was never paid, and a made-up one', async () => {
    const user = await shopper();
    const lines = [line(item('wool-socks'))];
    const created = (await createPayment(ctx.app, user, lines)).json();
    const unpaid = await placeOrder(ctx.app, user, created.paymentId, lines);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({
      message: 'The payment has not been completed. Please finish the payment first.',
    });
    const declined = await payWithTestCard(ctx.app, created.paymentId, testCards.declined);
    expect(declined.statusCode).toBe(402);
    expect((await placeOrder(ctx.app, user, created.paymentId, lines)).statusCode).toBe(402);
    const madeUp = await placeOrder(ctx.app, user, '7d0c3f5e-0000-4000-8000-000000000000', lines);
    expect(madeUp.statusCode).toBe(404);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, created.paymentId))).toBe(0);
  });

  it('refuses a payment reserved for another amount than the server computed, and gives it back', async () => {
    const user = await shopper();
    const lines = [line(item('wool-socks'))];
    const payment = await paidPayment(ctx.app, user, lines);
    await ctx.db
      .update(testPayments)
      .set({ amountOre: 100 })
      .where(eq(testPayments.id, payment.paymentId));
    const response = await placeOrder(ctx.app, user, payment.paymentId, lines);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message:
        'The payment does not match the order total, so it was not accepted. Please pay again.',
    });
    expect(await testPaymentStatus(payment.paymentId)).toBe('cancelled');
    expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(0);
  });

  it("ORDER-27: a payment made without a session takes the order's address, stored with an alpha-2 country", async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const lines = [line(item('wool-socks'))];
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: false,
        order: { cart: { cartItems: lines, toCountryCode: 'SWE', toPostalCode: '111 22' } },
      },
    });
    expect(created.statusCode).toBe(200);
    const { paymentId } = created.json();
    expect((await payWithTestCard(ctx.app, paymentId)).statusCode).toBe(200);
    const stockholm = { ...osloAddress, city: 'Stockholm', country: 'SWE', postalCode: '111 22' };
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(user),
      payload: {
        orderItems: lines,
        paymentType: 'CASH',
        shippingDetails: stockholm,
        billingDetails: stockholm,
        storePickup: false,
        paymentId,
      },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().shippingDetails).toMatchObject({ country: 'SE', city: 'Stockholm' });
    expect(order.json().billingDetails).toMatchObject({ country: 'SE' });
  });

  it('refuses an order address elsewhere than the shipping was priced for', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const lines = [line(item('wool-socks'))];
    const { paymentId } = (await createPayment(ctx.app, undefined, lines)).json();
    await payWithTestCard(ctx.app, paymentId);
    const bergen = { ...osloAddress, city: 'Bergen', postalCode: '5003' };
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(user),
      payload: { orderItems: lines, shippingDetails: bergen, storePickup: false, paymentId },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({
      message:
        'The delivery address differs from the one the shipping was priced for. Please go back to the shipping step.',
    });
  });

  it("refuses someone else's payment id", async () => {
    const [owner, other] = [await shopper(), await shopper()];
    const lines = [line(item('wool-socks'))];
    const payment = await paidPayment(ctx.app, owner, lines);
    const response = await placeOrder(ctx.app, other, payment.paymentId, lines);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This payment belongs to another account.' });
    expect((await placeOrder(ctx.app, owner, payment.paymentId, lines)).statusCode).toBe(201);
  });

  it('the same payment id posted five times at once gives one order', async () => {
    const user = await shopper();
    const socks = item('wool-socks');
    const before = await stockOf(socks);
    const lines = [line(socks, 2)];
    const payment = await paidPayment(ctx.app, user, lines);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(ctx.app, user, payment.paymentId, lines)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.json<Order>()._id)).size).toBe(1);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(1);
    expect(await stockOf(socks)).toBe((before ?? 0) - 2);
  });

  it('409 when the stock ran out after the payment; the payment is cancelled', async () => {
    const [first, second] = [await shopper(), await shopper()];
    const shirt = item('hemp-t-shirt', 'Color=Red,Size=XL');
    await ctx.db.update(productItems).set({ stock: 1 }).where(eq(productItems.id, shirt));
    const lines = [line(shirt)];
    const [paidFirst, paidSecond] = [
      await paidPayment(ctx.app, first, lines),
      await paidPayment(ctx.app, second, lines),
    ];
    expect((await placeOrder(ctx.app, first, paidFirst.paymentId, lines)).statusCode).toBe(201);
    const late = await placeOrder(ctx.app, second, paidSecond.paymentId, lines);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: stockMessages.outOfStock('Hemp T-Shirt') });
    expect(await testPaymentStatus(paidSecond.paymentId)).toBe('cancelled');
    expect(await stockOf(shirt)).toBe(0);
    // Asking again keeps the answer and makes no order.
    expect((await placeOrder(ctx.app, second, paidSecond.paymentId, lines)).statusCode).toBe(409);
  });

  it('a coupon that is used up meanwhile refuses the order and gives the payment back', async () => {
    const now = Date.now();
    await ctx.db.insert(promotions).values({
      code: 'ONCE',
      type: 'percent',
      value: 10,
      validFrom: new Date(now - 86_400_000),
      validTo: new Date(now + 86_400_000),
      usageLimit: 1,
    });
    const [first, second] = [await shopper(), await shopper()];
    const lines = [line(item('ethiopian-coffee-beans'))];
    const [paidFirst, paidSecond] = [
      await paidPayment(ctx.app, first, lines, { couponCode: 'once' }),
      await paidPayment(ctx.app, second, lines, { couponCode: 'ONCE' }),
    ];
    const firstOrder = await placeOrder(ctx.app, first, paidFirst.paymentId, lines);
    expect(firstOrder.statusCode).toBe(201);
    expect(firstOrder.json()).toMatchObject({ couponCode: 'ONCE', discount: 19.9 });
    const secondOrder = await placeOrder(ctx.app, second, paidSecond.paymentId, lines);
    expect(secondOrder.statusCode).toBe(409);
    expect(secondOrder.json()).toEqual({ message: 'Coupon ONCE has been used up' });
    expect(await testPaymentStatus(paidSecond.paymentId)).toBe('cancelled');
    const [promotion] = await ctx.db.select().from(promotions).where(eq(promotions.code, 'ONCE'));
    expect(promotion?.usedCount).toBe(1);
  });

  it('(issue 17.5) a second order with WELCOME10 by the same customer is refused with 409, its payment given back and nothing kept; another customer may still use it', async () => {
    const buyer = await shopper();
    const coffee = item('ethiopian-coffee-beans');
    const lines = [line(coffee, 2)];
    // Both payments are made before either order exists, so both pass the early check.
    const [paidFirst, paidSecond] = [
      await paidPayment(ctx.app, buyer, lines, { couponCode: 'WELCOME10' }),
      await paidPayment(ctx.app, buyer, lines, { couponCode: 'welcome10' }),
    ];
    const stockBefore = await stockOf(coffee);
    const usedBefore = await welcomeUses();

    const first = await placeOrder(ctx.app, buyer, paidFirst.paymentId, lines);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ couponCode: 'WELCOME10', discount: 39.8 });
    const second = await placeOrder(ctx.app, buyer, paidSecond.paymentId, lines);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already used coupon WELCOME10' });

    expect(await testPaymentStatus(paidSecond.paymentId)).toBe('cancelled');
    const [refused] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentId, paidSecond.paymentId));
    expect(refused?.status).toBe('cancelled');
    expect(await stockOf(coffee)).toBe((stockBefore ?? 0) - 2);
    expect(await welcomeUses()).toBe(usedBefore + 1);
    const buyerOrders = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/orders',
      headers: bearer(buyer),
    });
    expect(buyerOrders.json().orders).toHaveLength(1);

    const again = await createPayment(ctx.app, buyer, lines, { couponCode: 'WELCOME10' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'You have already used coupon WELCOME10',
      field: 'couponCode',
    });

    const other = await shopper();
    const otherPaid = await paidPayment(ctx.app, other, lines, { couponCode: 'WELCOME10' });
    expect((await placeOrder(ctx.app, other, otherPaid.paymentId, lines)).statusCode).toBe(201);
  });

  // Two carts without a common item, so no item lock puts the two orders one after the other.
  const twoWelcomeCarts = () => [
    [line(item('ethiopian-coffee-beans'), 2)],
    [line(item('raw-forest-honey'), 3)],
  ];

  it('(issue 17.5) one customer paying two checkouts at once with WELCOME10 gets one order; the other payment is given back', async () => {
    const buyer = await shopper();
    const carts = twoWelcomeCarts();
    const payments = [];
    for (const lines of carts)
      payments.push(await paidPayment(ctx.app, buyer, lines, { couponCode: 'WELCOME10' }));
    const itemIds = carts.map((lines) => lines[0]?.product._id ?? '');
    const stockBefore = await Promise.all(itemIds.map(stockOf));
    const usedBefore = await welcomeUses();
    const answers = await Promise.all(
      payments.map((payment, index) =>
        placeOrder(ctx.app, buyer, payment.paymentId, carts[index] ?? []),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refusedAt = answers.findIndex((answer) => answer.statusCode === 409);
    expect(answers[refusedAt]?.json()).toEqual({
      message: 'You have already used coupon WELCOME10',
    });
    expect(await testPaymentStatus(payments[refusedAt]?.paymentId ?? '')).toBe('cancelled');
    // The refused cart's stock is untouched; the ordered one's is taken.
    const taken = await Promise.all(
      itemIds.map(
        async (itemId, index) => (stockBefore[index] ?? 0) - ((await stockOf(itemId)) ?? 0),
      ),
    );
    expect(taken[refusedAt]).toBe(0);
    expect(taken[1 - refusedAt]).toBeGreaterThan(0);
    expect(await welcomeUses()).toBe(usedBefore + 1);
  });

  it('(issue 17.5) the provider reporting two WELCOME10 payments of one customer at once makes one order and gives the other payment back', async () => {
    const buyer = await shopper();
    const payments = [];
    for (const lines of twoWelcomeCarts())
      payments.push(await paidPayment(ctx.app, buyer, lines, { couponCode: 'WELCOME10' }));
    const provider = ctx.app.paymentProvider;
    const authorization =
      'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
    const reports = await Promise.all(
      payments.map((payment) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/test',
          headers: { authorization },
          payload: {
            event: 'payment.reservation.created.v2',
            data: { paymentId: payment.paymentId },
          },
        }),
      ),
    );
    expect(reports.map((report) => report.statusCode)).toEqual([200, 200]);
    expect(await ctx.db.$count(orders, eq(orders.userId, buyer._id))).toBe(1);
    const statuses = await Promise.all(
      payments.map((payment) => testPaymentStatus(payment.paymentId)),
    );
    expect(statuses.filter((status) => status === 'cancelled')).toHaveLength(1);
    const [refused] = await ctx.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, buyer._id), eq(checkouts.status, 'cancelled')));
    expect(refused?.cancelReason).toBe('You have already used coupon WELCOME10');
  });

  it('(issue 17.5) WELCOME10 needs an account to count for: create-payment refuses it without a session and for a guest session', async () => {
    const lines = [line(item('ethiopian-coffee-beans'), 2)];
    const message = 'Sign in with an account to use coupon WELCOME10';
    const anonymous = await createPayment(ctx.app, undefined, lines, {
      storePickup: true,
      couponCode: 'WELCOME10',
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ message, field: 'couponCode' });
    const guest = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/subscribers/guest',
        remoteAddress: uniqueIp(),
      })
    ).json<SessionUser>();
    const asGuest = await createPayment(ctx.app, guest, lines, {
      storePickup: true,
      couponCode: 'WELCOME10',
    });
    expect(asGuest.statusCode).toBe(400);
    expect(asGuest.json()).toEqual({ message, field: 'couponCode' });
    // Coupons without a per-customer limit stay open to both.
    expect(
      (await createPayment(ctx.app, guest, lines, { storePickup: true, couponCode: 'SAVE10' }))
        .statusCode,
    ).toBe(200);
  });

  it('(issue 17.5) the promo lookup and the cart tell a signed-in customer who has used WELCOME10; without a token they answer as before', async () => {
    const buyer = await shopper();
    const lines = [line(item('ethiopian-coffee-beans'), 2)];
    const paid = await paidPayment(ctx.app, buyer, lines, { couponCode: 'WELCOME10' });
    expect((await placeOrder(ctx.app, buyer, paid.paymentId, lines)).statusCode).toBe(201);
    const message = 'You have already used coupon WELCOME10';
    const lookup = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/promo/WELCOME10', headers });
    const priceCart = (url: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { cartItems: lines, couponCode: 'WELCOME10' },
      });

    const used = await lookup(bearer(buyer));
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual({ message });
    for (const url of ['/api/orders/cart', '/api/orders/cart/buy-now']) {
      const cart = await priceCart(url, bearer(buyer));
      expect(cart.statusCode).toBe(400);
      expect(cart.json()).toEqual({ message, field: 'couponCode' });
      expect((await priceCart(url, {})).statusCode).toBe(200);
    }
    expect((await lookup({})).statusCode).toBe(200);
    const other = await shopper();
    expect((await lookup(bearer(other))).statusCode).toBe(200);
    expect((await priceCart('/api/orders/cart', bearer(other))).json()).toMatchObject({
      grandTotal: 358.2,
    });
    const forged = await lookup({ authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('ROLE-06, ROLE-07: needs a signed-in customer; a guest is refused', async () => {
    const lines = [line(item('wool-socks'))];
    const payment = await paidPayment(ctx.app, undefined, lines, { storePickup: true });
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { orderItems: lines, paymentId: payment.paymentId, storePickup: true },
    });
    expect(visitor.statusCode).toBe(401);
    const guest = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/subscribers/guest',
        remoteAddress: uniqueIp(),
      })
    ).json<SessionUser>();
    expect((await placeOrder(ctx.app, guest, payment.paymentId, lines)).statusCode).toBe(403);
  });
});

describe('the provider webhook', () => {
  const webhook = (authorization: string | undefined, paymentId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/test',
      headers: authorization ? { authorization } : {},
      payload: { event: 'payment.reservation.created.v2', data: { paymentId } },
    });

  it('API-47, ORDER-18: creates the order when the shopper never comes back; replays change nothing', async () => {
    const user = await shopper();
    const lines = [line(item('green-tea'), 3)];
    const payment = await paidPayment(ctx.app, user, lines);
    const provider = ctx.app.paymentProvider;
    const authorization =
      'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
    expect((await webhook('wrong', payment.paymentId)).statusCode).toBe(401);
    expect((await webhook(undefined, payment.paymentId)).statusCode).toBe(401);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(0);

    const first = await webhook(authorization, payment.paymentId);
    expect(first.statusCode).toBe(200);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(1);
    expect((await webhook(authorization, payment.paymentId)).statusCode).toBe(200);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, payment.paymentId))).toBe(1);

    const [order] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.paymentId, payment.paymentId));
    expect(order?.userId).toBe(user._id);
    const back = await placeOrder(ctx.app, user, payment.paymentId, lines);
    expect(back.statusCode).toBe(201);
    expect(back.json()._id).toBe(order?.id);
  });

  const webhookAuthorization = () => {
    const provider = ctx.app.paymentProvider;
    return 'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
  };
  const confirmations = (to: string) =>
    ctx.db.$count(
      mailOutbox,
      and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, 'order-confirmation')),
    );

  /** `POST /api/orders/create-payment` as an old client sends it: no token. */
  async function paidWithoutSession(address?: typeof osloAddress) {
    const lines = [line(item('wool-socks'))];
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: false,
        order: { cart: { cartItems: lines, toCountryCode: 'NOR', toPostalCode: '0155' } },
        ...(address ? { shippingDetails: address, billingDetails: address } : {}),
      },
    });
    expect(created.statusCode).toBe(200);
    const { paymentId } = created.json<{ paymentId: string }>();
    expect((await payWithTestCard(ctx.app, paymentId)).statusCode).toBe(200);
    return { paymentId, lines };
  }

  it("(issue 17.1) the addresses sent with create-payment make the webhook's order complete, mailed once whichever side comes first", async () => {
    // The webhook first, then the shopper.
    const early = await createVerifiedUser(ctx.app, ctx.db);
    const email = `webhook.first.${Date.now()}@example.no`;
    const address = { ...osloAddress, email };
    const { paymentId, lines } = await paidWithoutSession(address);
    expect((await webhook(webhookAuthorization(), paymentId)).statusCode).toBe(200);
    const [made] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(made).toMatchObject({
      userId: null,
      storePickup: false,
      shippingOre: 7900,
      shippingDetails: { email, city: 'Oslo', country: 'NO' },
      billingDetails: { email, country: 'NO' },
    });
    expect(await confirmations(email)).toBe(1);
    const back = await placeOrder(ctx.app, early, paymentId, lines);
    expect(back.statusCode).toBe(201);
    expect(back.json<Order>()._id).toBe(made?.id);
    const [claimed] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, made?.id ?? ''));
    expect(claimed?.userId).toBe(early._id);
    expect(await confirmations(email)).toBe(1);
    expect(await confirmations(early.email)).toBe(0);

    // The shopper first, then the webhook.
    const late = await createVerifiedUser(ctx.app, ctx.db);
    const second = await paidWithoutSession(osloAddress);
    expect((await placeOrder(ctx.app, late, second.paymentId, second.lines)).statusCode).toBe(201);
    expect((await webhook(webhookAuthorization(), second.paymentId)).statusCode).toBe(200);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, second.paymentId))).toBe(1);
    expect(await confirmations(late.email)).toBe(1);
  });

  it('(issue 17.1) an address that does not match the priced delivery is refused at create-payment; none sent still works', async () => {
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: false,
        order: {
          cart: {
            cartItems: [line(item('wool-socks'))],
            toCountryCode: 'NOR',
            toPostalCode: '0155',
          },
        },
        shippingDetails: { ...osloAddress, postalCode: '5003', city: 'Bergen' },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'The delivery address differs from the one the shipping was priced for. Please go back to the shipping step.',
    });
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/create-payment',
      payload: {
        storePickup: false,
        order: {
          cart: {
            cartItems: [line(item('wool-socks'))],
            toCountryCode: 'NOR',
            toPostalCode: '0155',
          },
        },
        shippingDetails: { ...osloAddress, name: '' },
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(await paidWithoutSession()).toHaveProperty('paymentId');
  });

  it("(issue 17.1) a webhook order made without any address gets the shopper's address and customer when the shopper comes back, and its confirmation then, once", async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const { paymentId, lines } = await paidWithoutSession();
    expect((await webhook(webhookAuthorization(), paymentId)).statusCode).toBe(200);
    const [made] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(made).toMatchObject({ userId: null, shippingDetails: null, confirmationQueuedAt: null });

    const back = await placeOrder(ctx.app, user, paymentId, lines);
    expect(back.statusCode).toBe(201);
    expect(back.json<Order>().shippingDetails).toMatchObject({ city: 'Oslo', country: 'NO' });
    const [completed] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
    expect(completed?.userId).toBe(user._id);
    expect(completed?.billingDetails).toMatchObject({ city: 'Oslo' });
    expect(await confirmations(user.email)).toBe(1);
    expect((await placeOrder(ctx.app, user, paymentId, lines)).statusCode).toBe(201);
    expect((await webhook(webhookAuthorization(), paymentId)).statusCode).toBe(200);
    expect(await confirmations(user.email)).toBe(1);
  });

  it('a webhook for an unpaid or unknown payment makes no order', async () => {
    const provider = ctx.app.paymentProvider;
    const authorization =
      'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
    const lines = [line(item('green-tea'))];
    const created = (await createPayment(ctx.app, undefined, lines, { storePickup: true })).json();
    expect((await webhook(authorization, created.paymentId)).statusCode).toBe(200);
    expect((await webhook(authorization, 'unknown')).statusCode).toBe(200);
    expect(await ctx.db.$count(orders, eq(orders.paymentId, created.paymentId))).toBe(0);
    const [checkout] = await ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentId, created.paymentId));
    expect(checkout?.status).toBe('open');
  });
});

describe('my orders and delivery states', () => {
  it("API-29, MYORD-11: lists the user's orders newest first in the listed shape", async () => {
    const user = await shopper();
    const teaLines = [line(item('green-tea'))];
    const socksLines = [line(item('wool-socks'), 2)];
    const first = await paidPayment(ctx.app, user, teaLines);
    await placeOrder(ctx.app, user, first.paymentId, teaLines);
    const second = await paidPayment(ctx.app, user, socksLines);
    await placeOrder(ctx.app, user, second.paymentId, socksLines);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/orders',
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(200);
    const { orders: listed } = ordersResponseSchema.parse(response.json());
    expect(listed.map((order) => order.orderItems[0]?.productName)).toEqual([
      'Wool Socks',
      'Green Tea',
    ]);
    expect(listed[0]).toMatchObject({
      deliveryStatus: 'PENDING',
      grandTotal: second.amount,
      orderItems: [{ productName: 'Wool Socks', productPrice: 99, quantity: 2 }],
    });
    expect(Object.keys(listed[0]?.orderItems[0] ?? {}).sort()).toEqual(
      ['_id', 'productImage', 'productName', 'productPrice', 'quantity'].sort(),
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/subscribers/orders' })).statusCode,
    ).toBe(401);
  });

  it('each order has a short number, the same in the answer, the list and the mail; the lines, shipping and coupon add up to the total (issue 10.7)', async () => {
    const user = await shopper();
    const lines = [line(item('acacia-honey'), 2), line(item('hemp-t-shirt', 'Color=Red,Size=M'))];
    const payment = await paidPayment(ctx.app, user, lines, { couponCode: 'SAVE10' });
    const placed = orderSchema.parse(
      (await placeOrder(ctx.app, user, payment.paymentId, lines)).json(),
    );
    expect(placed.orderNumber).toBeGreaterThanOrEqual(10001);
    const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(placed.orderNumber).toBe(stored?.number);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/orders',
      headers: bearer(user),
    });
    const [listed] = ordersResponseSchema.parse(response.json()).orders;
    expect(listed).toMatchObject({
      _id: placed._id,
      orderNumber: placed.orderNumber,
      storePickup: false,
      shippingPrice: placed.shippingPrice,
      couponCode: 'SAVE10',
    });
    expect(placed.shippingPrice).toBeGreaterThan(0);
    expect(listed?.couponDiscount).toBeGreaterThan(0);
    const ore = (nok: number) => Math.round(nok * 100);
    const linesOre = (listed?.orderItems ?? []).reduce(
      (sum, orderLine) => sum + ore(orderLine.productPrice) * orderLine.quantity,
      0,
    );
    expect(linesOre + ore(listed?.shippingPrice ?? 0) - ore(listed?.couponDiscount ?? 0)).toBe(
      ore(listed?.grandTotal ?? 0),
    );

    const mail = await receivedMail(ctx.app, user.email, 'order-confirmation');
    expect(mail?.subject).toBe(`Your Nordic Trading order ${placed.orderNumber}`);
    expect(mail?.text).toContain(`Thank you for your order ${placed.orderNumber}.`);
    expect(mail?.text).not.toContain(placed._id.slice(0, 8).toUpperCase());
  });

  it('API-44: deleting the account keeps its orders without personal data', async () => {
    const user = await shopper();
    const lines = [line(item('green-tea'))];
    const payment = await paidPayment(ctx.app, user, lines);
    const order = (await placeOrder(ctx.app, user, payment.paymentId, lines)).json<Order>();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/subscribers/profile',
      headers: bearer(user),
      payload: { email: user.email },
    });
    expect(deleted.statusCode).toBe(200);
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept).toMatchObject({ userId: null, shippingDetails: null, billingDetails: null });
    expect(kept?.grandTotalOre).toBe(Math.round(payment.amount * 100));
  });
});
