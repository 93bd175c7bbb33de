import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RefundResponse, SessionUser } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  createBackOfficeTestApp,
  deliveredSocksOrder,
  type BackOfficeTestApp,
} from '../../test/back-office-app.js';
import { saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { createSecondTestApp } from '../../test/test-app.js';
import { orders, refunds } from './orders.tables.js';

// A refund's Idempotency-Key across server processes and restarts (issue 29): the key is kept
// in the database under a unique index, so another process, or one started after a restart,
// answers it with the same refund and never asks the provider again; two processes taking the
// same key at the same moment make one refund.

/** Processes of one shop share the signing key of staff sessions. */
const shared = {
  PAYMENT_SWEEP_MINUTES: '0',
  JWT_SECRET: 'idempotency-test-secret-0123456789abcdef',
};

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp(shared);
  await captureAtOrder(office.ctx.db);
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

type Server = Pick<BackOfficeTestApp['ctx'], 'app'>;

async function deliveredOrder() {
  const { order: found, line: socksLine } = await deliveredSocksOrder(office, customer);
  return {
    order: found,
    body: { kind: 'return', lines: [{ orderLineId: socksLine.id, quantity: 1 }] },
  };
}

const refund = (server: Server, orderId: string, body: object, key: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...bearer(office.staff.session), 'idempotency-key': key },
    payload: body,
  });

const refundsOf = (orderId: string) =>
  office.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));

it('another process, and one started after a restart, answer a key with its refund and never ask the provider again (issue 29)', async () => {
  const { order, body } = await deliveredOrder();
  const key = randomUUID();
  const first = await refund(office.ctx, order.id, body, key);
  expect(first.statusCode).toBe(200);

  for (let process = 0; process < 2; process += 1) {
    // A process of its own, as after a restart: nothing of the first request is in its memory.
    const other = await createSecondTestApp(office.ctx, shared);
    const asked = vi.spyOn(other.app.paymentProvider, 'refund');
    try {
      const again = await refund(other, order.id, body, key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
      await other.close();
    }
  }
  expect(await refundsOf(order.id)).toHaveLength(1);
});

it('two processes taking the same key at the same moment make one refund and one call to the provider (issue 29)', async () => {
  const other = await createSecondTestApp(office.ctx, shared);
  try {
    for (let round = 0; round < 5; round += 1) {
      const { order, body } = await deliveredOrder();
      const key = randomUUID();
      const spies = [office.ctx, other].map((server) =>
        vi.spyOn(server.app.paymentProvider, 'refund'),
      );
      try {
        const answers = await Promise.all([
          refund(office.ctx, order.id, body, key),
          refund(other, order.id, body, key),
        ]);
        for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
        const made = answers
          .filter((answer) => answer.statusCode === 200)
          .map((answer) => answer.json<RefundResponse>().refund.id);
        expect(made.length).toBeGreaterThanOrEqual(1);
        expect(new Set(made).size).toBe(1);
        expect(spies.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(1);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      const stored = await refundsOf(order.id);
      expect(stored).toHaveLength(1);
      const [now] = await office.ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(now?.refundedOre).toBe(stored[0]?.amountOre);
    }
  } finally {
    await other.close();
  }
});
