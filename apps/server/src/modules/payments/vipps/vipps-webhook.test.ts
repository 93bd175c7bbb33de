import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { patiently, waitFor } from '../../../test/wait-for.js';
import { vippsEpaymentWebhookEvents } from './vipps-api.js';
import {
  type Receiver,
  type ReceivedRequest,
  testPaymentRequest,
  vippsTestKit,
} from './vipps-test-kit.js';
import { readVippsWebhookEvent, signVippsWebhook, verifyVippsWebhook } from './vipps-webhook.js';

/**
 * Webhooks (issue 32.2): the stand-in posts each registered URL the events it subscribed to,
 * signed as Vipps' Webhooks API signs them, and `verifyVippsWebhook` takes exactly those: not a
 * changed body, another secret, another path or an old date.
 */

const kit = vippsTestKit();
afterEach(() => kit.closeAll());
const { setUp, receiver } = kit;
const paymentRequest = testPaymentRequest;

const allEvents = Object.values(vippsEpaymentWebhookEvents);

function verify(delivery: ReceivedRequest, secret: string, changes: Partial<ReceivedRequest> = {}) {
  const { pathAndQuery, host, headers, rawBody } = { ...delivery, ...changes };
  return verifyVippsWebhook({ pathAndQuery, host, headers, rawBody, secret });
}

describe('Vipps webhooks', () => {
  it("issue 32.2: the signature is the one Vipps' documentation computes for its sample", () => {
    const date = 'Thu, 30 Mar 2023 08:38:32 GMT';
    const rawBody = '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}';
    const secret =
      'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==';
    const headers = signVippsWebhook({
      url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
      body: rawBody,
      secret,
      date: new Date(date),
    });
    expect(headers).toEqual({
      'x-ms-date': date,
      'x-ms-content-sha256': 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
      authorization:
        'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
    });
    expect(
      verifyVippsWebhook({
        pathAndQuery: '/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
        host: 'webhook.site',
        headers,
        rawBody,
        secret,
        now: new Date(date),
      }),
    ).toBe(true);
  });

  it('issue 32.2: deliveries arrive signed, in order, and verifyVippsWebhook accepts them', async () => {
    const { standIn, client } = await setUp();
    const shop = await receiver();
    const { secret } = await client.registerWebhook(
      `${shop.url}/api/payments/webhook/vipps?provider=vipps`,
      allEvents,
    );
    const { reference } = await client.createPayment(paymentRequest(10_000), randomUUID());
    await standIn.approve(reference);
    await client.capture(reference, 6_000, 'capture-1');
    await client.refund(reference, 2_000, 'refund-1');
    await client.cancel(reference, 'cancel-1');

    await expect.poll(() => shop.received.length, patiently).toBe(4);
    for (const delivery of shop.received) {
      expect(delivery.pathAndQuery).toBe('/api/payments/webhook/vipps?provider=vipps');
      expect(verify(delivery, secret)).toBe(true);
    }
    const events = shop.received.map((delivery) => readVippsWebhookEvent(delivery.rawBody));
    expect(
      events.map((event) => [event?.name, event?.amount.value, event?.idempotencyKey]),
    ).toEqual([
      ['AUTHORIZED', 10_000, null],
      ['CAPTURED', 6_000, 'capture-1'],
      ['REFUNDED', 2_000, 'refund-1'],
      ['CANCELLED', 4_000, 'cancel-1'],
    ]);
    expect(events[0]).toMatchObject({ msn: '123456', reference, success: true });
  });

  it('issue 32.2: verifyVippsWebhook refuses a changed body, another secret or path, and an old date', async () => {
    const { standIn, client } = await setUp();
    const shop = await receiver();
    const url = `${shop.url}/webhook`;
    const { secret } = await client.registerWebhook(url, [vippsEpaymentWebhookEvents.ABORTED]);
    const { reference } = await client.createPayment(paymentRequest(5_000), randomUUID());
    standIn.reject(reference);
    const delivery = await waitFor(
      'the delivery of the aborted payment',
      () => shop.received[0],
      patiently,
    );

    expect(verify(delivery, secret)).toBe(true);
    const changedBody = delivery.rawBody.replace('"value":5000', '"value":1');
    expect(changedBody).not.toBe(delivery.rawBody);
    expect(verify(delivery, secret, { rawBody: changedBody })).toBe(false);
    expect(verify(delivery, 'another-secret')).toBe(false);
    expect(verify(delivery, secret, { pathAndQuery: '/another-path' })).toBe(false);
    expect(verify(delivery, secret, { host: 'evil.example' })).toBe(false);

    // Signed correctly, but six minutes ago: a replay.
    const old = signVippsWebhook({
      url,
      body: delivery.rawBody,
      secret,
      date: new Date(Date.now() - 6 * 60 * 1000),
    });
    expect(verify(delivery, secret, { headers: old })).toBe(false);
    const fresh = signVippsWebhook({ url, body: delivery.rawBody, secret });
    expect(verify(delivery, secret, { headers: fresh })).toBe(true);
    expect(
      verifyVippsWebhook({ ...delivery, secret, now: new Date(Date.now() + 6 * 60 * 1000) }),
    ).toBe(false);
    expect(verify(delivery, secret, { headers: { ...delivery.headers, authorization: '' } })).toBe(
      false,
    );
  });

  it('issue 32.2: each registered URL gets only the events it subscribed to', async () => {
    const { standIn, client } = await setUp();
    const captures = await receiver();
    const endings = await receiver();
    await client.registerWebhook(`${captures.url}/hook`, [vippsEpaymentWebhookEvents.CAPTURED]);
    await client.registerWebhook(`${endings.url}/hook`, [
      vippsEpaymentWebhookEvents.ABORTED,
      vippsEpaymentWebhookEvents.EXPIRED,
    ]);
    const paid = await client.createPayment(paymentRequest(3_000), randomUUID());
    await standIn.approve(paid.reference);
    await client.capture(paid.reference, 3_000, randomUUID());
    const aborted = await client.createPayment(paymentRequest(3_000), randomUUID());
    standIn.abandon(aborted.reference);
    const expired = await client.createPayment(paymentRequest(3_000), randomUUID());
    standIn.expire(expired.reference);

    const names = (shop: Receiver) =>
      shop.received.map((delivery) => readVippsWebhookEvent(delivery.rawBody)?.name).sort();
    await expect.poll(() => names(captures), patiently).toEqual(['CAPTURED']);
    await expect.poll(() => names(endings), patiently).toEqual(['ABORTED', 'EXPIRED']);
    expect(standIn.deliveries.map((delivery) => delivery.outcome)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('issue 32.2: a delivery the shop refuses is sent again', async () => {
    const { standIn, client } = await setUp();
    let refusals = 1;
    const shop = await receiver(() => (refusals-- > 0 ? { status: 500 } : { status: 204 }));
    await client.registerWebhook(`${shop.url}/hook`, [vippsEpaymentWebhookEvents.AUTHORIZED]);
    const { reference } = await client.createPayment(paymentRequest(2_000), randomUUID());
    await standIn.approve(reference);
    await expect.poll(() => standIn.deliveries[0]?.outcome, patiently).toBe('delivered');
    expect(standIn.deliveries[0]).toMatchObject({ attempts: 2, status: 204 });
    expect(shop.received.map((delivery) => delivery.rawBody)).toEqual([
      shop.received[0]?.rawBody,
      shop.received[0]?.rawBody,
    ]);
  });

  it('issue 32.2: readVippsWebhookEvent takes only an ePayment event', () => {
    expect(readVippsWebhookEvent('not json')).toBeUndefined();
    expect(readVippsWebhookEvent('{}')).toBeUndefined();
    expect(readVippsWebhookEvent(JSON.stringify({ name: 'CAPTURED' }))).toBeUndefined();
    const event = {
      msn: '123456',
      reference: 'acme-shop-123-order123abc',
      pspReference: '1234567891',
      name: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 35_000 },
      timestamp: '2023-08-14T12:48:46.260Z',
      idempotencyKey: '49ca711a9487112e1def',
      success: true,
    };
    expect(readVippsWebhookEvent(Buffer.from(JSON.stringify(event)))).toEqual(event);
  });
});
