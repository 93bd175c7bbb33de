import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryListingResponse } from '@shop/shared';
import {
  insertCatalogFixture,
  required,
  variantKey,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productItems } from './catalog.tables.js';

// Listings sort and filter on products.list_price_ore, which a database trigger keeps equal
// to the default item's selling price; these tests change items and read listings back.
let ctx: TestContext;
let fixture: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
});
afterAll(async () => ctx?.close());

async function listing(category: string, body: Record<string, unknown>) {
  const id = required(fixture.categories[category], category);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/products/category/${id}`,
    payload: { sub: [], sub2: null, min: 0, max: 0, sortby: '', ...body },
  });
  return response.json<CategoryListingResponse>();
}

const cheapestFirst = async (category: string) =>
  (await listing(category, { sortby: 'lowToHigh' })).products.map((card) => card.slug);

describe('the listing price follows the default item', () => {
  it('CAT-09 CAT-14 a new price of the default item re-sorts and re-filters the listing', async () => {
    expect((await cheapestFirst('food'))[0]).toBe('green-tea');
    const tea = required(fixture.products['green-tea'], 'green tea');
    await ctx.db
      .update(productItems)
      .set({ priceOre: 50_000 })
      .where(eq(productItems.id, tea.defaultItemId));
    expect((await cheapestFirst('food')).at(-1)).toBe('green-tea');
    const expensive = await listing('food', { min: 400, max: 600 });
    expect(expensive.products.map((card) => [card.slug, card.sellingPrice])).toEqual([
      ['green-tea', 500],
    ]);
    expect(expensive.count).toBe(1);
  });

  it('CAT-09 a discount on the default item counts, one on another item does not', async () => {
    const socks = required(fixture.products['wool-socks'], 'wool socks');
    await ctx.db
      .update(productItems)
      .set({ discountPercent: 50 })
      .where(eq(productItems.id, socks.defaultItemId));
    const cheap = await listing('garments', { min: 0, max: 50 });
    expect(cheap.products.map((card) => [card.slug, card.sellingPrice])).toEqual([
      ['wool-socks', 49.5],
    ]);

    const shirt = required(fixture.products['hemp-t-shirt'], 'hemp t-shirt');
    const blue = required(shirt.itemIds[variantKey({ Color: 'Blue', Size: 'M' })], 'blue M');
    await ctx.db.update(productItems).set({ discountPercent: 90 }).where(eq(productItems.id, blue));
    expect((await listing('garments', { min: 0, max: 50 })).count).toBe(1);
  });

  it('a new default item brings its own price to the listing', async () => {
    const shirt = required(fixture.products['hemp-t-shirt'], 'hemp t-shirt');
    const redXl = required(shirt.itemIds[variantKey({ Color: 'Red', Size: 'XL' })], 'red XL');
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(productItems)
        .set({ isDefault: false })
        .where(eq(productItems.id, shirt.defaultItemId));
      await tx.update(productItems).set({ isDefault: true }).where(eq(productItems.id, redXl));
    });
    const atRedXlPrice = await listing('garments', { min: 319, max: 319 });
    expect(atRedXlPrice.products.map((card) => [card.slug, card._id])).toEqual([
      ['hemp-t-shirt', redXl],
    ]);
  });
});
