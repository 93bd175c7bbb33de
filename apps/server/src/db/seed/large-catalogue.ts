import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { categories, productItems, products } from '../../modules/catalog/catalog.tables.js';
import type { Database } from '../client.js';
import { productSeeds } from './catalogue-data.js';
import { expandItems, productTextsOf, seededRandom } from './demo-catalogue.js';
import { required } from './required.js';

export interface LargeSeedReport {
  products: number;
  items: number;
  milliseconds: number;
}

export interface LargeSeedOptions {
  /** Products per multi-row insert; items follow in chunks of the same size. */
  batchSize?: number;
  onProgress?: (inserted: number, total: number) => void;
}

/** The series a copy belongs to, in bokmål (after its name) and in English (before it). */
const styles: [string, string][] = [
  ['Klassisk', 'Classic'],
  ['Nordisk', 'Nordic'],
  ['Arv', 'Heritage'],
  ['Hverdag', 'Everyday'],
  ['Premium', 'Premium'],
  ['Håndverk', 'Artisan'],
  ['Økologisk', 'Organic'],
  ['Fjord', 'Fjord'],
  ['Kyst', 'Coastal'],
  ['Høyland', 'Highland'],
  ['Bygd', 'Village'],
  ['Studio', 'Studio'],
];
const discounts = [0, 0, 0, 0, 0, 10, 15, 20, 25, 30];

/**
 * Adds `count` products on top of the demo catalogue, for load tests and benchmarks. Each one
 * copies a demo product (its shelf, options, description and pictures, which are reused rather
 * than drawn again) under a new name, with its own prices, discounts and stock. Products and
 * items go in with multi-row inserts, one transaction per batch.
 */
export async function seedLargeCatalogue(
  db: Database,
  count: number,
  options: LargeSeedOptions = {},
): Promise<LargeSeedReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const random = seededRandom(count);

  const categoryRows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameEn: categories.nameEn,
    })
    .from(categories);
  const category = new Map(categoryRows.map((row) => [row.slug, row]));
  const templates = await db
    .select({ slug: products.slug, heroImage: products.heroImage, gallery: products.gallery })
    .from(products)
    .where(
      inArray(
        products.slug,
        productSeeds.map((seed) => seed.slug),
      ),
    );
  const pictures = new Map(templates.map((row) => [row.slug, row]));
  const seeds = productSeeds.filter((seed) => pictures.has(seed.slug));
  if (seeds.length === 0) throw new Error('The large catalogue needs the demo catalogue first');
  const texts = new Map(seeds.map((seed) => [seed.slug, productTextsOf(seed)]));

  const now = Date.now();
  let itemCount = 0;
  for (let first = 0; first < count; first += batchSize) {
    const productRows: (typeof products.$inferInsert)[] = [];
    const itemRows: (typeof productItems.$inferInsert)[] = [];
    for (let index = first; index < Math.min(count, first + batchSize); index += 1) {
      const seed = required(seeds[index % seeds.length], 'a template');
      const [top, sub, sub2] = seed.category.map((slug) => (slug ? category.get(slug) : undefined));
      const picture = required(pictures.get(seed.slug), seed.slug);
      const id = randomUUID();
      const [style, styleEn] = required(styles[Math.floor(random() * styles.length)], 'a style');
      const text = required(texts.get(seed.slug), seed.slug);
      const priceFactor = 0.7 + random() * 0.9;
      const discount = required(discounts[Math.floor(random() * discounts.length)], 'a discount');
      const soldOut = random() < 0.06;
      productRows.push({
        id,
        slug: `${seed.slug}-${index + 1}`,
        ...text,
        name: `${text.name} – ${style} ${index + 1}`,
        nameEn: `${styleEn} ${text.nameEn} ${index + 1}`,
        categoryId: required(top, seed.category[0]).id,
        subCategoryId: sub?.id ?? null,
        subCategory2Id: sub2?.id ?? null,
        heroImage: picture.heroImage,
        gallery: picture.gallery,
        vatPercent: seed.vat ?? 25,
        keywords: [top, sub, sub2]
          .flatMap((level) => (level ? [level.name, level.nameEn ?? level.name] : []))
          .filter((name, at, names) => names.indexOf(name) === at)
          .join(' '),
        soldCount: Math.floor(random() ** 3 * 500),
        createdAt: new Date(now - (121 + random() * 730) * 86_400_000),
      });
      for (const item of expandItems(seed)) {
        itemRows.push({
          ...item,
          productId: id,
          // Whole tens of kroner less one, like shelf prices: 249, 1 189.
          priceOre: (Math.max(2, Math.round((item.priceOre * priceFactor) / 1000)) * 10 - 1) * 100,
          discountPercent: discount,
          stock: soldOut ? 0 : Math.floor(random() * 60),
          orderLimit: random() < 0.2 ? 2 + Math.floor(random() * 3) : 10,
        });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(productRows);
      for (let start = 0; start < itemRows.length; start += batchSize) {
        await tx.insert(productItems).values(itemRows.slice(start, start + batchSize));
      }
    });
    itemCount += itemRows.length;
    options.onProgress?.(Math.min(count, first + batchSize), count);
  }
  return {
    products: count,
    items: itemCount,
    milliseconds: Math.round(performance.now() - started),
  };
}
