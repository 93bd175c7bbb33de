import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { categories, productItems, products } from '../../modules/catalog/catalog.tables.js';
import { type DatabaseHandle, openDatabase } from '../client.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedLargeCatalogue } from './large-catalogue.js';

let handle: DatabaseHandle;
let dataDir: string;
let demoProducts: number;

// Drawing the demo's pictures takes what the machine needs: the hook waits for it, not a time.
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-large-seed-'));
  handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  demoProducts = (await seedDemoCatalogue(handle.db, loadEnv({ DATA_DIR: dataDir }))).products;
}, 0);

afterAll(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('large catalogue seed', () => {
  it('adds exactly the requested number of products in batches, each with one default item', async () => {
    const progress: number[] = [];
    const report = await seedLargeCatalogue(handle.db, 500, {
      batchSize: 200,
      onProgress: (inserted) => progress.push(inserted),
    });
    expect(report.products).toBe(500);
    expect(progress).toEqual([200, 400, 500]);
    const [count] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(products);
    expect(count?.count).toBe(demoProducts + 500);
    const [defaults] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(productItems)
      .where(eq(productItems.isDefault, true));
    expect(defaults?.count).toBe(demoProducts + 500);
    const [items] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(productItems);
    expect(items?.count).toBeGreaterThan(demoProducts + 500);
  });

  it('API-04 reuses the demo pictures and mixes prices, discounts and stock', async () => {
    const rows = await handle.db
      .select({
        hero: products.heroImage,
        price: productItems.priceOre,
        discount: productItems.discountPercent,
        stock: productItems.stock,
      })
      .from(products)
      .innerJoin(productItems, eq(productItems.productId, products.id))
      .where(like(products.slug, '%-1__'));
    expect(rows.every((row) => row.hero.startsWith('/products/'))).toBe(true);
    expect(new Set(rows.map((row) => row.price)).size).toBeGreaterThan(10);
    expect(rows.some((row) => row.discount > 0)).toBe(true);
    expect(rows.some((row) => row.discount === 0)).toBe(true);
    expect(rows.some((row) => row.stock === 0)).toBe(true);
    expect(rows.every((row) => row.price > 0)).toBe(true);
  });

  it('fills every top category, the largest with many products', async () => {
    const perCategory = await handle.db
      .select({ name: categories.name, count: sql<number>`count(${products.id})::int` })
      .from(categories)
      .leftJoin(products, eq(products.categoryId, categories.id))
      .where(sql`${categories.parentId} is null`)
      .groupBy(categories.name);
    expect(perCategory).toHaveLength(8);
    expect(perCategory.every((row) => row.count > 20)).toBe(true);
  });
});
