import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderMoneyMessages, type RefundResponse, type SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  createBackOfficeTestApp,
  deliveredSocksOrder,
  type BackOfficeTestApp,
} from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { patiently } from '../../test/wait-for.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { orderEvents, orderLines, orders, refunds } from './orders.tables.js';

// Refunds with an Idempotency-Key (issue 29): a retried POST /api/admin/orders/{id}/refunds
// (an answer lost, a crash, a double click) is the refund the key made, never a second one. On
// each test database; the PostgreSQL run has real concurrent connections (a pool of 4), and
// order-money.idempotency.postgres.test.ts shows the same across server processes.

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(office.ctx.db);
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

/** A charged order of two pairs of socks, delivered so they can come back. */
async function deliveredOrder() {
  const { order, line } = await deliveredSocksOrder(office, customer);
  return { order, lineId: line.id };
}

const refund = (orderId: string, payload: object, key?: string) =>
  office.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: {
      ...bearer(office.staff.session),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload,
  });

const refundsOf = (orderId: string) =>
  office.ctx.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));

const orderRow = async (orderId: string) =>
  required((await office.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0], 'order');

const countOf = async (orderId: string, kind: string) =>
  (await office.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (event) => event.kind === kind,
  ).length;

describe('refunds with an Idempotency-Key (issue 29)', () => {
  it('the same key again answers the same refund: no second refund, no second call to the provider, no second mail', async () => {
    const { order, lineId } = await deliveredOrder();
    const body = { kind: 'return', lines: [{ orderLineId: lineId, quantity: 1 }], note: 'Too big' };
    const key = randomUUID();
    const provider = vi.spyOn(office.ctx.app.paymentProvider, 'refund');
    try {
      const first = await refund(order.id, body, key);
      expect(first.statusCode).toBe(200);
      const mails = await office.ctx.db.$count(mailOutbox, eq(mailOutbox.kind, 'order-refunded'));
      for (let again = 0; again < 3; again += 1) {
        const repeated = await refund(order.id, body, key);
        expect(repeated.statusCode).toBe(200);
        expect(repeated.json()).toEqual(first.json());
      }
      expect(provider).toHaveBeenCalledTimes(1);
      expect(await office.ctx.db.$count(mailOutbox, eq(mailOutbox.kind, 'order-refunded'))).toBe(
        mails,
      );
    } finally {
      provider.mockRestore();
    }
    const made = await refundsOf(order.id);
    expect(made.map((row) => [row.status, row.idempotencyKey])).toEqual([['completed', key]]);
    const unit = required(made[0], 'refund').amountOre;
    expect(await orderRow(order.id)).toMatchObject({ refundedOre: unit });
    const [stored] = await office.ctx.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(stored?.returnedQuantity).toBe(1);
    expect(await countOf(order.id, 'refund')).toBe(1);

    // A new key is a new refund: the second pair comes back too.
    const second = await refund(order.id, body, randomUUID());
    expect(second.statusCode).toBe(200);
    expect(second.json<RefundResponse>().refund.id).not.toBe(made[0]?.id);
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it('the same key with another body or for another order is refused with 422, and nothing changes', async () => {
    const { order, lineId } = await deliveredOrder();
    const other = await deliveredOrder();
    const key = randomUUID();
    expect((await refund(order.id, { kind: 'goodwill', amountOre: 500 }, key)).statusCode).toBe(
      200,
    );
    const tries: [string, object][] = [
      [order.id, { kind: 'goodwill', amountOre: 600 }],
      [order.id, { kind: 'goodwill', amountOre: 500, note: 'another note' }],
      [order.id, { kind: 'return', lines: [{ orderLineId: lineId, quantity: 1 }] }],
      [other.order.id, { kind: 'goodwill', amountOre: 500 }],
    ];
    for (const [orderId, body] of tries) {
      const response = await refund(orderId, body, key);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({ message: orderMoneyMessages.idempotencyKeyReused });
    }
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundsOf(other.order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ refundedOre: 500 });
    expect(await orderRow(other.order.id)).toMatchObject({ refundedOre: 0 });
  });

  it('answers 409 while the key’s first request is still with the provider, then its refund', async () => {
    const { order, lineId } = await deliveredOrder();
    const body = { kind: 'return', lines: [{ orderLineId: lineId, quantity: 2 }] };
    const key = randomUUID();
    const provider = office.ctx.app.paymentProvider;
    const realRefund = provider.refund.bind(provider);
    let answer: (() => void) | undefined;
    const held = vi.spyOn(provider, 'refund').mockImplementationOnce(
      (...args) =>
        new Promise((resolve, reject) => {
          answer = () => void realRefund(...args).then(resolve, reject);
        }),
    );
    try {
      const first = refund(order.id, body, key);
      await vi.waitFor(() => expect(answer).toBeDefined(), patiently);
      const meanwhile = await refund(order.id, body, key);
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json()).toEqual({ message: orderMoneyMessages.idempotencyKeyInProgress });
      answer?.();
      const made = await first;
      expect(made.statusCode).toBe(200);
      const after = await refund(order.id, body, key);
      expect(after.statusCode).toBe(200);
      expect(after.json<RefundResponse>().refund).toEqual(made.json<RefundResponse>().refund);
      expect(held).toHaveBeenCalledTimes(1);
    } finally {
      held.mockRestore();
    }
    expect((await refundsOf(order.id)).map((row) => row.status)).toEqual(['completed']);
  });

  it('a refund the provider refused lets its key go: the request with the key is made again, once', async () => {
    const { order, lineId } = await deliveredOrder();
    const body = { kind: 'return', lines: [{ orderLineId: lineId, quantity: 1 }] };
    const key = randomUUID();
    const failing = vi
      .spyOn(office.ctx.app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new Error('the provider is down'));
    try {
      const failed = await refund(order.id, body, key);
      expect(failed.statusCode).toBe(502);
    } finally {
      failing.mockRestore();
    }
    // The dialog that sent it may send it again, changed (a note added) or not.
    const changed = { ...body, note: 'Second try' };
    const retried = await refund(order.id, changed, key);
    expect(retried.statusCode).toBe(200);
    expect((await refund(order.id, changed, key)).json()).toEqual(retried.json());
    expect((await refundsOf(order.id)).map((row) => row.status)).toEqual(['failed', 'completed']);
    expect(await orderRow(order.id)).toMatchObject({
      refundedOre: retried.json<RefundResponse>().refund.amountOre,
    });
    // The refund it made now holds the key: another body under it is refused.
    expect((await refund(order.id, body, key)).statusCode).toBe(422);
  });

  it('two requests with the same key at once make one refund and one call to the provider', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { order, lineId } = await deliveredOrder();
      const body = { kind: 'return', lines: [{ orderLineId: lineId, quantity: 1 }] };
      const key = randomUUID();
      const provider = vi.spyOn(office.ctx.app.paymentProvider, 'refund');
      try {
        const answers = await Promise.all([
          refund(order.id, body, key),
          refund(order.id, body, key),
        ]);
        const statuses = answers.map((answer) => answer.statusCode);
        // The second either finds the first one's refund made (200) or still being made (409).
        expect(statuses).toContain(200);
        for (const status of statuses) expect([200, 409]).toContain(status);
        const ids = answers
          .filter((answer) => answer.statusCode === 200)
          .map((answer) => answer.json<RefundResponse>().refund.id);
        expect(new Set(ids).size).toBe(1);
        expect(provider).toHaveBeenCalledTimes(1);
      } finally {
        provider.mockRestore();
      }
      const made = await refundsOf(order.id);
      expect(made).toHaveLength(1);
      expect(await orderRow(order.id)).toMatchObject({ refundedOre: made[0]?.amountOre });
    }
  });

  it('without a key every request is a refund of its own, as before (old callers)', async () => {
    const { order } = await deliveredOrder();
    for (let time = 0; time < 2; time += 1)
      expect((await refund(order.id, { kind: 'goodwill', amountOre: 100 })).statusCode).toBe(200);
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it('refuses a malformed key with a message, and changes nothing', async () => {
    const { order } = await deliveredOrder();
    for (const key of ['', 'has space', 'x'.repeat(256), 'nøkkel']) {
      const response = await refund(order.id, { kind: 'goodwill', amountOre: 100 }, key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(orderMoneyMessages.idempotencyKey);
    }
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(
      (await refund(order.id, { kind: 'goodwill', amountOre: 100 }, 'x'.repeat(255))).statusCode,
    ).toBe(200);
  });

  it('documents the header in the OpenAPI schema', async () => {
    const docs = await office.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = docs.json<{
      paths: Record<string, { post?: { parameters?: { in: string; name: string }[] } }>;
    }>();
    const parameters = spec.paths['/api/admin/orders/{id}/refunds']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
  });
});
