import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminOrderMessages, type Order } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderEvents } from './orders.tables.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

it("staff moving one order at once: the order's row lock lets one move through, the others are refused (issue 13)", async () => {
  const catalog = await insertCatalogFixture(ctx.db);
  const members = await Promise.all(
    Array.from({ length: 3 }, (_, index) =>
      createStaffMember(ctx.app, ctx.db, { role: 'staff', name: `Staff ${index}` }),
    ),
  );
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const lines = [line(required(catalog.products['green-tea'], 'green tea').defaultItemId)];
  const payment = await paidPayment(ctx.app, user, lines);
  const order = (await placeOrder(ctx.app, user, payment.paymentId, lines)).json<Order>();
  const url = `/api/admin/orders/${order._id}/delivery`;
  const moveAll = (payload: Record<string, string>) =>
    Promise.all(
      [...members, ...members].map((member) =>
        ctx.app.inject({ method: 'POST', url, headers: bearer(member.session), payload }),
      ),
    );

  const packed = await moveAll({ to: 'PACKED' });
  expect(packed.filter((response) => response.statusCode === 200)).toHaveLength(1);
  for (const response of packed.filter((r) => r.statusCode !== 200))
    expect(response.json().message).toBe(adminOrderMessages.illegalMove('PACKED', 'PACKED'));

  const shipped = await moveAll({ to: 'SHIPPED', carrier: 'Posten', trackingNumber: 'CP1NO' });
  expect(shipped.filter((response) => response.statusCode === 200)).toHaveLength(1);
  for (const response of shipped.filter((r) => r.statusCode !== 200))
    expect(response.json().message).toBe(adminOrderMessages.illegalMove('SHIPPED', 'SHIPPED'));

  const deliveries = await ctx.db
    .select({ detail: orderEvents.detail })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.kind, 'delivery')));
  expect(deliveries.map(({ detail }) => [detail.from, detail.to])).toEqual([
    ['PENDING', 'PACKED'],
    ['PACKED', 'SHIPPED'],
  ]);
  expect(
    await ctx.db.$count(
      mailOutbox,
      and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'order-shipped')),
    ),
  ).toBe(1);
});
