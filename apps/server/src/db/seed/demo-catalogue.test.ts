import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadEnv } from '../../config/env.js';
import { openDatabase, type DatabaseHandle } from '../client.js';
import {
  categories,
  productItems,
  productRelations,
  products,
} from '../../modules/catalog/catalog.tables.js';
import { sanitizeProductDescription } from '../../modules/catalog/product-description.js';
import { campaignProducts, carouselSlides } from '../../modules/content/content.tables.js';
import { seedDemoCatalogue, seedDemoCatalogueIfEmpty } from './demo-catalogue.js';
import { uploadFile } from './images.js';

let handle: DatabaseHandle;
let env: Env;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-seed-'));
  env = loadEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedDemoCatalogueIfEmpty(handle.db, env);
}, 120_000);

afterAll(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('demo catalogue seed', () => {
  it('API-06 creates the eight categories of the spec with sub-categories on two levels', async () => {
    const db = handle.db;
    const top = await db
      .select({ name: categories.name })
      .from(categories)
      .where(sql`${categories.parentId} is null`)
      .orderBy(categories.position);
    expect(top.map((row) => row.name)).toEqual([
      'Ethnic Garments',
      'Western Garments',
      'Handicrafts',
      'Health & Beauty',
      'Herbal Goods',
      'Honey',
      'Coffee & Tea',
      'Hemp Products',
    ]);
    const all = await db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories);
    const parents = new Map(all.map((row) => [row.id, row.parentId]));
    const deep = all.filter((row) => row.parentId && parents.get(row.parentId));
    expect(deep.length).toBeGreaterThan(5);
  });

  it('creates at least 80 products, each with exactly one default item', async () => {
    const rows = await handle.db.select({ id: products.id }).from(products);
    expect(rows.length).toBeGreaterThanOrEqual(80);
    const defaults = await handle.db
      .select({ productId: productItems.productId, count: sql<number>`count(*)::int` })
      .from(productItems)
      .where(eq(productItems.isDefault, true))
      .groupBy(productItems.productId);
    expect(defaults).toHaveLength(rows.length);
    expect(defaults.every((row) => row.count === 1)).toBe(true);
  });

  it('PDP-10 has products with options whose items differ in price and stock', async () => {
    const [honey] = await handle.db
      .select({ id: products.id, options: products.options })
      .from(products)
      .where(eq(products.slug, 'raw-wildflower-honey'));
    if (!honey) throw new Error('raw-wildflower-honey is missing');
    expect(honey.options).toEqual([{ name: 'Weight', values: ['250 g', '500 g', '1 kg'] }]);
    const items = await handle.db
      .select()
      .from(productItems)
      .where(eq(productItems.productId, honey.id))
      .orderBy(productItems.position);
    expect(items.map((item) => item.variants)).toEqual([
      { Weight: '250 g' },
      { Weight: '500 g' },
      { Weight: '1 kg' },
    ]);
    expect(new Set(items.map((item) => item.priceOre)).size).toBe(3);
    expect(new Set(items.map((item) => item.stock)).size).toBeGreaterThan(1);
    expect(items.map((item) => item.weightGrams)).toEqual([250, 500, 1000]);
  });

  it('PDP-09 CARD-07 covers out-of-stock items and products, discounts, and order limits on both sides of stock', async () => {
    const items = await handle.db.select().from(productItems);
    expect(items.some((item) => item.stock === 0)).toBe(true);
    expect(items.some((item) => item.isDefault && item.stock === 0)).toBe(true);
    expect(items.some((item) => item.orderLimit < item.stock)).toBe(true);
    expect(items.some((item) => item.stock > 0 && item.stock < item.orderLimit)).toBe(true);
    const discounts = new Set(items.map((item) => item.discountPercent).filter(Boolean));
    expect(discounts.size).toBeGreaterThanOrEqual(3);
    expect(items.some((item) => (item.sellingPriceOre ?? item.priceOre) < item.priceOre)).toBe(
      true,
    );
  });

  it('uses both VAT rates: 15 % for food and 25 % for the rest', async () => {
    const rows = await handle.db
      .select({ slug: products.slug, vat: products.vatPercent })
      .from(products);
    const vat = new Map(rows.map((row) => [row.slug, row.vat]));
    expect(vat.get('raw-wildflower-honey')).toBe(15);
    expect(vat.get('assam-black-tea')).toBe(15);
    expect(vat.get('organic-cotton-t-shirt')).toBe(25);
  });

  it('API-04 gives every product a hero image and gallery that exist on disk as WebP', async () => {
    const rows = await handle.db
      .select({ hero: products.heroImage, gallery: products.gallery })
      .from(products);
    const items = await handle.db
      .select({ hero: productItems.heroImage })
      .from(productItems)
      .where(sql`${productItems.heroImage} is not null`);
    expect(items.length).toBeGreaterThan(0);
    const paths = new Set([
      ...rows.flatMap((row) => [row.hero, ...row.gallery]),
      ...items.flatMap((item) => (item.hero ? [item.hero] : [])),
    ]);
    for (const row of rows) {
      expect(row.gallery.length).toBeGreaterThanOrEqual(2);
      expect(row.gallery.length).toBeLessThanOrEqual(4);
      expect(row.gallery[0]).toBe(row.hero);
    }
    for (const image of paths) {
      expect(image).toMatch(/^\/uploads\/products\/[a-z0-9-]+\.webp$/);
      const metadata = await sharp(uploadFile(dataDir, image)).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(800);
    }
  });

  it('API-04 API-12 gives categories, carousel slides and campaigns images under /uploads', async () => {
    const categoryImages = await handle.db.select({ image: categories.image }).from(categories);
    const slides = await handle.db.select().from(carouselSlides);
    expect(slides.length).toBeGreaterThanOrEqual(4);
    for (const image of [
      ...categoryImages.map((row) => row.image),
      ...slides.map((s) => s.image),
    ]) {
      expect(image.startsWith('/uploads/')).toBe(true);
      await expect(fs.access(uploadFile(dataDir, image))).resolves.toBeUndefined();
    }
    expect(slides.every((slide) => /^\/(category|product)\//.test(slide.link))).toBe(true);
    const linked = await handle.db.select().from(campaignProducts);
    expect(linked.length).toBeGreaterThanOrEqual(6);
  });

  it('PDP-14 PDP-16 stores sanitised HTML descriptions, specs and three to four related products', async () => {
    const rows = await handle.db.select().from(products);
    for (const row of rows) {
      expect(row.description).toBe(sanitizeProductDescription(row.description));
      expect(row.description).toMatch(/^<p>.+<\/p><ul><li>/);
      expect(row.information.length).toBeGreaterThanOrEqual(2);
      expect(row.keywords.length).toBeGreaterThan(0);
    }
    const related = await handle.db
      .select({ productId: productRelations.productId, count: sql<number>`count(*)::int` })
      .from(productRelations)
      .groupBy(productRelations.productId);
    expect(related).toHaveLength(rows.length);
    expect(related.every((row) => row.count >= 3 && row.count <= 4)).toBe(true);
  });

  it('spreads creation dates and sold counts so the latest and best-selling lists differ', async () => {
    const rows = await handle.db
      .select({ slug: products.slug, created: products.createdAt, sold: products.soldCount })
      .from(products);
    const newest = [...rows].sort((a, b) => +b.created - +a.created).slice(0, 8);
    const best = [...rows].sort((a, b) => b.sold - a.sold).slice(0, 8);
    expect(new Set(rows.map((row) => +row.created)).size).toBe(rows.length);
    expect(newest.map((row) => row.slug)).not.toEqual(best.map((row) => row.slug));
  });

  it('does not seed twice when the catalogue is not empty', async () => {
    const before = await handle.db.select({ id: products.id }).from(products);
    expect(await seedDemoCatalogueIfEmpty(handle.db, env)).toBeUndefined();
    const after = await handle.db.select({ id: products.id }).from(products);
    expect(after).toHaveLength(before.length);
  });

  it('re-seeds with reset, reusing the pictures already drawn', async () => {
    const before = await handle.db.select({ id: products.id }).from(products);
    const report = await seedDemoCatalogue(handle.db, env, { reset: true });
    expect(report.images.rendered).toBe(0);
    const after = await handle.db.select({ id: products.id }).from(products);
    expect(after).toHaveLength(before.length);
    expect(after.map((row) => row.id)).not.toEqual(before.map((row) => row.id));
  });
});
