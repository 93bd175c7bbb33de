import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shop/shared';
import type { Clock } from '../app.js';
import { orderLines, orders } from '../modules/orders/orders.tables.js';
import { seedShippingRatesIfEmpty } from '../modules/shipping/shipping-rates-seed.js';
import { insertCatalogFixture, required, type CatalogFixture } from './catalog-fixtures.js';
import { line, purchase } from './checkout-fixtures.js';
import { createStaffMember, type StaffMember } from './staff-session.js';
import { createTestApp, type TestContext } from './test-app.js';

export interface BackOfficeTestApp {
  ctx: TestContext;
  catalog: CatalogFixture;
  /** Signed in with the second factor, as the back office's calls require. */
  owner: StaffMember;
  staff: StaffMember;
}

/**
 * What a back-office test starts from: the app with the fixture catalogue and shipping rates
 * (so orders can be placed), an owner and a staff member.
 */
export async function createBackOfficeTestApp(
  overrides: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<BackOfficeTestApp> {
  const ctx = await createTestApp(overrides, options);
  const catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  const owner = await createStaffMember(ctx.app, ctx.db);
  const staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sam Staff' });
  return { ctx, catalog, owner, staff };
}

/**
 * An order of `quantity` pairs of the fixture's wool socks, bought by `customer` and paid as the
 * shop's capture setting says, with its one line.
 */
export async function socksOrder(office: BackOfficeTestApp, customer: SessionUser, quantity = 2) {
  const socks = required(office.catalog.products['wool-socks'], 'socks').defaultItemId;
  const paymentId = await purchase(office.ctx.app, customer, [line(socks, quantity)]);
  const [order] = await office.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  const placed = required(order, 'order');
  const [socksLine] = await office.ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, placed.id));
  return { order: placed, line: required(socksLine, 'line') };
}

/**
 * A charged order of two pairs of the fixture's wool socks, bought by `customer` and marked
 * DELIVERED so that its goods can come back, with its one line.
 */
export async function deliveredSocksOrder(office: BackOfficeTestApp, customer: SessionUser) {
  const placed = await socksOrder(office, customer);
  const [order] = await office.ctx.db
    .update(orders)
    .set({ deliveryStatus: 'DELIVERED' })
    .where(eq(orders.id, placed.order.id))
    .returning();
  return { order: required(order, 'order'), line: placed.line };
}
