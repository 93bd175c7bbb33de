import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { VippsShippingGroup } from './vipps-api.js';
import { formatKroner, vippsStandInTestAddress, vippsStandInTestUser } from './vipps-stand-in.js';
import { testPaymentRequest, testVippsCredentials, vippsTestKit } from './vipps-test-kit.js';

/**
 * The Vipps stand-in (issue 32.2), driven over real HTTP by the shop's client and by a browser's
 * requests: the landing page and its forms, the payment states and the modifications Vipps
 * allows or refuses, idempotency, access tokens that expire, failures on demand, and Express.
 */

const kit = vippsTestKit();
afterEach(() => kit.closeAll());
const { setUp, receiver } = kit;
const paymentRequest = testPaymentRequest;

async function authorised(
  setup: Awaited<ReturnType<typeof setUp>>,
  amountOre: number,
): Promise<string> {
  const { reference } = await setup.client.createPayment(paymentRequest(amountOre), randomUUID());
  await setup.standIn.approve(reference);
  return reference;
}

/** What a browser does with the landing page: reads it, then submits the form of `button`. */
async function choose(redirectUrl: string, button: 'Approve' | 'Reject' | 'Cancel') {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">\s*<button[^>]*>(\w+)</g)];
  const action = forms.find((form) => form[2] === button)?.[1];
  if (!action) throw new Error(`no ${button} form on the landing page`);
  const chosen = await fetch(new URL(action, page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  return { html, chosen };
}

describe('Vipps stand-in', () => {
  it('issue 32.2: the landing page shows the amount and merchant, and Approve authorises and returns to the shop', async () => {
    const setup = await setUp();
    const shop = await receiver(() => ({ status: 200 }));
    const request = paymentRequest(123_450, {
      returnUrl: `${shop.url}/checkout/return?checkout=abc`,
    });
    const { redirectUrl } = await setup.client.createPayment(request, randomUUID());
    if (!redirectUrl) throw new Error('no redirectUrl');

    const { html, chosen } = await choose(redirectUrl, 'Approve');
    expect(html).toContain(formatKroner(123_450));
    expect(formatKroner(123_450)).toBe('kr\u00a01\u00a0234,50');
    expect(html).toContain('Nordic Trading Shop');
    expect(html).toContain('TEST STAND-IN');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);

    expect(chosen.status).toBe(200);
    expect(chosen.url).toBe(request.returnUrl);
    expect(shop.received.map((arrived) => arrived.pathAndQuery)).toEqual([
      '/checkout/return?checkout=abc',
    ]);
    const payment = await setup.client.getPayment(request.reference);
    expect(payment).toMatchObject({
      state: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 123_450 },
      aggregate: { authorizedAmount: { currency: 'NOK', value: 123_450 } },
    });

    // Once decided, the page says so and offers no buttons.
    const after = await (await fetch(redirectUrl)).text();
    expect(after).toContain('AUTHORIZED');
    expect(after).not.toContain('<form');
  });

  it('issue 32.2: Reject and Cancel on the landing page abort the payment', async () => {
    const setup = await setUp();
    const shop = await receiver();
    for (const button of ['Reject', 'Cancel'] as const) {
      const request = paymentRequest(5_000, { returnUrl: `${shop.url}/return` });
      const { redirectUrl } = await setup.client.createPayment(request, randomUUID());
      const { chosen } = await choose(redirectUrl ?? '', button);
      expect(chosen.url).toBe(request.returnUrl);
      await expect(setup.client.getPayment(request.reference)).resolves.toMatchObject({
        state: 'ABORTED',
        aggregate: { authorizedAmount: { value: 0 } },
      });
    }
  });

  it('issue 32.2: reject, abandon and expire end a payment the user did not approve', async () => {
    const setup = await setUp();
    const ended = [];
    for (const end of ['reject', 'abandon', 'expire'] as const) {
      const { reference } = await setup.client.createPayment(paymentRequest(1_000), randomUUID());
      setup.standIn[end](reference);
      ended.push((await setup.client.getPayment(reference))?.state);
      await expect(setup.standIn.approve(reference)).rejects.toThrow(/not CREATED/);
    }
    expect(ended).toEqual(['ABORTED', 'ABORTED', 'EXPIRED']);
  });

  it('issue 32.2: captures part and then the rest; more than authorised is refused with 409', async () => {
    const setup = await setUp();
    const reference = await authorised(setup, 10_000);
    await setup.client.capture(reference, 4_000, randomUUID());
    await expect(setup.client.capture(reference, 6_001, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
    const rest = await setup.client.capture(reference, 6_000, randomUUID());
    expect(rest.aggregate.capturedAmount.value).toBe(10_000);
    await expect(setup.client.capture(reference, 1, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
    const events = await setup.client.getPaymentEvents(reference);
    expect(events.map(({ name, amount }) => [name, amount.value])).toEqual([
      ['CREATED', 10_000],
      ['AUTHORIZED', 10_000],
      ['CAPTURED', 4_000],
      ['CAPTURED', 6_000],
    ]);
  });

  it('issue 32.2: a capture before approval is refused with 409', async () => {
    const setup = await setUp();
    const { reference } = await setup.client.createPayment(paymentRequest(1_000), randomUUID());
    await expect(setup.client.capture(reference, 1_000, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
  });

  it('issue 32.2: cancel releases what is not captured; after a full capture it is refused with 409', async () => {
    const setup = await setUp();
    const released = await authorised(setup, 8_000);
    await setup.client.capture(released, 3_000, randomUUID());
    const cancelled = await setup.client.cancel(released, randomUUID());
    expect(cancelled.aggregate).toMatchObject({
      capturedAmount: { value: 3_000 },
      cancelledAmount: { value: 5_000 },
    });
    await expect(setup.client.capture(released, 1, randomUUID())).rejects.toMatchObject({
      status: 409,
    });

    const full = await authorised(setup, 8_000);
    await setup.client.capture(full, 8_000, randomUUID());
    await expect(setup.client.cancel(full, randomUUID())).rejects.toMatchObject({ status: 409 });

    const { reference: unapproved } = await setup.client.createPayment(
      paymentRequest(8_000),
      randomUUID(),
    );
    await expect(setup.client.cancel(unapproved, randomUUID())).resolves.toMatchObject({
      state: 'TERMINATED',
    });
  });

  it('issue 32.2: refunds up to what was captured and refuses more with 409', async () => {
    const setup = await setUp();
    const reference = await authorised(setup, 9_000);
    await expect(setup.client.refund(reference, 1, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
    await setup.client.capture(reference, 7_000, randomUUID());
    await setup.client.refund(reference, 5_000, randomUUID());
    await expect(setup.client.refund(reference, 2_001, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
    const last = await setup.client.refund(reference, 2_000, randomUUID());
    expect(last.aggregate.refundedAmount.value).toBe(7_000);
  });

  it('issue 32.2: the same Idempotency-Key twice acts once and answers as the first time', async () => {
    const setup = await setUp();
    const request = paymentRequest(10_000);
    const key = randomUUID();
    const first = await setup.client.createPayment(request, key);
    await expect(setup.client.createPayment(request, key)).resolves.toEqual(first);
    await expect(setup.client.createPayment(request, randomUUID())).rejects.toMatchObject({
      status: 409,
    });
    await setup.standIn.approve(request.reference);

    const captured = await setup.client.capture(request.reference, 2_500, 'capture-1');
    await expect(setup.client.capture(request.reference, 2_500, 'capture-1')).resolves.toEqual(
      captured,
    );
    // The answer of an act that was done but lost: the retry with the key gets it, once.
    setup.standIn.failNext('refund', 1, { afterActing: true, status: 500 });
    await expect(setup.client.refund(request.reference, 1_000, 'refund-1')).rejects.toMatchObject({
      status: 500,
    });
    const refunded = await setup.client.refund(request.reference, 1_000, 'refund-1');
    expect(refunded.aggregate).toMatchObject({
      capturedAmount: { value: 2_500 },
      refundedAmount: { value: 1_000 },
    });
    // A failure before acting does nothing, so the retry does it.
    setup.standIn.failNext('capture', 1);
    await expect(setup.client.capture(request.reference, 500, 'capture-2')).rejects.toMatchObject({
      status: 503,
    });
    await setup.client.capture(request.reference, 500, 'capture-2');

    const events = await setup.client.getPaymentEvents(request.reference);
    expect(events.map((event) => [event.name, event.amount.value, event.idempotencyKey])).toEqual([
      ['CREATED', 10_000, key],
      ['AUTHORIZED', 10_000, null],
      ['CAPTURED', 2_500, 'capture-1'],
      ['REFUNDED', 1_000, 'refund-1'],
      ['CAPTURED', 500, 'capture-2'],
    ]);
  });

  it('issue 32.2: access tokens expire after their lifetime', async () => {
    let clock = Date.now();
    const setup = await setUp({ tokenLifetimeSeconds: 30, now: () => clock });
    const token = (await (
      await fetch(`${setup.standIn.url}/accesstoken/get`, {
        method: 'POST',
        headers: {
          client_id: testVippsCredentials.clientId,
          client_secret: testVippsCredentials.clientSecret,
          'ocp-apim-subscription-key': testVippsCredentials.subscriptionKey,
        },
      })
    ).json()) as { access_token: string };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 30 });
    const get = () =>
      fetch(`${setup.standIn.url}/webhooks/v1/webhooks`, {
        headers: {
          authorization: `Bearer ${token.access_token}`,
          'ocp-apim-subscription-key': testVippsCredentials.subscriptionKey,
          'merchant-serial-number': testVippsCredentials.merchantSerialNumber,
        },
      });
    expect((await get()).status).toBe(200);
    clock += 30_000;
    const expired = await get();
    expect(expired.status).toBe(401);
    expect(expired.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('issue 32.2: answers 401, 400, 403 and 404 as documented', async () => {
    const setup = await setUp();
    const token = (await (
      await fetch(`${setup.standIn.url}/accesstoken/get`, {
        method: 'POST',
        headers: {
          client_id: testVippsCredentials.clientId,
          client_secret: testVippsCredentials.clientSecret,
          'ocp-apim-subscription-key': testVippsCredentials.subscriptionKey,
        },
      })
    ).json()) as { access_token: string };
    const headers = {
      authorization: `Bearer ${token.access_token}`,
      'ocp-apim-subscription-key': testVippsCredentials.subscriptionKey,
      'merchant-serial-number': testVippsCredentials.merchantSerialNumber,
    };
    const status = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${setup.standIn.url}${path}`, init);
      return [response.status, ((await response.json()) as { title?: string }).title];
    };
    const payments = '/epayment/v1/payments';
    expect(await status(payments, { method: 'POST' })).toEqual([401, 'Unauthorized']);
    expect(
      await status(payments, {
        method: 'POST',
        headers: { ...headers, 'ocp-apim-subscription-key': 'wrong' },
      }),
    ).toEqual([401, 'Unauthorized']);
    expect(
      await status(payments, {
        method: 'POST',
        headers: { ...headers, authorization: 'Bearer forged' },
      }),
    ).toEqual([401, 'Unauthorized']);
    expect(
      await status(payments, {
        method: 'POST',
        headers: { ...headers, 'merchant-serial-number': '654321' },
      }),
    ).toEqual([403, 'Forbidden']);
    const json = { ...headers, 'content-type': 'application/json', 'idempotency-key': 'k-1' };
    expect(await status(payments, { method: 'POST', headers: json, body: '{"amount":' })).toEqual([
      400,
      'Bad Request',
    ]);
    expect(
      await status(payments, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          ...paymentRequest(1_000),
          amount: { currency: 'NOK', value: 10.5 },
        }),
      }),
    ).toEqual([400, 'Bad Request']);
    expect(
      await status(payments, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': '' },
        body: JSON.stringify(paymentRequest(1_000)),
      }),
    ).toEqual([400, 'Bad Request']);
    expect(await status(`${payments}/unknown-reference`, { headers })).toEqual([404, 'Not Found']);
    expect(
      await status(`${payments}/unknown-reference/capture`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ modificationAmount: { currency: 'NOK', value: 100 } }),
      }),
    ).toEqual([404, 'Not Found']);
  });

  it('issue 32.2: a test can make the next answers of an endpoint fail', async () => {
    const setup = await setUp();
    setup.standIn.failNext('createPayment', 2, { status: 500 });
    const request = paymentRequest(1_000);
    const key = randomUUID();
    await expect(setup.client.createPayment(request, key)).rejects.toMatchObject({ status: 500 });
    await expect(setup.client.createPayment(request, key)).rejects.toMatchObject({ status: 500 });
    await expect(setup.client.createPayment(request, key)).resolves.toMatchObject({
      reference: request.reference,
    });
  });

  describe('Express', () => {
    const expressRequest = (callbackUrl: string, amountOre = 20_000) =>
      paymentRequest(amountOre, {
        profile: { scope: 'name phoneNumber address email' },
        shipping: {
          dynamicOptions: { callbackUrl, callbackAuthorizationToken: 'callback-token' },
        },
      });

    const options: VippsShippingGroup[] = [
      {
        type: 'HOME_DELIVERY',
        brand: 'POSTEN',
        options: [
          {
            id: 'home-standard',
            name: 'Home delivery',
            amount: { currency: 'NOK', value: 14_900 },
          },
          { id: 'home-express', name: 'Express', amount: { currency: 'NOK', value: 29_900 } },
        ],
      },
    ];

    it('issue 32.2: approval asks the shop for shipping options for the address and takes the first', async () => {
      const setup = await setUp();
      const shop = await receiver(() => ({ status: 200, body: options }));
      const request = expressRequest(`${shop.url}/api/payments/vipps/shipping?checkout=1`);
      await setup.client.createPayment(request, randomUUID());
      const address = {
        addressLine1: 'Storgata 1',
        addressLine2: null,
        postCode: '9008',
        city: 'Tromsø',
        country: 'NO',
      };
      await setup.standIn.approve(request.reference, { address });

      expect(shop.received).toHaveLength(1);
      const [callback] = shop.received;
      expect(callback?.pathAndQuery).toBe('/api/payments/vipps/shipping?checkout=1');
      expect(callback?.headers.authorization).toBe('callback-token');
      expect(JSON.parse(callback?.rawBody ?? '')).toEqual({
        reference: request.reference,
        address,
      });
      const payment = await setup.client.getPayment(request.reference);
      expect(payment).toMatchObject({
        state: 'AUTHORIZED',
        amount: { value: 34_900 },
        aggregate: { authorizedAmount: { value: 34_900 } },
        shippingDetails: {
          address,
          shippingCost: 14_900,
          shippingOptionId: 'home-standard',
          shippingOptionName: 'Home delivery',
        },
        userDetails: vippsStandInTestUser,
      });
      expect(payment?.profile.sub).toEqual(payment?.userDetails?.sub);
    });

    it('issue 32.2: no options from the shop, no approval', async () => {
      const setup = await setUp();
      const shop = await receiver(() => ({ status: 200, body: [] }));
      const request = expressRequest(`${shop.url}/shipping`);
      await setup.client.createPayment(request, randomUUID());
      await expect(setup.standIn.approve(request.reference)).rejects.toThrow(/no shipping options/);
      await expect(setup.client.getPayment(request.reference)).resolves.toMatchObject({
        state: 'CREATED',
      });

      // The landing page says so instead of returning to the shop.
      const { chosen } = await choose(
        (await setup.client.getPayment(request.reference))?.redirectUrl ?? '',
        'Approve',
      );
      expect(chosen.status).toBe(502);
      expect(await chosen.text()).toContain('no shipping options');
    });

    it('issue 32.2: the landing page approves Express with the fixed test address', async () => {
      const setup = await setUp();
      const shop = await receiver((arrived) =>
        arrived.method === 'POST' ? { status: 200, body: options } : { status: 200 },
      );
      const request = expressRequest(`${shop.url}/shipping`, 10_000);
      request.returnUrl = `${shop.url}/return`;
      const { redirectUrl } = await setup.client.createPayment(request, randomUUID());
      const { chosen } = await choose(redirectUrl ?? '', 'Approve');
      expect(chosen.url).toBe(request.returnUrl);
      expect(JSON.parse(shop.received[0]?.rawBody ?? '')).toEqual({
        reference: request.reference,
        address: vippsStandInTestAddress,
      });
      await expect(setup.client.getPayment(request.reference)).resolves.toMatchObject({
        state: 'AUTHORIZED',
        amount: { value: 24_900 },
      });
    });

    it('issue 32.2: Express needs the whole profile scope', async () => {
      const setup = await setUp();
      const request = {
        ...expressRequest('https://shop.example/shipping'),
        profile: { scope: 'name' },
      };
      await expect(setup.client.createPayment(request, randomUUID())).rejects.toMatchObject({
        status: 400,
      });
    });
  });
});
