import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { VippsCreatePaymentRequest } from './vipps-api.js';
import { VippsApiError, VippsClient, type VippsClientOptions } from './vipps-client.js';
import {
  type RunningVippsStandIn,
  startVippsStandIn,
  type VippsStandInOptions,
} from './vipps-stand-in.js';

/**
 * The Vipps client against the stand-in over real HTTP (issue 32.1): the access token is cached,
 * renewed before it runs out and after a 401, every call carries Vipps' headers, and a refusal
 * carries Vipps' explanation but none of the shop's secrets.
 */

const credentials = {
  clientId: 'shop-client-id',
  clientSecret: 'shop-client-secret-do-not-leak',
  subscriptionKey: 'shop-subscription-key-do-not-leak',
  merchantSerialNumber: '123456',
};

let standIn: RunningVippsStandIn | undefined;

afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function setUp(
  standInOptions: Partial<VippsStandInOptions> = {},
  clientOptions: Partial<VippsClientOptions> = {},
) {
  standIn = await startVippsStandIn({ ...credentials, ...standInOptions });
  const client = new VippsClient({
    baseUrl: standIn.url,
    ...credentials,
    systemName: 'nordic-trading-shop',
    systemVersion: '1.0.0',
    pluginName: 'shop-payments',
    pluginVersion: '32.1',
    ...clientOptions,
  });
  return { standIn, client };
}

function paymentRequest(amountOre = 49_900): VippsCreatePaymentRequest {
  return {
    amount: { currency: 'NOK', value: amountOre },
    paymentMethod: { type: 'WALLET' },
    reference: randomUUID(),
    returnUrl: 'https://shop.example/checkout/return',
    userFlow: 'WEB_REDIRECT',
    paymentDescription: 'Order at Nordic Trading Shop',
  };
}

const tokenCalls = (running: RunningVippsStandIn) =>
  running.requests.filter((request) => request.path === '/accesstoken/get');

describe('VippsClient', () => {
  it('issue 32.1: one access token serves many calls, each with the subscription key, MSN and system headers', async () => {
    const { standIn, client } = await setUp();
    const request = paymentRequest();
    const created = await client.createPayment(request, randomUUID());
    await Promise.all([1, 2, 3].map(() => client.getPayment(created.reference)));
    await client.getPaymentEvents(created.reference);
    await client.listWebhooks();

    expect(tokenCalls(standIn)).toHaveLength(1);
    expect(standIn.requests).toHaveLength(7);
    for (const { headers } of standIn.requests)
      expect(headers).toMatchObject({
        'ocp-apim-subscription-key': credentials.subscriptionKey,
        'merchant-serial-number': credentials.merchantSerialNumber,
        'vipps-system-name': 'nordic-trading-shop',
        'vipps-system-version': '1.0.0',
        'vipps-system-plugin-name': 'shop-payments',
        'vipps-system-plugin-version': '32.1',
      });
    const [tokenCall, ...calls] = standIn.requests;
    expect(tokenCall?.headers).toMatchObject({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    for (const call of calls) expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(calls[0]?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(calls[0]?.body).toEqual(request);
    expect(created.redirectUrl).toBe(`${standIn.url}/landing/${request.reference}`);
  });

  it('issue 32.1: calls made together share one token request', async () => {
    const { standIn, client } = await setUp();
    await Promise.all(Array.from({ length: 5 }, () => client.getPayment(randomUUID())));
    expect(tokenCalls(standIn)).toHaveLength(1);
  });

  it('issue 32.1: the token is renewed shortly before it runs out, before Vipps would refuse it', async () => {
    let clock = Date.parse('2026-03-02T10:00:00Z');
    const now = () => clock;
    const { standIn, client } = await setUp({ tokenLifetimeSeconds: 600, now }, { now });
    const { reference } = await client.createPayment(paymentRequest(), randomUUID());
    clock += 500_000;
    await client.getPayment(reference);
    expect(tokenCalls(standIn)).toHaveLength(1);

    // 550 of 600 seconds: within the last minute, so the client asks for a new one first.
    clock += 50_000;
    await client.getPayment(reference);
    expect(tokenCalls(standIn)).toHaveLength(2);
    expect(standIn.requests.map((request) => request.status)).not.toContain(401);

    clock += 1_000_000;
    await client.getPayment(reference);
    expect(tokenCalls(standIn)).toHaveLength(3);
    expect(standIn.requests.map((request) => request.status)).not.toContain(401);
  });

  it('issue 32.1: after a 401 the client fetches a new token and repeats the call once', async () => {
    const { standIn, client } = await setUp();
    const { reference } = await client.createPayment(paymentRequest(), randomUUID());
    standIn.revokeTokens();

    await expect(client.getPayment(reference)).resolves.toMatchObject({ state: 'CREATED' });
    expect(
      standIn.requests.slice(-3).map(({ method, path, status }) => [method, path, status]),
    ).toEqual([
      ['GET', `/epayment/v1/payments/${reference}`, 401],
      ['POST', '/accesstoken/get', 200],
      ['GET', `/epayment/v1/payments/${reference}`, 200],
    ]);

    // A second refusal in a row is Vipps' answer, not a stale token: no third try.
    standIn.failNext('getPayment', 2, { status: 401 });
    const before = standIn.requests.length;
    await expect(client.getPayment(reference)).rejects.toMatchObject({ status: 401 });
    expect(standIn.requests.slice(before).map(({ path, status }) => [path, status])).toEqual([
      [`/epayment/v1/payments/${reference}`, 401],
      ['/accesstoken/get', 200],
      [`/epayment/v1/payments/${reference}`, 401],
    ]);
  });

  it("issue 32.1: a refusal carries the status and Vipps' problem detail, never the secrets", async () => {
    const { client } = await setUp({}, { clientSecret: 'a-wrong-secret-do-not-leak' });
    const refused = await client.getPayment(randomUUID()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VippsApiError);
    expect(refused).toMatchObject({ status: 401, title: 'Unauthorized' });
    const told = `${String(refused)} ${JSON.stringify(refused)} ${(refused as Error).stack}`;
    for (const secret of ['a-wrong-secret-do-not-leak', credentials.subscriptionKey])
      expect(told).not.toContain(secret);
  });

  it('issue 32.1: a problem that repeats a secret is told with the secret blanked out', async () => {
    const echoing: typeof fetch = async (_url, init) => {
      const headers = new Headers(init?.headers);
      const detail = `Unknown key ${headers.get('ocp-apim-subscription-key')} for ${headers.get('client_secret')}`;
      return Response.json({ title: 'Unauthorized', status: 401, detail }, { status: 401 });
    };
    const { client } = await setUp({}, { fetch: echoing });
    const refused = await client.listWebhooks().catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, detail: 'Unknown key [redacted] for [redacted]' });
    expect(String(refused)).not.toContain(credentials.clientSecret);
    expect(String(refused)).not.toContain(credentials.subscriptionKey);
  });

  it('issue 32.1: a bad request names the fields Vipps refused', async () => {
    const { client } = await setUp();
    const refused = await client
      .createPayment({ ...paymentRequest(), reference: 'short' }, randomUUID())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VippsApiError);
    expect((refused as VippsApiError).status).toBe(400);
    expect((refused as VippsApiError).extraDetails.map((extra) => extra.name)).toContain(
      'reference',
    );
  });

  it('issue 32.1: an unknown reference reads as undefined', async () => {
    const { client } = await setUp();
    await expect(client.getPayment(randomUUID())).resolves.toBeUndefined();
  });

  it("issue 32.1: modifications send the amount in øre and the caller's Idempotency-Key", async () => {
    const { standIn, client } = await setUp();
    const { reference } = await client.createPayment(paymentRequest(10_000), randomUUID());
    await standIn.approve(reference);

    const captured = await client.capture(reference, 6_000, 'capture-key-1');
    const refunded = await client.refund(reference, 1_000, 'refund-key-1');
    const cancelled = await client.cancel(reference, 'cancel-key-1');

    expect(captured.aggregate.capturedAmount).toEqual({ currency: 'NOK', value: 6_000 });
    expect(refunded.aggregate.refundedAmount).toEqual({ currency: 'NOK', value: 1_000 });
    expect(cancelled.aggregate.cancelledAmount).toEqual({ currency: 'NOK', value: 4_000 });
    const modifications = standIn.requests.filter((request) =>
      /\/(capture|refund|cancel)$/.test(request.path),
    );
    expect(modifications.map(({ headers, body }) => [headers['idempotency-key'], body])).toEqual([
      ['capture-key-1', { modificationAmount: { currency: 'NOK', value: 6_000 } }],
      ['refund-key-1', { modificationAmount: { currency: 'NOK', value: 1_000 } }],
      ['cancel-key-1', undefined],
    ]);
    await expect(client.capture(reference, 10.5, 'capture-key-2')).rejects.toThrow(RangeError);
  });

  it('issue 32.1: a 5xx is an error the caller can retry with the same key', async () => {
    const { standIn, client } = await setUp();
    const { reference } = await client.createPayment(paymentRequest(), randomUUID());
    standIn.failNext('getPayment', 2);
    await expect(client.getPayment(reference)).rejects.toMatchObject({ status: 503 });
    await expect(client.getPayment(reference)).rejects.toMatchObject({ status: 503 });
    await expect(client.getPayment(reference)).resolves.toMatchObject({ reference });
  });

  it('issue 32.1: registers, lists and deletes webhooks', async () => {
    const { client } = await setUp();
    const url = 'https://shop.example/api/payments/webhook/vipps';
    const registered = await client.registerWebhook(url, ['epayments.payment.authorized.v1']);
    expect(registered.secret).not.toBe('');
    await expect(client.listWebhooks()).resolves.toEqual([
      { id: registered.id, url, events: ['epayments.payment.authorized.v1'] },
    ]);
    await client.deleteWebhook(registered.id);
    await expect(client.listWebhooks()).resolves.toEqual([]);
    await expect(client.deleteWebhook(registered.id)).rejects.toMatchObject({ status: 404 });
  });
});
