import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@shop/shared';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { categories, productItems, products } from './catalog.tables.js';

// A database of its own: these tests hide categories and disable items. The product page is
// one statement (family, items, category and related cards together); these pin what the
// separate queries it replaced each filtered.
let ctx: TestContext;
let fixture: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
});
afterAll(async () => ctx?.close());

async function page(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as ProductDetail };
}

const item = (slug: string, key: string) =>
  required(required(fixture.products[slug], slug).itemIds[key], key);

describe('GET /api/products/{slug}/slug in one statement', () => {
  it('API-10 a disabled item is never the one shown; a partial choice falls to the next by position', async () => {
    await ctx.db
      .update(productItems)
      .set({ disabled: true })
      .where(eq(productItems.id, item('hemp-t-shirt', 'Color=Red,Size=M')));

    const partial = await page('/api/products/hemp-t-shirt/slug?Color=Red');
    expect(partial.status).toBe(200);
    expect(partial.body._id).toBe(item('hemp-t-shirt', 'Color=Red,Size=XL'));
    expect(partial.body.variants).toEqual({ Color: 'Red', Size: 'XL' });

    const full = await page('/api/products/hemp-t-shirt/slug?Color=Red&Size=M');
    expect(full.status).toBe(404);

    await ctx.db
      .update(productItems)
      .set({ disabled: false })
      .where(eq(productItems.id, item('hemp-t-shirt', 'Color=Red,Size=M')));
  });

  it('API-10 a related product that is a draft or in a hidden category is left out', async () => {
    const before = await page('/api/products/hemp-t-shirt/slug');
    expect(before.body.related.map((card) => card.slug)).toEqual([
      'ethiopian-coffee-beans',
      'raw-forest-honey',
    ]);

    await ctx.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.slug, 'ethiopian-coffee-beans'));
    const [honey] = await ctx.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.slug, 'raw-forest-honey'));
    await ctx.db
      .update(categories)
      .set({ hidden: true })
      .where(eq(categories.id, required(honey, 'raw-forest-honey').categoryId));

    const after = await page('/api/products/hemp-t-shirt/slug');
    expect(after.status).toBe(200);
    expect(after.body.related).toEqual([]);
  });
});
