import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.js';
import { ConflictError } from '../../domain-errors.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createStaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productItems } from './catalog.tables.js';
import { priceSaleItems } from './price-sales.tables.js';
import { createPriceSale, runDueSales } from './price-sales.service.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections,
// from two pools as two server processes would have.
let ctx: TestContext;
let catalog: CatalogFixture;
let second: DatabaseHandle | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  if (ctx.databaseUrl) second = await openDatabase({ kind: 'postgres', url: ctx.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await ctx.close();
});

const WEDNESDAY = new Date('2030-06-05T10:00:00Z');
const FRIDAY = '2030-06-07T00:00:00+02:00';
const SATURDAY = new Date('2030-06-08T12:00:00+02:00');
const TUESDAY = '2030-06-11T00:00:00+02:00';
const WEDNESDAY_AFTER = new Date('2030-06-12T09:00:00+02:00');
const SWEEPS = 8;

async function discounts(itemIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ id: productItems.id, discount: productItems.discountPercent })
    .from(productItems)
    .where(inArray(productItems.id, [...itemIds]));
  return new Map(rows.map((row) => [row.id, row.discount]));
}

/** Many sweeps at once, split over the two pools; answers what they did together. */
async function sweepsAtOnce(now: Date) {
  const pools: Database[] = [ctx.db, second?.db ?? ctx.db];
  const results = await Promise.all(
    Array.from({ length: SWEEPS }, (_, index) =>
      runDueSales(required(pools[index % 2], 'pool'), now),
    ),
  );
  return results.reduce(
    (sum, one) => ({ started: sum.started + one.started, ended: sum.ended + one.ended }),
    { started: 0, ended: 0 },
  );
}

it('(issue 14) sweeps running at once start each due sale once and end it once: every item gets its own discount back', async () => {
  const owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner' });
  const actor = { id: owner.id, email: owner.email };
  const productList = Object.values(catalog.products);
  const itemIds = productList.flatMap((product) => Object.values(product.itemIds));
  const before = await discounts(itemIds);
  const sales = await Promise.all(
    productList.map((product, index) =>
      createPriceSale(
        ctx.db,
        actor,
        {
          name: `Sale ${product.slug}`,
          discountPercent: 30 + index,
          categoryId: null,
          productIds: [product.id],
          startsAt: FRIDAY,
          endsAt: TUESDAY,
        },
        WEDNESDAY,
      ),
    ),
  );
  expect(sales.every((sale) => sale.status === 'scheduled')).toBe(true);

  expect(await sweepsAtOnce(SATURDAY)).toEqual({ started: sales.length, ended: 0 });
  const during = await discounts(itemIds);
  for (const [index, product] of productList.entries()) {
    const sale = required(sales[index], 'sale');
    const remembered = await ctx.db
      .select({
        itemId: priceSaleItems.productItemId,
        previous: priceSaleItems.previousDiscountPercent,
      })
      .from(priceSaleItems)
      .where(eq(priceSaleItems.saleId, sale.id));
    expect(remembered).toHaveLength(Object.keys(product.itemIds).length);
    for (const { itemId, previous } of remembered) {
      expect(previous).toBe(before.get(itemId));
      expect(during.get(itemId)).toBe(sale.discountPercent);
    }
  }

  expect(await sweepsAtOnce(WEDNESDAY_AFTER)).toEqual({ started: 0, ended: sales.length });
  expect(await discounts(itemIds)).toEqual(before);
});

it('(issue 14) two owners saving overlapping sales at once: one is made, the other refused', async () => {
  const owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner' });
  const actor = { id: owner.id, email: owner.email };
  const tea = required(catalog.products['green-tea'], 'green tea');
  const pools: Database[] = [ctx.db, second?.db ?? ctx.db];
  const outcomes = await Promise.allSettled(
    pools.map((db, index) =>
      createPriceSale(
        db,
        actor,
        {
          name: `Tea race ${index}`,
          discountPercent: 10 + index,
          categoryId: null,
          productIds: [tea.id],
          startsAt: '2030-07-05T00:00:00+02:00',
          endsAt: '2030-07-08T00:00:00+02:00',
        },
        WEDNESDAY,
      ),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  const [refusal] = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(refusal?.reason).toBeInstanceOf(ConflictError);
});
