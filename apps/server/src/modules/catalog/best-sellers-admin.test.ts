import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminBestSellers,
  bestSellersMessages,
  HOME_LIST_SIZE,
  type ProductCard,
} from '@shop/shared';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import { type CatalogFixture, required } from '../../test/catalog-fixtures.js';
import type { TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { productItems, products } from './catalog.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let staffToken: string;
let ownerToken: string;
let customerToken: string;

beforeAll(async () => {
  // A long cache: the home page's reads below show that a save clears it.
  const app = await createBackOfficeTestApp({ RESPONSE_CACHE_SECONDS: '600' });
  ({ ctx, catalog } = app);
  staffToken = app.staff.session.accessToken;
  ownerToken = app.owner.session.accessToken;
  customerToken = (await createVerifiedUser(ctx.app, ctx.db)).accessToken;
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  await ctx.db.update(products).set({ bestSellingPin: null, status: 'published' });
  ctx.app.responseCache.clear();
});

const id = (slug: string) => required(catalog.products[slug], slug).id;

/** The fixture's products on sale, most sold first. */
const bySales = [
  'ethiopian-coffee-beans',
  'raw-forest-honey',
  'hemp-t-shirt',
  'acacia-honey',
  'green-tea',
  'creamed-clover-honey',
  'wool-socks',
];

function put(productIds: unknown, token: string | undefined = staffToken) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/best-sellers',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { productIds },
  });
}

async function featured(): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/products/featured' });
  expect(response.statusCode).toBe(200);
  return response.json<ProductCard[]>().map((card) => card.slug);
}

async function adminView(): Promise<AdminBestSellers> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/best-sellers',
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBestSellers>();
}

async function refusal(productIds: unknown): Promise<string> {
  const response = await put(productIds);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ message: string }>().message;
}

describe("'Best Selling Products' with pinned products (issue 14)", () => {
  it('API-08 lists by sales while nothing is pinned, and the back office shows that list', async () => {
    expect(await featured()).toEqual(bySales);
    const view = await adminView();
    expect(view.pinned).toEqual([]);
    expect(view.shown.map((entry) => entry.id)).toEqual(bySales.map(id));
    expect(view.shown[0]).toMatchObject({ soldCount: 80, pinned: false });
  });

  it('puts the pinned products first in pin order, then the rest by sales, the list no longer', async () => {
    expect(await featured()).toEqual(bySales);
    const response = await put([id('wool-socks'), id('green-tea')]);
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      'wool-socks',
      'green-tea',
      ...bySales.filter((slug) => !['wool-socks', 'green-tea'].includes(slug)),
    ];
    // The home page's cached list was cleared by the save.
    expect(await featured()).toEqual(expected);
    const view = response.json<AdminBestSellers>();
    expect(view.pinned).toEqual([
      { id: id('wool-socks'), name: 'Wool Socks', status: 'published', onSale: true },
      { id: id('green-tea'), name: 'Green Tea', status: 'published', onSale: true },
    ]);
    expect(view.shown.map((entry) => [entry.id, entry.pinned])).toEqual(
      expected.map((slug, index) => [id(slug), index < 2]),
    );
    expect(await adminView()).toEqual(view);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'best-sellers'), eq(auditLog.entityId, 'home')))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry?.changes).toEqual({
      productIds: { from: [], to: [id('wool-socks'), id('green-tea')] },
    });

    // [] unpins them all.
    expect((await put([])).statusCode).toBe(200);
    expect(await featured()).toEqual(bySales);
  });

  it('keeps a pinned draft off the list until it is published', async () => {
    await ctx.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, id('green-tea')));
    const response = await put([id('green-tea'), id('acacia-honey')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminBestSellers>().pinned[0]).toMatchObject({
      status: 'draft',
      onSale: false,
    });
    expect(await featured()).toEqual([
      'acacia-honey',
      ...bySales.filter((slug) => !['acacia-honey', 'green-tea'].includes(slug)),
    ]);
  });

  it('refuses unknown, archived and repeated products and more than the list shows, pinning nothing', async () => {
    expect(await refusal([id('acacia-honey'), '00000000-0000-4000-8000-000000000000'])).toBe(
      bestSellersMessages.notFound(1),
    );
    await ctx.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, id('creamed-clover-honey')));
    expect(await refusal([id('acacia-honey'), id('creamed-clover-honey')])).toBe(
      bestSellersMessages.archived(['Creamed Clover Honey']),
    );
    expect(await refusal([id('acacia-honey'), id('acacia-honey')])).toBe(
      bestSellersMessages.duplicate,
    );
    expect(await refusal('acacia-honey')).toBe(bestSellersMessages.productsFormat);
    expect(await refusal(['not-an-id'])).toBe('Invalid id');
    expect(
      await refusal(
        Array.from(
          { length: HOME_LIST_SIZE + 1 },
          (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        ),
      ),
    ).toBe(bestSellersMessages.tooMany);
    expect((await adminView()).pinned).toEqual([]);
  });

  it(`shows ${HOME_LIST_SIZE} cards when more products are on sale, the pinned ones among them`, async () => {
    const [category] = await ctx.db.select({ id: products.categoryId }).from(products).limit(1);
    for (let index = 0; index < HOME_LIST_SIZE; index += 1) {
      const [row] = await ctx.db
        .insert(products)
        .values({
          slug: `extra-${index}`,
          name: `Extra ${index}`,
          categoryId: required(category, 'a category').id,
          soldCount: 100 + index,
        })
        .returning({ id: products.id });
      await ctx.db.insert(productItems).values({
        productId: required(row, 'an extra product').id,
        variants: {},
        isDefault: true,
        priceOre: 10_000,
      });
    }
    expect(await featured()).toHaveLength(HOME_LIST_SIZE);
    expect((await featured()).includes('wool-socks')).toBe(false);
    expect((await put([id('wool-socks')])).statusCode).toBe(200);
    const list = await featured();
    expect(list).toHaveLength(HOME_LIST_SIZE);
    expect(list[0]).toBe('wool-socks');
    expect(list[1]).toBe(`extra-${HOME_LIST_SIZE - 1}`);
  });

  it('answers 401 signed out and 403 to a shopper; the owner may pin as staff may', async () => {
    expect((await put([], '')).statusCode).toBe(401);
    expect((await put([], customerToken)).statusCode).toBe(403);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/best-sellers',
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(read.statusCode).toBe(403);
    expect((await put([id('green-tea')], ownerToken)).statusCode).toBe(200);
  });
});
