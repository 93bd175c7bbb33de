import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOffersResponseSchema, type ProductOffer } from '@shop/shared';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { categories, productItems, products } from './catalog.tables.js';

// A database of its own: these tests add, disable and archive items, and hide a category.
let ctx: TestContext;
let fixture: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
});
afterAll(async () => ctx?.close());

const item = (slug: string, key: string) =>
  required(required(fixture.products[slug], slug).itemIds[key], key);

async function offers(slug: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${slug}/offers` });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function skuOf(id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ sku: productItems.sku })
    .from(productItems)
    .where(eq(productItems.id, id));
  return required(row, `item ${id}`).sku;
}

describe('GET /api/products/{slug}/offers (issue 15)', () => {
  it('answers every item for sale, the default first and then by position, with its price and stock', async () => {
    const hemp = required(fixture.products['hemp-t-shirt'], 'hemp-t-shirt');
    // The default item is not the first by position, and position differs from insertion order.
    await ctx.db
      .update(productItems)
      .set({ position: 9 })
      .where(eq(productItems.id, item('hemp-t-shirt', 'Color=Red,Size=M')));
    await ctx.db
      .update(productItems)
      .set({ position: 7 })
      .where(eq(productItems.id, item('hemp-t-shirt', 'Color=Red,Size=XL')));
    const [disabled, archived] = await ctx.db
      .insert(productItems)
      .values([
        {
          productId: hemp.id,
          variants: { Color: 'Blue', Size: 'XL' },
          priceOre: 31_900,
          stock: 4,
          disabled: true,
          position: 0,
        },
        {
          productId: hemp.id,
          variants: { Color: 'Green', Size: 'M' },
          priceOre: 29_900,
          stock: 2,
          archivedAt: new Date('2025-06-01T10:00:00Z'),
          position: 1,
        },
      ])
      .returning({ id: productItems.id });

    const { status, body } = await offers('hemp-t-shirt');
    expect(status).toBe(200);
    const answer = productOffersResponseSchema.parse(body);
    expect(answer.offers).toEqual([
      {
        sku: await skuOf(item('hemp-t-shirt', 'Color=Red,Size=M')),
        variants: { Color: 'Red', Size: 'M' },
        // 299.00 NOK less 20 %.
        sellingPrice: 239.2,
        stock: 8,
      },
      {
        sku: await skuOf(item('hemp-t-shirt', 'Color=Blue,Size=M')),
        variants: { Color: 'Blue', Size: 'M' },
        sellingPrice: 299,
        stock: 6,
      },
      {
        sku: await skuOf(item('hemp-t-shirt', 'Color=Red,Size=XL')),
        variants: { Color: 'Red', Size: 'XL' },
        sellingPrice: 319,
        stock: 3,
      },
    ] satisfies ProductOffer[]);
    // The product declares Color before Size; stored JSON puts the shorter key first.
    for (const offer of answer.offers)
      expect(Object.keys(offer.variants)).toEqual(['Color', 'Size']);

    const skus = answer.offers.map((offer) => offer.sku);
    expect(skus).not.toContain(await skuOf(required(disabled, 'disabled item').id));
    expect(skus).not.toContain(await skuOf(required(archived, 'archived item').id));
  });

  it('answers a product without options with its one item and no variants', async () => {
    const { status, body } = await offers('acacia-honey');
    expect(status).toBe(200);
    expect(productOffersResponseSchema.parse(body)).toEqual({
      offers: [
        {
          sku: await skuOf(item('acacia-honey', '')),
          variants: {},
          sellingPrice: 149,
          stock: 12,
        },
      ],
    });
  });

  it('answers 404 {message} for an unknown slug, a draft, an archived product and one in a hidden category', async () => {
    await ctx.db.update(products).set({ status: 'draft' }).where(eq(products.slug, 'green-tea'));
    await ctx.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.slug, 'ethiopian-coffee-beans'));
    // Socks is a sub-category: hiding any level hides the product.
    await ctx.db
      .update(categories)
      .set({ hidden: true })
      .where(eq(categories.id, required(fixture.categories.socks, 'socks')));

    for (const slug of ['no-such-product', 'green-tea', 'ethiopian-coffee-beans', 'wool-socks']) {
      const { status, body } = await offers(slug);
      expect(status, slug).toBe(404);
      expect(body, slug).toEqual({ message: 'Product not found' });
    }
  });

  it('answers 404 when every item of a product is disabled or archived', async () => {
    await ctx.db
      .update(productItems)
      .set({ disabled: true })
      .where(eq(productItems.id, item('raw-forest-honey', '')));
    const { status, body } = await offers('raw-forest-honey');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Product not found' });
  });

  it('names the options in the asked language, English falling back to bokmål (issue 31.5)', async () => {
    await ctx.db
      .update(products)
      .set({
        optionsEn: [
          { name: 'Colour', values: ['Crimson', ''] },
          { name: 'Size', values: ['Medium', 'Extra large'] },
        ],
      })
      .where(eq(products.slug, 'hemp-t-shirt'));
    const variantsIn = async (language: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/products/hemp-t-shirt/offers',
        headers: { 'accept-language': language },
      });
      // In the order the earlier tests left the items; the names are what this test reads.
      return productOffersResponseSchema
        .parse(response.json())
        .offers.map((offer) => offer.variants)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    };
    expect(await variantsIn('en')).toEqual([
      { Colour: 'Blue', Size: 'Medium' },
      { Colour: 'Crimson', Size: 'Extra large' },
      { Colour: 'Crimson', Size: 'Medium' },
    ]);
    expect(await variantsIn('nb')).toEqual([
      { Color: 'Blue', Size: 'M' },
      { Color: 'Red', Size: 'M' },
      { Color: 'Red', Size: 'XL' },
    ]);
  });
});
