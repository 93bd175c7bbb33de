import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignsResponseSchema,
  carouselResponseSchema,
  categoriesResponseSchema,
  historyReviewsSchema,
  ordersResponseSchema,
  productDetailSchema,
  type SessionUser,
} from '@shop/shared';
import { categories, productItems, products } from '../modules/catalog/catalog.tables.js';
import { campaignProducts, campaigns, carouselSlides } from '../modules/content/content.tables.js';
import { orderLines } from '../modules/orders/orders.tables.js';
import { reviews } from '../modules/reviews/reviews.tables.js';
import { seedShippingRatesIfEmpty } from '../modules/shipping/shipping-rates-seed.js';
import { uploads } from '../modules/uploads/uploads.tables.js';
import { bearer, createVerifiedUser } from '../test/account-fixtures.js';
import { insertCatalogFixture, required, type CatalogFixture } from '../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * Migration 0011 makes stored image paths relative to the uploads location. Its data part runs
 * here on rows written the way the shop stored them before (`/uploads/products/x.webp`), on
 * PGlite and, in the postgres project, on PostgreSQL.
 */
const migrationFile = path.resolve(
  import.meta.dirname,
  'migrations',
  '0011_items_gallery_order_number_upload_paths.sql',
);

/** The UPDATE statements of migration 0011, as drizzle's migrator runs them. */
async function imagePathStatements(): Promise<string[]> {
  const text = await fs.readFile(migrationFile, 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'));
}

let ctx: TestContext;
let fixture: CatalogFixture;
let user: SessionUser;
let reviewId: string;
const reviewImage = '/reviews/0b6c1f5e-2a77-4d0e-9d1a-3c5f7e9a1b2c.webp';

const old = (image: string) => `/uploads${image}`;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const shirt = required(fixture.products['hemp-t-shirt'], 'hemp-t-shirt');
  const lines = [line(required(shirt.itemIds['Color=Blue,Size=M'], 'blue item'))];
  const payment = await paidPayment(ctx.app, user, lines);
  const placed = await placeOrder(ctx.app, user, payment.paymentId, lines);
  if (placed.statusCode !== 201) throw new Error(`placing the order failed: ${placed.body}`);

  await ctx.db
    .insert(carouselSlides)
    .values({ image: '/carousel/one.webp', link: '/', position: 0 });
  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({ title: 'Summer', image: '/campaigns/summer.webp', link: '/', position: 0 })
    .returning({ id: campaigns.id });
  await ctx.db
    .insert(campaignProducts)
    .values({ campaignId: required(campaign, 'campaign').id, productId: shirt.id });
  await ctx.db
    .insert(uploads)
    .values({ userId: user._id, path: reviewImage, bytes: 100, width: 10, height: 10 });
  const [review] = await ctx.db
    .insert(reviews)
    .values({
      productId: shirt.id,
      userId: user._id,
      rating: 5,
      review: 'Soft and warm shirt.',
      images: [reviewImage, '/reviews/already-relative.webp'],
    })
    .returning({ id: reviews.id });
  reviewId = required(review, 'review').id;

  // Every image field back to the form stored before migration 0011. One review image stays
  // relative: the migration must leave a path that is already right alone.
  const prefixed = (column: string) => sql.raw(`'/uploads' || ${column}`);
  await ctx.db
    .update(categories)
    .set({ image: prefixed('image') })
    .where(sql`image <> ''`);
  await ctx.db.update(products).set({
    heroImage: prefixed('hero_image'),
    gallery: sql`(select coalesce(jsonb_agg('/uploads' || value order by ordinality), '[]'::jsonb) from jsonb_array_elements_text(gallery) with ordinality)`,
  });
  // product_items.gallery is new in 0011, so it never held a prefixed path.
  await ctx.db
    .update(productItems)
    .set({ heroImage: prefixed('hero_image') })
    .where(sql`hero_image is not null`);
  await ctx.db.update(carouselSlides).set({ image: prefixed('image') });
  await ctx.db.update(campaigns).set({ image: prefixed('image') });
  await ctx.db.update(orderLines).set({ productImage: prefixed('product_image') });
  await ctx.db.update(uploads).set({ path: prefixed('path') });
  await ctx.db
    .update(reviews)
    .set({ images: [old(reviewImage), '/reviews/already-relative.webp'] })
    .where(eq(reviews.id, reviewId));
});

afterAll(async () => ctx?.close());

async function answer(url: string, as?: SessionUser): Promise<unknown> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: as ? bearer(as) : {} });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('migration 0011: stored image paths become relative to the uploads location', () => {
  it('drops the /uploads prefix of every stored image path and keeps relative ones (issue 10.17)', async () => {
    const before = productDetailSchema.parse(
      await answer('/api/products/hemp-t-shirt/slug?Color=Blue&Size=M'),
    );
    expect(before.heroImage).toBe('/uploads/products/hemp-t-shirt-blue.webp');

    const statements = await imagePathStatements();
    // categories, products (2), product_items, carousel, campaigns, order lines, uploads, reviews
    expect(statements).toHaveLength(9);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));

    const { categories: tree } = categoriesResponseSchema.parse(
      await answer('/api/categories/web'),
    );
    expect(tree.map((category) => category.image)).toEqual([
      '/categories/garments.webp',
      '/categories/food.webp',
      '',
    ]);
    const blue = productDetailSchema.parse(
      await answer('/api/products/hemp-t-shirt/slug?Color=Blue&Size=M'),
    );
    expect(blue.heroImage).toBe('/products/hemp-t-shirt-blue.webp');
    expect(blue.gallery).toEqual([
      '/products/hemp-t-shirt-blue.webp',
      '/products/hemp-t-shirt-blue-2.webp',
    ]);
    const red = productDetailSchema.parse(await answer('/api/products/hemp-t-shirt/slug'));
    expect(red.heroImage).toBe('/products/hemp-t-shirt.webp');
    expect(red.gallery).toEqual(['/products/hemp-t-shirt-1.webp', '/products/hemp-t-shirt-2.webp']);
    expect(red.related.map((card) => card.heroImage)).toEqual([
      '/products/ethiopian-coffee-beans.webp',
      '/products/raw-forest-honey.webp',
    ]);

    const { carousel } = carouselResponseSchema.parse(await answer('/api/carousel/'));
    expect(carousel.map((slide) => slide.image)).toEqual(['/carousel/one.webp']);
    const [campaign] = campaignsResponseSchema.parse(await answer('/api/campaign/'));
    expect(campaign?.image).toBe('/campaigns/summer.webp');
    expect(campaign?.products.map((card) => card.heroImage)).toEqual([
      '/products/hemp-t-shirt.webp',
    ]);

    const { orders } = ordersResponseSchema.parse(await answer('/api/subscribers/orders', user));
    expect(orders[0]?.orderItems.map((item) => item.productImage)).toEqual([
      '/products/hemp-t-shirt-blue.webp',
    ]);
    const [history] = historyReviewsSchema.parse(await answer('/api/reviews/history', user));
    expect(history?.images).toEqual([reviewImage, '/reviews/already-relative.webp']);
    const uploadRows = await ctx.db.select({ path: uploads.path }).from(uploads);
    expect(uploadRows).toEqual([{ path: reviewImage }]);
  });
});
