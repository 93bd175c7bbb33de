import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatAmount } from '@shop/shared';
import { loadEnv, type Env } from '../../config/env.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { startNetsStandIn, type NetsStandIn } from './nets-stand-in.js';
import { NetsApiError, NetsPaymentProvider, toNetsOrderItem } from './nets-provider.js';
import {
  formatNok,
  isShippingLine,
  splitShippingByRate,
  vatByRate,
  vatOfGross,
} from './payment-lines.js';
import {
  buildPaymentLines,
  createPaymentProvider,
  type CreatePaymentInput,
  type PaymentLineItem,
} from './payment-provider.js';
import { testPayments } from './payments.tables.js';
import {
  testCards,
  testPaymentMessages,
  TestPaymentProvider,
  type CardDetails,
} from './test-provider.js';

const secretKey = 'test-secret-key-0123456789abcdef';
const webhookSecret = 'WebhookSecret0123456789';
const checkoutKey = 'test-checkout-key-abcdef';

/** A small deterministic generator, so a failing random cart can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('buildPaymentLines', () => {
  const honey: PaymentLineItem = {
    itemId: 'honey-1',
    name: 'Honey',
    qty: 3,
    unitPriceOre: 12_990,
    vatPercent: 15,
  };
  const items: PaymentLineItem[] = [
    honey,
    { itemId: 'scarf-2', name: 'Scarf', qty: 1, unitPriceOre: 49_900, vatPercent: 25 },
  ];

  it('adds one discount line per VAT rate, and the shipping as one line per rate of the goods (issue 29)', () => {
    const shipping = splitShippingByRate(9_900, items);
    const lines = buildPaymentLines({ items, couponDiscountOre: 8_887, shipping });
    expect(lines.map((line) => line.reference)).toEqual([
      'honey-1',
      'scarf-2',
      'coupon-vat-15',
      'coupon-vat-25',
      'shipping-vat-25',
      'shipping-vat-15',
    ]);
    expect(lines[0]).toMatchObject({ quantity: 3, unitPriceOre: 12_990, grossTotalOre: 38_970 });
    // 38 970 : 49 900 of 8 887 øre is 3 896.9 : 4 990.1, rounded to add up.
    expect(lines[2]).toMatchObject({ vatPercent: 15, grossTotalOre: -3_897, quantity: 1 });
    expect(lines[3]).toMatchObject({ vatPercent: 25, grossTotalOre: -4_990 });
    // 9 900 øre over 49 900 : 38 970 is 5 558.6 : 4 341.4, rounded to add up.
    expect(lines[4]).toMatchObject({
      vatPercent: 25,
      grossTotalOre: 5_559,
      name: 'Shipping (25 % VAT)',
    });
    expect(lines[5]).toMatchObject({
      vatPercent: 15,
      grossTotalOre: 4_341,
      name: 'Shipping (15 % VAT)',
    });
    expect(lines.filter(isShippingLine)).toHaveLength(2);
    expect(sum(lines.map((line) => line.grossTotalOre))).toBe(38_970 + 49_900 - 8_887 + 9_900);
  });

  it('has no discount or shipping lines when there is neither', () => {
    const lines = buildPaymentLines({ items, couponDiscountOre: 0, shipping: [] });
    expect(lines).toHaveLength(2);
  });

  it('refuses a coupon larger than the items, and amounts that are not whole øre', () => {
    expect(() => buildPaymentLines({ items, couponDiscountOre: 88_871, shipping: [] })).toThrow(
      RangeError,
    );
    expect(() => buildPaymentLines({ items, couponDiscountOre: 0.5, shipping: [] })).toThrow();
    expect(() =>
      buildPaymentLines({ items, couponDiscountOre: 0, shipping: [{ rate: 25, grossOre: -1 }] }),
    ).toThrow();
    expect(() => splitShippingByRate(-1, items)).toThrow(RangeError);
    expect(() => splitShippingByRate(0.5, items)).toThrow(RangeError);
    expect(() =>
      buildPaymentLines({
        items: [{ ...honey, qty: 0 }],
        couponDiscountOre: 0,
        shipping: [],
      }),
    ).toThrow();
  });

  it('always adds up to items − coupon + shipping, with Nets order items that add up too', () => {
    const next = random(20_240_601);
    const rates = [0, 12, 15, 25];
    for (let cart = 0; cart < 400; cart += 1) {
      const cartItems: PaymentLineItem[] = Array.from({ length: 1 + next(6) }, (_, index) => ({
        itemId: index + 1,
        name: `Item ${index + 1}`,
        qty: 1 + next(7),
        unitPriceOre: 1 + next(600_000),
        vatPercent: rates[next(rates.length)] ?? 25,
      }));
      const itemsTotal = sum(cartItems.map((item) => item.qty * item.unitPriceOre));
      const couponDiscountOre = next(3) === 0 ? 0 : next(itemsTotal + 1);
      const shippingOre = next(2) === 0 ? 0 : next(100_000);
      const shipping = splitShippingByRate(shippingOre, cartItems);
      const lines = buildPaymentLines({ items: cartItems, couponDiscountOre, shipping });
      expect(sum(lines.map((line) => line.grossTotalOre))).toBe(
        itemsTotal - couponDiscountOre + shippingOre,
      );
      for (const rate of rates) {
        const atRate = lines.filter((line) => line.vatPercent === rate);
        const discount = -sum(
          atRate.filter((line) => line.grossTotalOre < 0).map((l) => l.grossTotalOre),
        );
        const goods = sum(
          atRate
            .filter((line) => line.grossTotalOre > 0 && !isShippingLine(line))
            .map((l) => l.grossTotalOre),
        );
        expect(discount).toBeLessThanOrEqual(goods);
      }
      for (const line of lines) {
        expect(line.grossTotalOre).toBe(line.quantity * line.unitPriceOre);
        const item = toNetsOrderItem(line);
        expect(item.unitPrice * item.quantity).toBe(item.netTotalAmount);
        expect(item.netTotalAmount + item.taxAmount).toBe(item.grossTotalAmount);
        expect(item.taxAmount).toBe(vatOfGross(line.grossTotalOre, line.vatPercent));
        expect(item.taxRate).toBe(line.vatPercent * 100);
      }
    }
  });
});

describe('splitShippingByRate: the shipping follows the goods (issue 29)', () => {
  const honey = (qty: number, unitPriceOre = 17_900): PaymentLineItem => ({
    itemId: 'honey',
    name: 'Honey',
    qty,
    unitPriceOre,
    vatPercent: 15,
  });

  it('puts a food-only order’s shipping at 15 %: 2 × honey 179 + shipping 79 = 437 has VAT 57,00', () => {
    const items = [honey(2)];
    const shipping = splitShippingByRate(7_900, items);
    expect(shipping).toEqual([{ rate: 15, grossOre: 7_900 }]);
    const lines = buildPaymentLines({ items, couponDiscountOre: 0, shipping });
    expect(sum(lines.map((line) => line.grossTotalOre))).toBe(43_700);
    expect(lines.at(-1)).toMatchObject({ reference: 'shipping', name: 'Shipping', vatPercent: 15 });
    // Before the split: 46,70 at 15 % and 15,80 at 25 %, 62,50 in all.
    expect(vatByRate(lines)).toEqual([{ rate: 15, amountOre: 5_700 }]);
  });

  it('splits a mixed order’s shipping over the rates by the goods’ value at each, adding up to the øre', () => {
    const items: PaymentLineItem[] = [
      honey(1, 10_000),
      { itemId: 'scarf', name: 'Scarf', qty: 1, unitPriceOre: 30_000, vatPercent: 25 },
    ];
    expect(splitShippingByRate(8_000, items)).toEqual([
      { rate: 25, grossOre: 6_000 },
      { rate: 15, grossOre: 2_000 },
    ]);
    // 7 900 over 3 : 1 is 5 925 : 1 975 exactly; 7 901 leaves one øre, for the largest remainder.
    expect(splitShippingByRate(7_901, items)).toEqual([
      { rate: 25, grossOre: 5_926 },
      { rate: 15, grossOre: 1_975 },
    ]);
    expect(splitShippingByRate(0, items)).toEqual([]);
  });

  it('weighs goods that cost nothing by their units, and a store pickup has no shipping', () => {
    const free: PaymentLineItem[] = [
      honey(3, 0),
      { itemId: 'scarf', name: 'Scarf', qty: 1, unitPriceOre: 0, vatPercent: 25 },
    ];
    expect(splitShippingByRate(4_000, free)).toEqual([
      { rate: 25, grossOre: 1_000 },
      { rate: 15, grossOre: 3_000 },
    ]);
    expect(splitShippingByRate(0, [])).toEqual([]);
    expect(() => splitShippingByRate(100, [])).toThrow(RangeError);
  });

  it('always adds up to the shipping, each rate within an øre of its exact share', () => {
    const next = random(29);
    const rates = [0, 12, 15, 25];
    for (let cart = 0; cart < 400; cart += 1) {
      const items: PaymentLineItem[] = Array.from({ length: 1 + next(6) }, (_, index) => ({
        itemId: index,
        name: `Item ${index}`,
        qty: 1 + next(7),
        unitPriceOre: 1 + next(600_000),
        vatPercent: rates[next(rates.length)] ?? 25,
      }));
      const shippingOre = next(200_000);
      const shares = splitShippingByRate(shippingOre, items);
      expect(sum(shares.map((share) => share.grossOre))).toBe(shippingOre);
      const goods = sum(items.map((item) => item.qty * item.unitPriceOre));
      for (const share of shares) {
        const atRate = sum(
          items
            .filter((item) => item.vatPercent === share.rate)
            .map((item) => item.qty * item.unitPriceOre),
        );
        expect(Math.abs(share.grossOre - (shippingOre * atRate) / goods)).toBeLessThan(1);
      }
    }
  });
});

describe('amounts and VAT', () => {
  it('computes VAT as gross × rate / (100 + rate), rounded the same way for discounts', () => {
    expect(vatOfGross(12_500, 25)).toBe(2_500);
    expect(vatOfGross(11_500, 15)).toBe(1_500);
    expect(vatOfGross(-12_500, 25)).toBe(-2_500);
    expect(vatOfGross(3, 25)).toBe(1);
    expect(vatOfGross(-3, 25)).toBe(-1);
    expect(vatOfGross(10_000, 0)).toBe(0);
  });

  it('formats NOK as the storefront summary does, currency code first (issue 10.2, 10.13)', () => {
    expect(formatNok(123_450)).toBe(formatAmount(1234.5, 1, 'NOK'));
    expect(formatNok(123_450)).toMatch(/^NOK\s1,234\.50$/);
    expect(formatNok(5)).toMatch(/^NOK\s0\.05$/);
    expect(formatNok(123_456_789)).toMatch(/^NOK\s1,234,567\.89$/);
  });

  it('sends a line whose net does not divide by its quantity as one unit', () => {
    const tea = { reference: 'tea', name: 'Tea', vatPercent: 25, quantity: 3 };
    expect(toNetsOrderItem({ ...tea, unitPriceOre: 1_000, grossTotalOre: 3_000 })).toMatchObject({
      name: 'Tea',
      quantity: 3,
      unitPrice: 800,
      taxAmount: 600,
    });
    expect(toNetsOrderItem({ ...tea, unitPriceOre: 1_001, grossTotalOre: 3_003 })).toEqual({
      reference: 'tea',
      name: '3 × Tea',
      quantity: 1,
      unit: 'pcs',
      unitPrice: 2_402,
      taxRate: 2500,
      taxAmount: 601,
      netTotalAmount: 2_402,
      grossTotalAmount: 3_003,
    });
  });
});

const netsEnv = (apiUrl: string, overrides: Record<string, string> = {}): Env =>
  loadEnv({
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'nets',
    NETS_SECRET_KEY: secretKey,
    NETS_CHECKOUT_KEY: checkoutKey,
    NETS_WEBHOOK_SECRET: webhookSecret,
    NETS_API_URL: apiUrl,
    PUBLIC_URL: 'https://shop.example',
    ...overrides,
  });

const paymentInput = (): CreatePaymentInput => {
  const items: PaymentLineItem[] = [
    { itemId: 'honey', name: 'Honey', qty: 2, unitPriceOre: 11_500, vatPercent: 15 },
    { itemId: 'scarf', name: 'Scarf', qty: 1, unitPriceOre: 49_900, vatPercent: 25 },
  ];
  const lines = buildPaymentLines({
    items,
    couponDiscountOre: 5_000,
    shipping: splitShippingByRate(9_900, items),
  });
  return {
    reference: '3f9d0c8e-1111-4a2b-8c3d-000000000001',
    locale: 'nb',
    amountOre: sum(lines.map((line) => line.grossTotalOre)),
    currency: 'NOK',
    lines,
  };
};

describe('the Nets provider, against a local stand-in of the Payment API', () => {
  let standIn: NetsStandIn;
  let provider: NetsPaymentProvider;

  beforeAll(async () => {
    standIn = await startNetsStandIn({ secretKey });
    provider = new NetsPaymentProvider({ env: netsEnv(standIn.url) });
  });
  afterAll(async () => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  it('is what createPaymentProvider makes for PAYMENT_PROVIDER=nets, with the public key', () => {
    const made = createPaymentProvider({
      db: undefined as never,
      env: netsEnv(standIn.url),
    });
    expect(made).toBeInstanceOf(NetsPaymentProvider);
    expect(made.name).toBe('nets');
    expect(made.checkoutKey).toBe(checkoutKey);
    expect(made.checkoutScriptUrl).toBe('https://test.checkout.dibspayment.eu/v1/checkout.js?v=1');
  });

  it('links an English checkout back to the English checkout and terms (issue 31.3)', async () => {
    await provider.createPayment({ ...paymentInput(), locale: 'en' });
    const body = standIn.requests[0]?.body as { checkout: { url: string; termsUrl: string } };
    expect(body.checkout).toMatchObject({
      url: 'https://shop.example/en/checkout',
      termsUrl: 'https://shop.example/en/terms-conditions',
    });
  });

  it('creates a payment with order lines in øre that add up to the amount', async () => {
    const input = paymentInput();
    const { paymentId } = await provider.createPayment(input);
    expect(paymentId).toMatch(/^[0-9a-f]{32}$/);

    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payments' });
    expect(request?.headers.authorization).toBe(secretKey);
    expect(request?.headers['content-type']).toBe('application/json');
    const body = request?.body as {
      order: {
        items: { grossTotalAmount: number; taxRate: number; reference: string }[];
        amount: number;
      };
    };
    expect(body).toMatchObject({
      order: { amount: input.amountOre, currency: 'NOK', reference: input.reference },
      checkout: {
        integrationType: 'EmbeddedCheckout',
        url: 'https://shop.example/checkout',
        termsUrl: 'https://shop.example/terms-conditions',
        merchantHandlesConsumerData: true,
      },
      notifications: {
        webHooks: [
          {
            eventName: 'payment.reservation.created.v2',
            url: 'https://shop.example/api/payments/webhook/nets',
            authorization: webhookSecret,
          },
          {
            eventName: 'payment.checkout.completed',
            url: 'https://shop.example/api/payments/webhook/nets',
            authorization: webhookSecret,
          },
        ],
      },
    });
    expect(sum(body.order.items.map((item) => item.grossTotalAmount))).toBe(body.order.amount);
    expect(body.order.items.map((item) => [item.reference, item.taxRate])).toEqual([
      ['honey', 1500],
      ['scarf', 2500],
      ['coupon-vat-15', 1500],
      ['coupon-vat-25', 2500],
      // The shipping at the goods' rates, by their value (issue 29): 6 777 and 3 123 øre.
      ['shipping-vat-25', 2500],
      ['shipping-vat-15', 1500],
    ]);
    expect(body.order.items[0]).toEqual({
      reference: 'honey',
      name: 'Honey',
      quantity: 2,
      unit: 'pcs',
      unitPrice: 10_000,
      taxRate: 1500,
      taxAmount: 3_000,
      grossTotalAmount: 23_000,
      netTotalAmount: 20_000,
    });
    // 5 000 øre of coupon split 23 000 : 49 900 is 1 577.5 : 3 422.5 (rounded to add up).
    expect(body.order.items[2]).toMatchObject({ grossTotalAmount: -1_578, taxAmount: -206 });
    expect(body.order.items[3]).toMatchObject({ grossTotalAmount: -3_422, taxAmount: -684 });
    expect(body.order.items[4]).toMatchObject({ grossTotalAmount: 6_777, taxAmount: 1_355 });
    expect(body.order.items[5]).toMatchObject({ grossTotalAmount: 3_123, taxAmount: 407 });
  });

  it('asks for no webhooks when the shop is not on HTTPS (Nets calls only HTTPS)', async () => {
    const plain = new NetsPaymentProvider({
      env: netsEnv(standIn.url, { PUBLIC_URL: 'http://localhost:5000' }),
    });
    await plain.createPayment(paymentInput());
    expect(standIn.requests[0]?.body).not.toHaveProperty('notifications');
    expect(standIn.requests[0]?.body).toMatchObject({
      checkout: { url: 'http://localhost:5000/checkout' },
    });
  });

  it('refuses lines that do not add up before calling Nets', async () => {
    const input = paymentInput();
    await expect(
      provider.createPayment({ ...input, amountOre: input.amountOre + 1 }),
    ).rejects.toThrow(RangeError);
    expect(standIn.requests).toHaveLength(0);
  });

  it('reads the status from the summary: pending, reserved, charged; cancelled', async () => {
    const input = paymentInput();
    const { paymentId } = await provider.createPayment(input);
    expect(await provider.getPayment(paymentId)).toEqual({
      paymentId,
      status: 'pending',
      amountOre: 0,
      currency: 'NOK',
      reference: input.reference,
    });
    standIn.reserve(paymentId);
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'reserved',
      amountOre: input.amountOre,
    });
    await provider.charge(paymentId, input.amountOre, `charge-${paymentId}`);
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'charged',
      amountOre: input.amountOre,
    });

    const other = await provider.createPayment(input);
    standIn.reserve(other.paymentId);
    await provider.cancel(other.paymentId, input.amountOre, `cancel-${other.paymentId}`);
    expect(await provider.getPayment(other.paymentId)).toMatchObject({
      status: 'cancelled',
      amountOre: 0,
    });
  });

  it('sends charge and cancel with an Idempotency-Key; a repeated charge charges once', async () => {
    const input = paymentInput();
    const { paymentId } = await provider.createPayment(input);
    standIn.reserve(paymentId);
    standIn.requests.length = 0;
    await provider.charge(paymentId, input.amountOre, 'order-1-charge');
    await provider.charge(paymentId, input.amountOre, 'order-1-charge');
    expect(
      standIn.requests.map((request) => [request.path, request.headers['idempotency-key']]),
    ).toEqual([
      [`/v1/payments/${paymentId}/charges`, 'order-1-charge'],
      [`/v1/payments/${paymentId}/charges`, 'order-1-charge'],
    ]);
    expect(standIn.requests[0]?.body).toEqual({ amount: input.amountOre });
    expect(await provider.getPayment(paymentId)).toMatchObject({ amountOre: input.amountOre });

    const other = await provider.createPayment(input);
    standIn.reserve(other.paymentId);
    standIn.requests.length = 0;
    await provider.cancel(other.paymentId, input.amountOre, 'order-2-cancel');
    expect(standIn.requests[0]).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${other.paymentId}/cancels`,
      body: { amount: input.amountOre },
    });
    expect(standIn.requests[0]?.headers['idempotency-key']).toBe('order-2-cancel');
  });

  it('answers undefined for an unknown payment, and throws the status for a refusal', async () => {
    expect(await provider.getPayment('0123456789abcdef0123456789abcdef')).toBeUndefined();
    const refused = provider.charge('0123456789abcdef0123456789abcdef', 100, 'k');
    await expect(refused).rejects.toBeInstanceOf(NetsApiError);
    await expect(refused).rejects.toMatchObject({ status: 404 });
  });

  it('never puts the secret key in an error, and says 401 when Nets refuses the key', async () => {
    const wrongKey = new NetsPaymentProvider({
      env: netsEnv(standIn.url, { NETS_SECRET_KEY: 'another-secret-key-0000' }),
    });
    const error = await wrongKey.getPayment('abc').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetsApiError);
    expect((error as NetsApiError).status).toBe(401);
    expect((error as Error).message).not.toContain('another-secret-key');
    expect((error as Error).message).toContain('401');
  });

  it('turns a network failure into an error naming the call', async () => {
    const unreachable = new NetsPaymentProvider({
      env: netsEnv(standIn.url),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(unreachable.getPayment('abc')).rejects.toThrow('Nets GET /v1/payments/abc failed');
  });

  describe('webhooks', () => {
    const body = (event: string) => ({
      id: 'e1',
      timestamp: '2025-01-01T10:00:00Z',
      merchantNumber: 100017120,
      event,
      data: {
        paymentId: '0123456789abcdef0123456789abcdef',
        amount: { amount: 10_000, currency: 'NOK' },
      },
    });

    it('accepts the two completion events with the right Authorization', () => {
      for (const event of ['payment.reservation.created.v2', 'payment.checkout.completed'])
        expect(provider.readWebhook({ authorization: webhookSecret }, body(event))).toEqual({
          paymentId: '0123456789abcdef0123456789abcdef',
          kind: 'completed',
        });
      expect(
        provider.readWebhook({ authorization: webhookSecret }, body('payment.charge.created.v2')),
      ).toMatchObject({ kind: 'other' });
    });

    it('refuses a wrong, missing, repeated or differently long Authorization', () => {
      const event = body('payment.checkout.completed');
      const wrong = `${webhookSecret.slice(0, -1)}X`;
      expect(provider.readWebhook({ authorization: wrong }, event)).toBeUndefined();
      expect(provider.readWebhook({}, event)).toBeUndefined();
      expect(provider.readWebhook({ authorization: `${webhookSecret}0` }, event)).toBeUndefined();
      expect(provider.readWebhook({ authorization: 'short' }, event)).toBeUndefined();
      expect(
        provider.readWebhook({ authorization: [webhookSecret, webhookSecret] }, event),
      ).toBeUndefined();
    });

    it('ignores a body it does not understand', () => {
      const headers = { authorization: webhookSecret };
      expect(provider.readWebhook(headers, undefined)).toBeUndefined();
      expect(provider.readWebhook(headers, 'text')).toBeUndefined();
      expect(
        provider.readWebhook(headers, { event: 'payment.checkout.completed' }),
      ).toBeUndefined();
      expect(
        provider.readWebhook(headers, { event: 'payment.checkout.completed', data: {} }),
      ).toBeUndefined();
    });
  });
});

describe('the test provider and its widget', () => {
  let ctx: TestContext;
  let provider: TestPaymentProvider;
  const card = {
    cardNumber: testCards.approved,
    expiry: '12/39',
    cvc: '123',
    name: 'Kari Nordmann',
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    provider = new TestPaymentProvider({ db: ctx.db, env: ctx.env });
  });
  afterAll(async () => ctx.close());

  const create = async () => (await provider.createPayment(paymentInput())).paymentId;
  const pay = (paymentId: string, details: Partial<CardDetails> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/payments/test/widget/${paymentId}/pay`,
      payload: { ...card, ...details },
    });
  const widget = (paymentId: string, key = provider.checkoutKey) =>
    ctx.app.inject({
      method: 'GET',
      url: `/payments/test/widget/${paymentId}?checkoutKey=${encodeURIComponent(key)}`,
    });

  it('is the default provider, mounted from a same-origin script', () => {
    const made = createPaymentProvider({ db: ctx.db, env: ctx.env });
    expect(made).toBeInstanceOf(TestPaymentProvider);
    expect(made).toMatchObject({
      name: 'test',
      checkoutKey: 'test-checkout-key',
      checkoutScriptUrl: '/payments/test/checkout.js',
    });
  });

  it('life cycle: created → paid with the success card → reserved → charged', async () => {
    const input = paymentInput();
    const paymentId = await create();
    expect(await provider.getPayment(paymentId)).toEqual({
      paymentId,
      status: 'pending',
      amountOre: 0,
      currency: 'NOK',
      reference: input.reference,
    });
    const paid = await pay(paymentId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'reserved' });
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'reserved',
      amountOre: input.amountOre,
    });
    const [stored] = await ctx.db.select().from(testPayments).where(eq(testPayments.id, paymentId));
    expect(stored?.cardLast4).toBe('1111');

    await provider.charge(paymentId, input.amountOre, 'key');
    await provider.charge(paymentId, input.amountOre, 'key');
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'charged',
      amountOre: input.amountOre,
    });
    // Paying again (a double click) answers the payment as it is.
    expect((await pay(paymentId)).json()).toEqual({ status: 'charged' });
    await expect(provider.cancel(paymentId, input.amountOre, 'key')).rejects.toThrow('charged');
  });

  it('a double click pays once', async () => {
    const paymentId = await create();
    const answers = await Promise.all([pay(paymentId), pay(paymentId)]);
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [200, { status: 'reserved' }],
      [200, { status: 'reserved' }],
    ]);
  });

  it('accepts any other card number that passes the Luhn check', async () => {
    const paymentId = await create();
    expect((await pay(paymentId, { cardNumber: '5555-5555-5555-4444' })).statusCode).toBe(200);
  });

  it('declines the decline card with 402; another card may follow', async () => {
    const paymentId = await create();
    const declined = await pay(paymentId, { cardNumber: testCards.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'declined',
      amountOre: 0,
    });
    await expect(provider.charge(paymentId, paymentInput().amountOre, 'k')).rejects.toThrow();
    expect((await pay(paymentId)).statusCode).toBe(200);
  });

  it.each([
    [{ cardNumber: '4111 1111 1111 1112' }, testPaymentMessages.invalidCardNumber],
    [{ cardNumber: '4111' }, testPaymentMessages.invalidCardNumber],
    [{ cardNumber: '' }, testPaymentMessages.invalidCardNumber],
    [{ expiry: '01/20' }, testPaymentMessages.expired],
    [{ expiry: '13/39' }, testPaymentMessages.invalidExpiry],
    [{ expiry: '1239' }, testPaymentMessages.invalidExpiry],
    [{ cvc: '12' }, testPaymentMessages.invalidCvc],
    [{ cvc: '12a' }, testPaymentMessages.invalidCvc],
    [{ name: '  ' }, testPaymentMessages.nameRequired],
  ])('refuses %o with 400 and a message', async (details, message) => {
    const paymentId = await create();
    const answer = await pay(paymentId, details);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
    expect(await provider.getPayment(paymentId)).toMatchObject({ status: 'pending' });
  });

  it('counts a card as valid through the last day of its expiry month', async () => {
    const paymentId = await create();
    const endOfMonth = new Date(Date.UTC(2030, 5, 30, 23, 59));
    expect(await provider.pay(paymentId, { ...card, expiry: '06/30' }, endOfMonth)).toEqual({
      ok: true,
      status: 'reserved',
    });
    const other = await create();
    expect(
      await provider.pay(other, { ...card, expiry: '06/30' }, new Date(Date.UTC(2030, 6, 1))),
    ).toMatchObject({ ok: false, statusCode: 400, message: testPaymentMessages.expired });
  });

  it('cancels a created or reserved payment, twice without harm; a cancelled one cannot be paid', async () => {
    const created = await create();
    await provider.cancel(created, 0, 'k');
    await provider.cancel(created, 0, 'k');
    expect(await provider.getPayment(created)).toMatchObject({ status: 'cancelled', amountOre: 0 });
    const paid = await pay(created);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: testPaymentMessages.cancelled });

    const reserved = await create();
    await pay(reserved);
    await provider.cancel(reserved, paymentInput().amountOre, 'k');
    expect(await provider.getPayment(reserved)).toMatchObject({ status: 'cancelled' });
    await expect(provider.charge(reserved, paymentInput().amountOre, 'k')).rejects.toThrow(
      'cancelled',
    );
  });

  it('captures a payment in parts, each key once, never more than was reserved (issue 32.3)', async () => {
    const paymentId = await create();
    await pay(paymentId);
    const total = paymentInput().amountOre;
    await provider.charge(paymentId, 100, 'part-1');
    await provider.charge(paymentId, 100, 'part-1');
    expect(await provider.getPayment(paymentId)).toMatchObject({
      status: 'charged',
      amountOre: 100,
    });
    await expect(provider.charge(paymentId, total, 'part-2')).rejects.toThrow(
      `${total - 100} øre left to capture`,
    );
    await provider.charge(paymentId, total - 100, 'part-2');
    expect(await provider.getPayment(paymentId)).toMatchObject({ amountOre: total });
    await expect(provider.charge(paymentId, 1, 'part-3')).rejects.toThrow('0 øre left');
  });

  it('answers undefined for an unknown or malformed payment id, and 404 to paying it', async () => {
    expect(await provider.getPayment('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await provider.getPayment('not-a-uuid')).toBeUndefined();
    const answer = await pay('not-a-uuid');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: testPaymentMessages.notFound });
    await expect(provider.charge('not-a-uuid', 1, 'k')).rejects.toThrow('not found');
  });

  it('refuses a payment whose lines do not add up', async () => {
    const input = paymentInput();
    await expect(provider.createPayment({ ...input, amountOre: 1 })).rejects.toThrow(RangeError);
  });

  it('reads its own webhook with webhookAuthorization and refuses any other', () => {
    const { headers, body } = provider.reservationWebhook({
      paymentId: '00000000-0000-4000-8000-000000000001',
      status: 'reserved',
      amountOre: 100,
      currency: 'NOK',
      reference: 'r',
    });
    expect(headers.authorization).toBe(provider.webhookAuthorization);
    expect(provider.readWebhook(headers, body)).toEqual({
      paymentId: '00000000-0000-4000-8000-000000000001',
      kind: 'completed',
    });
    expect(
      provider.readWebhook(
        { authorization: provider.webhookAuthorization },
        { event: 'payment.reservation.created.v2', data: { paymentId: 'p' } },
      ),
    ).toEqual({ paymentId: 'p', kind: 'completed' });
    expect(provider.readWebhook({ authorization: 'wrong' }, body)).toBeUndefined();
    expect(provider.readWebhook({}, body)).toBeUndefined();
    const sameLength = provider.webhookAuthorization.replace(/.$/, (last) =>
      last === 'a' ? 'b' : 'a',
    );
    expect(provider.readWebhook({ authorization: sameLength }, body)).toBeUndefined();
  });

  it('uses NETS_WEBHOOK_SECRET as its webhook authorization when set', () => {
    const env = loadEnv({ NODE_ENV: 'test', NETS_WEBHOOK_SECRET: webhookSecret });
    expect(new TestPaymentProvider({ db: ctx.db, env }).webhookAuthorization).toBe(webhookSecret);
  });

  it('CHECKOUT-03, API-22: serves the checkout script defining Dibs.Checkout, and the widget files', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/payments/test/checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.body).toContain('window.Dibs.Checkout = Checkout');
    expect(script.body).toContain("'payment-completed'");
    expect(script.body).toContain('Card payment (test mode)');
    const widgetScript = await ctx.app.inject({ method: 'GET', url: '/payments/test/widget.js' });
    expect(widgetScript.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(widgetScript.body).toContain('location.origin');
    const styles = await ctx.app.inject({ method: 'GET', url: '/payments/test/widget.css' });
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('serves the card form: test-mode banner, amount, labelled fields, test cards, no inline script or style', async () => {
    const paymentId = await create();
    const page = await widget(paymentId);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('TEST MODE — no real card is charged');
    const amount = formatNok(paymentInput().amountOre);
    expect(amount).toMatch(/^NOK\s778\.00$/);
    expect(html).toContain(`Pay <span class="nowrap">${amount}</span>`);
    for (const [id, label] of [
      ['card-number', 'Card number'],
      ['card-expiry', 'Expiry (MM/YY)'],
      ['card-cvc', 'CVC'],
      ['card-name', 'Cardholder name'],
    ])
      expect(html).toContain(`<label for="${id}">${label}</label>\n<input id="${id}"`);
    expect(html).toContain(testCards.approved);
    expect(html).toContain(testCards.declined);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<script src="\/payments\/test\/widget\.js" defer><\/script>/);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it('shows the payment as approved once it is paid', async () => {
    const paymentId = await create();
    await pay(paymentId);
    const page = await widget(paymentId);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment approved');
    expect(page.body).not.toContain('<form');
  });

  it('refuses a wrong checkout key (400) and an unknown payment (404) with a clear page', async () => {
    const paymentId = await create();
    const wrongKey = await widget(paymentId, 'not-the-key');
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(wrongKey.body).toContain('wrong checkout key');
    expect(wrongKey.body).not.toContain('<form');
    const noKey = await ctx.app.inject({
      method: 'GET',
      url: `/payments/test/widget/${paymentId}`,
    });
    expect(noKey.statusCode).toBe(400);
    const unknown = await widget('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(testPaymentMessages.notFound);
  });

  it('escapes what it puts in the page', async () => {
    const page = await widget('<script>x</script>');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('<script>x');
  });
});

describe('Content-Security-Policy for the payment widget', () => {
  it('allows Nets checkout host for scripts and frames only when PAYMENT_PROVIDER=nets', async () => {
    const nets = await createTestApp({
      PAYMENT_PROVIDER: 'nets',
      NETS_SECRET_KEY: secretKey,
      NETS_CHECKOUT_KEY: checkoutKey,
      NETS_WEBHOOK_SECRET: webhookSecret,
    });
    const test = await createTestApp();
    try {
      const script = { method: 'GET', url: '/payments/test/checkout.js' } as const;
      const fromNets = await nets.app.inject(script);
      // The test widget's files are not served with a real provider.
      expect(fromNets.statusCode).toBe(404);
      const netsPolicy = String(fromNets.headers['content-security-policy']);
      expect(netsPolicy).toContain("script-src 'self' https://test.checkout.dibspayment.eu;");
      expect(netsPolicy).toContain("frame-src 'self' https://test.checkout.dibspayment.eu");
      const testPolicy = String((await test.app.inject(script)).headers['content-security-policy']);
      expect(testPolicy).not.toContain('dibspayment');
      expect(testPolicy).toContain("frame-src 'self'");
    } finally {
      await nets.close();
      await test.close();
    }
  });
});
