// The postgres project only (vitest.config.ts): two server processes need two connections.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { buildOtherServer } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { testPayments } from '../payments/payments.tables.js';
import { orderLines, orders, refunds } from './orders.tables.js';

// Issue 16: the payment sweep of two server processes on one database, started at the same
// moment, settles a due charge once and resumes a pending refund once.

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  // This file's own server never sweeps; the two started below do.
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  await captureAtOrder(office.ctx.db);
  if (!office.ctx.databaseUrl) throw new Error('this file runs in the postgres project only');
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

const socks = () => required(office.catalog.products['wool-socks'], 'socks').defaultItemId;
const orderOf = async (paymentId: string) =>
  required(
    (await office.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId)))[0],
    'order',
  );

/** An order whose charge failed once and is due again, its payment still only reserved. */
async function dueCharge() {
  const paymentId = await purchase(office.ctx.app, customer, [line(socks())]);
  await office.ctx.db
    .update(testPayments)
    .set({ status: 'reserved' })
    .where(eq(testPayments.id, paymentId));
  await office.ctx.db
    .update(orders)
    .set({
      paymentStatus: 'CHARGE_FAILED',
      paymentAttempts: 1,
      paymentLastError: 'the provider is down',
      paymentNextAttemptAt: sql`now()`,
      chargedAt: null,
    })
    .where(eq(orders.paymentId, paymentId));
  return orderOf(paymentId);
}

/**
 * A refund the owner asked for whose provider answer never came (the process died), old
 * enough for the sweep to take up. The request hangs until `loseAnswer` fails it.
 */
async function pendingRefund() {
  const order = await orderOf(await purchase(office.ctx.app, customer, [line(socks(), 2)]));
  // Delivered, so its goods can come back.
  await office.ctx.db
    .update(orders)
    .set({ deliveryStatus: 'DELIVERED' })
    .where(eq(orders.id, order.id));
  const [socksLine] = await office.ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  let loseAnswer: ((error: Error) => void) | undefined;
  const hanging = vi
    .spyOn(office.ctx.app.paymentProvider, 'refund')
    .mockImplementationOnce(() => new Promise((_, reject) => (loseAnswer = reject)));
  const request = office.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/refunds`,
    headers: bearer(office.owner.session),
    payload: {
      kind: 'return',
      lines: [{ orderLineId: required(socksLine, 'line').id, quantity: 1, restock: true }],
      note: 'Too big',
    },
  });
  await vi.waitFor(() => expect(loseAnswer).toBeDefined(), patiently);
  hanging.mockRestore();
  const [refund] = await office.ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
  await office.ctx.db
    .update(refunds)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(refunds.id, required(refund, 'refund').id));
  return {
    order,
    refundId: required(refund, 'refund').id,
    finish: async () => {
      loseAnswer?.(new Error('connection reset'));
      return request;
    },
  };
}

/** Counts what a server asks its provider to do, slowly enough that two sweeps overlap. */
function watchProvider(provider: PaymentProvider, calls: string[]) {
  const slow =
    <Args extends unknown[], Result>(name: string, real: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      calls.push(name);
      await new Promise((resolve) => setTimeout(resolve, 400));
      return real(...args);
    };
  const charge = slow('charge', provider.charge.bind(provider));
  const refund = slow('refund', provider.refund.bind(provider));
  vi.spyOn(provider, 'charge').mockImplementation(charge);
  vi.spyOn(provider, 'refund').mockImplementation(refund);
}

it('(issue 16) two processes sweeping at the same moment charge a due payment once and resume a pending refund once', async () => {
  const charge = await dueCharge();
  const refund = await pendingRefund();
  const databaseUrl = required(office.ctx.databaseUrl, 'database url');
  const servers = await Promise.all(
    [0, 1].map(() => buildOtherServer(databaseUrl, { PAYMENT_SWEEP_MINUTES: '60' })),
  );
  const calls: string[] = [];
  for (const server of servers) watchProvider(server.app.paymentProvider, calls);
  try {
    // Both start their sweeps when ready, at once.
    await Promise.all(servers.map((server) => server.app.ready()));
    await vi.waitFor(async () => {
      expect((await orderOf(charge.paymentId)).paymentStatus).toBe('CHARGED');
      const [done] = await office.ctx.db
        .select()
        .from(refunds)
        .where(eq(refunds.id, refund.refundId));
      expect(done?.status).toBe('completed');
    }, patiently);
  } finally {
    // Closing waits for a sweep still running.
    await Promise.all(servers.map((server) => server.close()));
  }

  expect(calls.filter((call) => call === 'charge')).toHaveLength(1);
  expect(calls.filter((call) => call === 'refund')).toHaveLength(1);
  expect(await orderOf(charge.paymentId)).toMatchObject({
    paymentStatus: 'CHARGED',
    paymentAttempts: 2,
  });
  const answered = await refund.finish();
  expect(answered.statusCode).toBe(200);
  const refunded = await orderOf(refund.order.paymentId);
  expect(refunded.paymentStatus).toBe('PARTLY_REFUNDED');
});
