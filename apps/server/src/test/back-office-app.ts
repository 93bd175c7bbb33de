import type { Clock } from '../app.js';
import { seedShippingRatesIfEmpty } from '../modules/shipping/shipping-rates-seed.js';
import { insertCatalogFixture, type CatalogFixture } from './catalog-fixtures.js';
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
