import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { startNetsStandIn, type NetsStandIn } from './nets-stand-in.js';
import { NetsPaymentProvider } from './nets-provider.js';
import { RefundIncompleteError } from './provider-errors.js';
import type { CreatePaymentInput, PaymentLine } from './payment-provider.js';
import { testPayments } from './payments.tables.js';
import { TestPaymentProvider } from './test-provider.js';
import { captureAtOrder } from '../../test/checkout-fixtures.js';

// Refunds through both providers (issue 13): amounts in øre, the Idempotency-Key, and no refund
// beyond what was charged.

const secretKey = 'refund-test-secret-key-0123456789';

const scarf = (quantity: number): PaymentLine => ({
  reference: 'scarf',
  name: 'Scarf',
  quantity,
  unitPriceOre: 49_900,
  vatPercent: 25,
  grossTotalOre: 49_900 * quantity,
});

/** Two scarves and shipping: 109 700 øre. */
const payment = (): CreatePaymentInput => {
  const lines: PaymentLine[] = [
    scarf(2),
    {
      reference: 'shipping',
      name: 'Shipping',
      quantity: 1,
      unitPriceOre: 9_900,
      vatPercent: 25,
      grossTotalOre: 9_900,
    },
  ];
  return {
    reference: '3f9d0c8e-1111-4a2b-8c3d-000000000013',
    locale: 'nb',
    amountOre: 109_700,
    currency: 'NOK',
    lines,
  };
};

describe('Nets refunds, against the local stand-in (issue 13)', () => {
  let standIn: NetsStandIn;
  let provider: NetsPaymentProvider;

  beforeAll(async () => {
    standIn = await startNetsStandIn({ secretKey });
    provider = new NetsPaymentProvider({
      env: loadEnv({
        NODE_ENV: 'test',
        PAYMENT_PROVIDER: 'nets',
        NETS_SECRET_KEY: secretKey,
        NETS_CHECKOUT_KEY: 'refund-checkout-key',
        NETS_WEBHOOK_SECRET: 'RefundWebhookSecret42',
        NETS_API_URL: standIn.url,
        PUBLIC_URL: 'https://shop.example',
      }),
    });
  });
  afterAll(async () => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  async function chargedPayment() {
    const input = payment();
    const { paymentId } = await provider.createPayment(input);
    standIn.reserve(paymentId);
    await provider.charge(paymentId, input.amountOre, `charge-${paymentId}`);
    const chargeRequest = standIn.requests.findLast((request) => request.path.endsWith('/charges'));
    expect(chargeRequest).toBeDefined();
    standIn.requests.length = 0;
    return paymentId;
  }

  it('refunds the charge of the payment in øre, with order items and the Idempotency-Key (issue 13)', async () => {
    const paymentId = await chargedPayment();
    const { refundId } = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-r1');
    expect(refundId).toMatch(/^[0-9a-f]{32}$/);

    const [read, refund] = standIn.requests;
    expect(read).toMatchObject({ method: 'GET', path: `/v1/payments/${paymentId}` });
    expect(refund?.method).toBe('POST');
    expect(refund?.path).toMatch(/^\/v1\/charges\/[0-9a-f]{32}\/refunds$/);
    expect(refund?.headers.authorization).toBe(secretKey);
    expect(refund?.headers['idempotency-key']).toBe('refund-r1');
    expect(refund?.body).toEqual({
      amount: 49_900,
      orderItems: [
        {
          reference: 'scarf',
          name: 'Scarf',
          quantity: 1,
          unit: 'pcs',
          unitPrice: 39_920,
          taxRate: 2500,
          taxAmount: 9_980,
          grossTotalAmount: 49_900,
          netTotalAmount: 39_920,
        },
      ],
    });
  });

  it('a retry with the same Idempotency-Key is the same refund, refunded once (issue 13)', async () => {
    const paymentId = await chargedPayment();
    const first = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-again');
    const second = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-again');
    expect(second.refundId).toBe(first.refundId);
    // The second scarf still fits: the retry did not use up the charge.
    await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-other');
    const details = await fetch(`${standIn.url}/v1/payments/${paymentId}`, {
      headers: { authorization: secretKey },
    });
    const body = (await details.json()) as { payment: { summary: { refundedAmount: number } } };
    expect(body.payment.summary.refundedAmount).toBe(99_800);
  });

  it('refuses a refund above what the charge has left, and one of a payment not charged (issue 13)', async () => {
    const paymentId = await chargedPayment();
    await provider.refund(paymentId, 99_800, [scarf(2)], 'refund-goods');
    const over = provider.refund(
      paymentId,
      19_800,
      [{ ...scarf(1), unitPriceOre: 19_800, grossTotalOre: 19_800 }],
      'refund-too-much',
    );
    // Read from the payment's charges, and refused before Nets is asked to refund (issue 32.3).
    await expect(over).rejects.toThrow('no charge of 19800 øre');
    expect(standIn.requests.filter((request) => request.path.endsWith('/refunds'))).toHaveLength(1);

    const reserved = await provider.createPayment(payment());
    standIn.reserve(reserved.paymentId);
    await expect(
      provider.refund(reserved.paymentId, 49_900, [scarf(1)], 'refund-uncharged'),
    ).rejects.toThrow('no charge');
  });

  it('spreads a refund over the charges of a payment captured in parts, oldest first, each within what it has left (issue 32.3)', async () => {
    const input = payment();
    const { paymentId } = await provider.createPayment(input);
    standIn.reserve(paymentId);
    // The first part: one scarf and the shipping; the rest: the other scarf.
    await provider.charge(paymentId, 59_800, `charge-${paymentId}-first`);
    await provider.charge(paymentId, 49_900, `charge-${paymentId}-rest`);
    standIn.requests.length = 0;

    await provider.refund(
      paymentId,
      9_900,
      [{ ...scarf(1), unitPriceOre: 9_900, grossTotalOre: 9_900 }],
      'refund-shipping',
    );
    // The first charge has 49 900 øre left: a refund of 69 900 takes that and 20 000 of the second.
    const spread = await provider.refund(
      paymentId,
      69_900,
      [
        scarf(1),
        { ...scarf(1), reference: 'goodwill', unitPriceOre: 20_000, grossTotalOre: 20_000 },
      ],
      'refund-spread',
    );
    const posts = standIn.requests.filter((request) => request.method === 'POST');
    expect(
      posts.map((request) => [
        request.path.split('/')[3],
        (request.body as { amount: number }).amount,
        request.headers['idempotency-key'],
      ]),
    ).toEqual([
      [expect.any(String), 9_900, 'refund-shipping'],
      [posts[0]?.path.split('/')[3], 49_900, 'refund-spread-1'],
      [expect.any(String), 20_000, 'refund-spread-2'],
    ]);
    expect(posts[2]?.path).not.toBe(posts[1]?.path);
    expect(spread.refundId).toEqual(expect.any(String));

    // The first charge is used up: the next refund comes from the second, until it is too.
    await provider.refund(
      paymentId,
      9_900,
      [{ ...scarf(1), unitPriceOre: 9_900, grossTotalOre: 9_900 }],
      'refund-last',
    );
    const details = await fetch(`${standIn.url}/v1/payments/${paymentId}`, {
      headers: { authorization: secretKey },
    });
    const body = (await details.json()) as { payment: { summary: { refundedAmount: number } } };
    expect(body.payment.summary.refundedAmount).toBe(89_700);
    await expect(
      provider.refund(
        paymentId,
        20_100,
        [{ ...scarf(1), unitPriceOre: 20_100, grossTotalOre: 20_100 }],
        'refund-over',
      ),
    ).rejects.toThrow('no charge');
  });

  it('a refund over two charges whose second part fails is asked again for the rest only, never paid twice (issue 32.3)', async () => {
    let failRefundPosts = 0;
    const flaky = new NetsPaymentProvider({
      env: loadEnv({
        NODE_ENV: 'test',
        PAYMENT_PROVIDER: 'nets',
        NETS_SECRET_KEY: secretKey,
        NETS_CHECKOUT_KEY: 'refund-checkout-key',
        NETS_WEBHOOK_SECRET: 'RefundWebhookSecret42',
        NETS_API_URL: standIn.url,
        PUBLIC_URL: 'https://shop.example',
      }),
      // The second part's request is lost on its way, as on a network that fails midway.
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.endsWith('/refunds') && init?.method === 'POST' && (failRefundPosts += 1) === 2)
          throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    });
    const { paymentId } = await flaky.createPayment(payment());
    standIn.reserve(paymentId);
    await flaky.charge(paymentId, 59_800, `charge-${paymentId}-first`);
    await flaky.charge(paymentId, 49_900, `charge-${paymentId}-rest`);
    const lines = [
      scarf(1),
      { ...scarf(1), reference: 'goodwill', unitPriceOre: 20_000, grossTotalOre: 20_000 },
    ];

    // 69 900 from the first charge's 59 800 and 10 100 of the second; the second part fails.
    const cut = flaky.refund(paymentId, 69_900, lines, 'refund-cut', 0);
    await expect(cut).rejects.toBeInstanceOf(RefundIncompleteError);
    // Asked again as the sweep does: the same parts with the same keys; Nets answers the first
    // from its key and makes the second.
    await flaky.refund(paymentId, 69_900, lines, 'refund-cut', 0);
    const details = await fetch(`${standIn.url}/v1/payments/${paymentId}`, {
      headers: { authorization: secretKey },
    });
    const body = (await details.json()) as { payment: { summary: { refundedAmount: number } } };
    expect(body.payment.summary.refundedAmount).toBe(69_900);
  });

  it('refuses lines that do not add up to the amount before calling Nets (issue 13)', async () => {
    const paymentId = await chargedPayment();
    await expect(provider.refund(paymentId, 50_000, [scarf(1)], 'refund-odd')).rejects.toThrow(
      RangeError,
    );
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('test provider refunds (issue 13)', () => {
  let ctx: TestContext;
  let provider: TestPaymentProvider;

  beforeAll(async () => {
    ctx = await createTestApp();
    await captureAtOrder(ctx.db);
    provider = new TestPaymentProvider({ db: ctx.db, env: ctx.env });
  });
  afterAll(async () => ctx.close());

  async function chargedPayment() {
    const input = payment();
    const { paymentId } = await provider.createPayment(input);
    await ctx.db
      .update(testPayments)
      .set({ status: 'reserved' })
      .where(eq(testPayments.id, paymentId));
    await provider.charge(paymentId, input.amountOre, `charge-${paymentId}`);
    return paymentId;
  }

  it('refunds in øre up to what was charged; the same key again is the same refund (issue 13)', async () => {
    const paymentId = await chargedPayment();
    const first = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-1');
    expect(await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-1')).toEqual(first);
    const second = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-2');
    expect(second.refundId).not.toBe(first.refundId);
    // 109 700 charged, 99 800 refunded: the shipping's 9 900 is left, not a øre more.
    const shipping = (amountOre: number): PaymentLine[] => [
      {
        reference: 'shipping',
        name: 'Shipping',
        quantity: 1,
        unitPriceOre: amountOre,
        vatPercent: 25,
        grossTotalOre: amountOre,
      },
    ];
    await expect(provider.refund(paymentId, 9_901, shipping(9_901), 'refund-3')).rejects.toThrow(
      'has 9900 øre left to refund',
    );
    await provider.refund(paymentId, 9_900, shipping(9_900), 'refund-3');
    // A key used for another amount is a mistake, not a new refund.
    await expect(provider.refund(paymentId, 100, shipping(100), 'refund-1')).rejects.toThrow(
      'was made for 49900 øre',
    );
  });

  it('keeps its refunds in the database: another process knows them after a restart (issue 13)', async () => {
    const paymentId = await chargedPayment();
    const first = await provider.refund(paymentId, 49_900, [scarf(1)], 'refund-kept-1');
    const restarted = new TestPaymentProvider({ db: ctx.db, env: ctx.env });
    expect(await restarted.refund(paymentId, 49_900, [scarf(1)], 'refund-kept-1')).toEqual(first);
    await restarted.refund(paymentId, 49_900, [scarf(1)], 'refund-kept-2');
    await expect(restarted.refund(paymentId, 49_900, [scarf(1)], 'refund-kept-3')).rejects.toThrow(
      'has 9900 øre left to refund',
    );
  });

  it('refuses a refund of a payment that is not charged, and lines that do not add up (issue 13)', async () => {
    const { paymentId } = await provider.createPayment(payment());
    await expect(provider.refund(paymentId, 49_900, [scarf(1)], 'refund-x')).rejects.toThrow(
      'not charged',
    );
    const charged = await chargedPayment();
    await expect(provider.refund(charged, 1, [scarf(1)], 'refund-y')).rejects.toThrow(RangeError);
  });
});
