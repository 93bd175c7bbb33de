import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyReviewsSchema, toReviewItemsSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { purchase, saveOsloAddress, line } from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { categories, products } from '../catalog/catalog.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';

// Issue 31.5: My Reviews names the products and their categories in the page's language.

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  const honey = required(catalog.products['acacia-honey'], 'honey');
  await ctx.db
    .update(products)
    .set({ name: 'Akasiehonning', nameEn: 'Acacia Honey' })
    .where(eq(products.id, honey.id));
  await ctx.db
    .update(categories)
    .set({ name: 'Mat', nameEn: 'Food' })
    .where(eq(categories.id, required(catalog.categories.food, 'food')));
});
afterAll(() => ctx.close());

describe("My Reviews' product names", () => {
  it('read in bokmål on a Norwegian page and in English on an English one', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await saveOsloAddress(ctx.app, user);
    const honey = required(catalog.products['acacia-honey'], 'honey');
    await purchase(ctx.app, user, [line(required(honey.itemIds[''], 'honey item'))]);
    const get = (url: string, language: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(user), 'accept-language': language },
      });
    const toReview = async (language: string) =>
      toReviewItemsSchema
        .parse((await get('/api/reviews/user', language)).json())
        .map(({ name, category }) => ({ name, category }));
    expect(await toReview('nb')).toEqual([{ name: 'Akasiehonning', category: 'Mat' }]);
    expect(await toReview('en')).toEqual([{ name: 'Acacia Honey', category: 'Food' }]);

    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${honey.id}`,
      headers: bearer(user),
      payload: { rating: 5, review: 'Mild og god honning, kjøper igjen.', images: [] },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const history = async (language: string) =>
      historyReviewsSchema
        .parse((await get('/api/reviews/history', language)).json())
        .map((review) => review.product.name);
    expect(await history('nb')).toEqual(['Akasiehonning']);
    expect(await history('en')).toEqual(['Acacia Honey']);
  });
});
