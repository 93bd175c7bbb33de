import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productItems, products } from '../modules/catalog/catalog.tables.js';
import { insertCatalogFixture, required, type CatalogFixture } from '../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let fixture: CatalogFixture;

const renameHoney = (name: string) =>
  ctx.db
    .update(products)
    .set({ name })
    .where(eq(products.id, required(fixture.products['acacia-honey'], 'acacia honey').id));

describe('the response cache', () => {
  beforeAll(async () => {
    ctx = await createTestApp({ RESPONSE_CACHE_SECONDS: '1' });
    fixture = await insertCatalogFixture(ctx.db);
  });
  afterAll(async () => ctx?.close());

  it('answers a repeated catalogue call from memory until it is cleared', async () => {
    const first = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(first.headers['x-cache']).toBe('miss');
    await renameHoney('Renamed Honey');
    const second = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);

    ctx.app.responseCache.clear();
    const third = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(third.headers['x-cache']).toBe('miss');
    expect(third.json()).toMatchObject({ name: 'Renamed Honey' });
  });

  it('lets concurrent first requests wait for one computation', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/products/new' }),
      ctx.app.inject({ url: '/api/products/new' }),
      ctx.app.inject({ url: '/api/products/new' }),
    ]);
    expect(answers.map((answer) => answer.headers['x-cache']).sort()).toEqual([
      'hit',
      'hit',
      'miss',
    ]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('after half its time, serves the kept answer while one request refreshes it', async () => {
    await ctx.app.inject({ url: '/api/carousel' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const [refreshing, served] = await Promise.all([
      ctx.app.inject({ url: '/api/carousel' }),
      ctx.app.inject({ url: '/api/carousel' }),
    ]);
    expect(refreshing.headers['x-cache']).toBe('miss');
    expect(served.headers['x-cache']).toBe('stale');
    expect((await ctx.app.inject({ url: '/api/carousel' })).headers['x-cache']).toBe('hit');
  });

  it('forgets an answer once its time is up', async () => {
    await ctx.app.inject({ url: '/api/products/featured' });
    expect((await ctx.app.inject({ url: '/api/products/featured' })).headers['x-cache']).toBe(
      'hit',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ctx.app.inject({ url: '/api/products/featured' })).headers['x-cache']).toBe(
      'miss',
    );
  });

  it('keys a POST by its body, so different filters never share an answer', async () => {
    const id = required(fixture.categories.honey, 'honey category');
    const listing = (sortby: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/products/category/${id}`,
        payload: { id, sub: [], sub2: null, min: 0, max: 0, sortby },
      });
    const low = await listing('lowToHigh');
    const high = await listing('highToLow');
    expect(high.headers['x-cache']).toBe('miss');
    const lowPrices = low.json<{ products: { sellingPrice: number }[] }>().products;
    const highPrices = high.json<{ products: { sellingPrice: number }[] }>().products;
    expect(highPrices.map((card) => card.sellingPrice)).toEqual(
      lowPrices.map((card) => card.sellingPrice).reverse(),
    );
  });

  it('never keeps an error answer', async () => {
    const missing = await ctx.app.inject({ url: '/api/products/not-yet-there/slug' });
    expect(missing.statusCode).toBe(404);
    const again = await ctx.app.inject({ url: '/api/products/not-yet-there/slug' });
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('leaves routes that are not marked alone', async () => {
    const docs = await ctx.app.inject({ url: '/api/docs/json' });
    expect(docs.headers['x-cache']).toBeUndefined();
  });
});

describe('with RESPONSE_CACHE_SECONDS=0', () => {
  let uncached: TestContext;
  beforeAll(async () => {
    uncached = await createTestApp({ RESPONSE_CACHE_SECONDS: '0' });
    const { products: seeded } = await insertCatalogFixture(uncached.db);
    const honey = required(seeded['acacia-honey'], 'acacia honey');
    await uncached.db
      .update(productItems)
      .set({ stock: 7 })
      .where(eq(productItems.id, honey.defaultItemId));
  });
  afterAll(async () => uncached?.close());

  it('reads the database every time', async () => {
    const first = await uncached.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.json()).toMatchObject({ stock: 7 });
  });
});
