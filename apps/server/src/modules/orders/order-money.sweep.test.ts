import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  createBackOfficeTestApp,
  deliveredSocksOrder,
  type BackOfficeTestApp,
} from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { patiently } from '../../test/wait-for.js';
import { testPaymentRefunds } from '../payments/payments.tables.js';
import { refundIdempotencyKey, resumePendingRefunds } from './order-money.service.js';
import { orderEvents, orders, refunds } from './orders.tables.js';

// A refund left pending by a crash between the provider's refund and storing its answer
// (issue 13): the sweep asks the provider again under the same key, which makes it once, and
// completes it as the request would have, on each test database.

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(office.ctx.db);
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

const sweepDeps = () => ({
  db: office.ctx.db,
  provider: office.ctx.app.paymentProvider,
  publicUrl: 'https://shop.example',
  mailQueued: () => undefined,
  log: office.ctx.app.log,
});

/** Delivered, so its goods can come back. */
const placedOrder = () => deliveredSocksOrder(office, customer);

describe('resumePendingRefunds (issue 13)', () => {
  it('completes a refund the provider made but whose answer was lost, once, and the late answer changes nothing', async () => {
    const { order, line: socksLine } = await placedOrder();
    const provider = office.ctx.app.paymentProvider;
    const realRefund = provider.refund.bind(provider);
    let madeAtProvider: (() => void) | undefined;
    const providerDone = new Promise<void>((resolve) => (madeAtProvider = resolve));
    let loseAnswer: ((error: Error) => void) | undefined;
    // The provider makes the refund; its answer never reaches us until the test lets it fail.
    const refundSpy = vi.spyOn(provider, 'refund').mockImplementationOnce(async (...args) => {
      await realRefund(...args);
      madeAtProvider?.();
      return new Promise((_, reject) => (loseAnswer = reject));
    });
    const request = office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: bearer(office.owner.session),
      payload: {
        kind: 'return',
        lines: [{ orderLineId: socksLine.id, quantity: 1, restock: true }],
        note: 'Too big',
      },
    });
    await providerDone;
    refundSpy.mockRestore();
    const [pending] = await office.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(pending?.status).toBe('pending');
    const refundId = required(pending, 'pending refund').id;

    // A fresh refund is still in flight: the sweep leaves it alone.
    expect(await resumePendingRefunds(sweepDeps())).toBe(0);
    await office.ctx.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(refunds.id, refundId));
    expect(await resumePendingRefunds(sweepDeps())).toBe(1);

    const [completed] = await office.ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(completed?.status).toBe('completed');
    const atProvider = await office.ctx.db
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.idempotencyKey, refundIdempotencyKey(refundId)));
    expect(atProvider).toHaveLength(1);
    expect(completed?.providerRefundId).toBe(atProvider[0]?.id);
    const [after] = await office.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.paymentStatus).toBe('PARTLY_REFUNDED');
    expect(after?.refundedOre).toBe(completed?.amountOre);

    // The lost answer finally fails: the refund stays completed, and the request says so.
    loseAnswer?.(new Error('connection reset'));
    const answered = await request;
    expect(answered.statusCode).toBe(200);
    expect(answered.json<{ refund: { status: string } }>().refund.status).toBe('completed');
    const [still] = await office.ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(still?.status).toBe('completed');
    const [orderNow] = await office.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderNow?.refundedOre).toBe(completed?.amountOre);
    const kinds = (
      await office.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    ).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'refund')).toHaveLength(1);
    expect(kinds).not.toContain('refund_failed');
  });

  it('leaves a refund pending while the provider still does not answer', async () => {
    const { order, line: socksLine } = await placedOrder();
    const provider = office.ctx.app.paymentProvider;
    const refundSpy = vi.spyOn(provider, 'refund');
    let release: (() => void) | undefined;
    refundSpy.mockImplementationOnce(
      () => new Promise((_, reject) => (release = () => reject(new Error('timeout')))),
    );
    const request = office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: bearer(office.owner.session),
      payload: {
        kind: 'return',
        lines: [{ orderLineId: socksLine.id, quantity: 1, restock: false }],
        note: 'Wrong size',
      },
    });
    await vi.waitFor(async () => {
      const rows = await office.ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows).toHaveLength(1);
    }, patiently);
    await office.ctx.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(refunds.orderId, order.id));
    refundSpy.mockRejectedValueOnce(new Error('the provider is down'));
    expect(await resumePendingRefunds(sweepDeps())).toBe(0);
    const [stillPending] = await office.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(stillPending?.status).toBe('pending');
    refundSpy.mockRestore();
    release?.();
    expect((await request).statusCode).toBe(502);
    const [failed] = await office.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(failed?.status).toBe('failed');
  });
});
