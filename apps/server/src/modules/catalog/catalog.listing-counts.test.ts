import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryListingResponse } from '@shop/shared';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { rowsOf } from '../../db/statement.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { categories, productItems, products } from './catalog.tables.js';

// A paged listing's count of all matches comes from the counts the database keeps per place in
// the menu (migration 0037, issue 33), an unpaged one from the cards themselves. After every
// kind of change to the catalogue the two must agree for every category of every level.
let ctx: TestContext;
let fixture: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
});
afterAll(async () => ctx?.close());

async function listing(categoryId: string, query: string, filter: object = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/products/category/${categoryId}${query}`,
    payload: { sub: [], sub2: null, min: 0, max: 0, sortby: '', ...filter },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CategoryListingResponse>();
}

/**
 * Per visible category slug: [the paged listing's count, the unpaged listing's cards], for its
 * own listing and for its top category's filtered to it (`<slug> in <top>`), as the
 * storefront's page of a sub-category or sub-sub-category asks.
 */
async function countsOfEveryCategory(): Promise<Record<string, [number, number]>> {
  // Answers are kept per change; these changes are made behind the back office's back.
  ctx.app.responseCache.clear();
  const visible = await ctx.db
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.hidden, false));
  const byId = new Map(visible.map((category) => [category.id, category]));
  const counts: Record<string, [number, number]> = {};
  const count = async (name: string, id: string, filter: object = {}) => {
    const paged = await listing(id, '?page=1&limit=1', filter);
    const whole = await listing(id, '', filter);
    counts[name] = [paged.count, whole.products.length];
  };
  for (const category of visible) {
    await count(category.slug, category.id);
    const parent = category.parentId ? byId.get(category.parentId) : undefined;
    const grandparent = parent?.parentId ? byId.get(parent.parentId) : undefined;
    if (parent && !grandparent)
      await count(`${category.slug} in ${parent.slug}`, parent.id, { sub: [{ _id: category.id }] });
    if (grandparent)
      await count(`${category.slug} in ${grandparent.slug}`, grandparent.id, {
        sub2: { _id: category.id, name: category.slug },
      });
  }
  return counts;
}

async function expectCountsAgree(expected: Record<string, number>) {
  const counts = await countsOfEveryCategory();
  for (const [slug, [paged, whole]] of Object.entries(counts))
    expect({ slug, paged }).toEqual({ slug, paged: whole });
  expect(
    Object.fromEntries(Object.entries(counts).map(([slug, [paged]]) => [slug, paged])),
  ).toMatchObject(expected);
}

const productId = (slug: string) => required(fixture.products[slug], slug).id;
const categoryId = (slug: string) => required(fixture.categories[slug], slug);

describe('a category listing counts its products from the counts the database keeps', () => {
  it('CAT-07 counts every level of the menu as the fixture has it', async () => {
    await expectCountsAgree({
      food: 5,
      honey: 3,
      'honey in food': 3,
      'raw-honey': 2,
      'raw-honey in food': 2,
      'creamed-honey': 1,
    });
  });

  it('follows a product unpublished, archived and published again', async () => {
    await ctx.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, productId('acacia-honey')));
    await expectCountsAgree({ food: 4, honey: 2, 'raw-honey': 1 });
    await ctx.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, productId('acacia-honey')));
    await expectCountsAgree({ food: 4, honey: 2, 'raw-honey': 1 });
    await ctx.db
      .update(products)
      .set({ status: 'published' })
      .where(eq(products.id, productId('acacia-honey')));
    await expectCountsAgree({ food: 5, honey: 3, 'raw-honey': 2 });
  });

  it('follows a product moved to another place in the menu', async () => {
    await ctx.db
      .update(products)
      .set({ subCategory2Id: categoryId('creamed-honey') })
      .where(eq(products.id, productId('raw-forest-honey')));
    await expectCountsAgree({ honey: 3, 'raw-honey': 1, 'creamed-honey in food': 2 });
    await ctx.db
      .update(products)
      .set({
        categoryId: categoryId('garments'),
        subCategoryId: categoryId('socks'),
        subCategory2Id: null,
      })
      .where(eq(products.id, productId('raw-forest-honey')));
    await expectCountsAgree({
      food: 4,
      honey: 2,
      'creamed-honey': 1,
      garments: 3,
      'socks in garments': 2,
    });
  });

  it('leaves out the products under a hidden category, and takes them back when shown', async () => {
    await ctx.db
      .update(categories)
      .set({ hidden: true })
      .where(eq(categories.id, categoryId('creamed-honey')));
    await expectCountsAgree({ food: 3, honey: 1, 'raw-honey': 1 });
    await ctx.db
      .update(categories)
      .set({ hidden: false })
      .where(eq(categories.id, categoryId('creamed-honey')));
    await expectCountsAgree({ food: 4, honey: 2, 'creamed-honey': 1 });
  });

  it('follows products added and deleted, and a save that changes neither status nor place', async () => {
    const [added] = await ctx.db
      .insert(products)
      .values({
        slug: 'heather-honey',
        name: 'Heather Honey',
        categoryId: categoryId('food'),
        subCategoryId: categoryId('honey'),
        subCategory2Id: categoryId('raw-honey'),
      })
      .returning({ id: products.id });
    const heather = required(added, 'heather honey').id;
    await ctx.db
      .insert(productItems)
      .values({ productId: heather, isDefault: true, priceOre: 9_900 });
    await ctx.db
      .update(products)
      .set({ name: 'Heather Honey 250 g' })
      .where(eq(products.id, heather));
    await expectCountsAgree({ food: 5, honey: 3, 'raw-honey': 2 });
    await ctx.db.delete(products).where(eq(products.id, productId('green-tea')));
    await expectCountsAgree({ food: 4, 'coffee-and-tea': 1 });
  });

  it('keeps the same counts as counting the products, place by place', async () => {
    const kept = await ctx.db.execute(sql`
      select category_id, sub_category_id, sub_category2_id, products
      from category_listing_counts where products <> 0
      order by 1, 2, 3`);
    const counted = await ctx.db.execute(sql`
      select category_id, sub_category_id, sub_category2_id, count(*)::int as products
      from products where status = 'published'
      group by 1, 2, 3 order by 1, 2, 3`);
    expect(rowsOf(kept)).toEqual(rowsOf(counted));
  });
});
