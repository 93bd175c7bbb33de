import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProductOption, Variants } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { categories, productItems, products } from './catalog.tables.js';
import { itemForSale, productOnSale } from './product-card.js';

/**
 * The catalogue as price comparison sites and Google Merchant Center read it (issue 34.6): every
 * product the storefront shows, with each of its items a shopper can buy, in bokmål, the shop's
 * language, by the same conditions as the product page.
 */

/** An item a shopper can buy, with what a feed says of it. */
export interface FeedItem {
  id: string;
  sku: string;
  /** Bokmål option names and values, as the Norwegian product page writes them in its address. */
  variants: Variants;
  /** The price before any discount, VAT included, in øre. */
  priceOre: number;
  /** What the shopper pays now, VAT included, in øre. */
  sellingPriceOre: number;
  stock: number;
  weightGrams: number;
  /** The picture the product page opens with for this item; '' when it has none. */
  image: string;
}

/** A product on the storefront with its items for sale, the default first. */
export interface FeedProduct {
  id: string;
  slug: string;
  name: string;
  /** Sanitised HTML, as stored. */
  description: string;
  brand: string | null;
  gtin: string | null;
  /** Bokmål options, and their English names by position (null: none written). */
  options: ProductOption[];
  optionsEn: ProductOption[] | null;
  /** The names of its places in the menu, top first: Food, Honey, Raw Honey. */
  categoryPath: string[];
  items: FeedItem[];
}

/** Products read per query, so a large catalogue never sits in memory at once. */
export const PRODUCT_FEED_BATCH = 500;

interface ItemRow {
  id: string;
  sku: string;
  variants: Variants;
  priceOre: number;
  sellingPriceOre: number;
  stock: number;
  weightGrams: number;
  heroImage: string | null;
  gallery: string[];
}

const topCategory = alias(categories, 'feed_category');
const subCategory = alias(categories, 'feed_sub_category');
const subCategory2 = alias(categories, 'feed_sub_category2');

/**
 * The picture an item's product page opens with (catalog.service's itemGallery, then the
 * gallery's first): the item's own gallery; else an item's own hero image in place of the
 * family's; else the family's gallery, or its hero image.
 */
function itemImage(item: ItemRow, family: { heroImage: string; gallery: string[] }): string {
  if (item.gallery[0]) return item.gallery[0];
  if (item.heroImage && item.heroImage !== family.heroImage) return item.heroImage;
  return family.gallery[0] ?? family.heroImage;
}

/** JSON the driver answers parsed; a driver that hands over text is read here. */
const parsed = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * Every product on the storefront (published, in no hidden category) with a purchasable item,
 * by slug, a batch at a time: each query continues after the last slug read, on its unique index.
 */
export async function* productFeedBatches(
  db: Database,
  batchSize = PRODUCT_FEED_BATCH,
): AsyncGenerator<FeedProduct[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        description: products.description,
        brand: products.brand,
        gtin: products.gtin,
        heroImage: products.heroImage,
        gallery: products.gallery,
        options: products.options,
        optionsEn: products.optionsEn,
        category: topCategory.name,
        subCategory: subCategory.name,
        subCategory2: subCategory2.name,
        items: sql<unknown>`(select coalesce(json_agg(json_build_object(
            'id', ${productItems.id}, 'sku', ${productItems.sku},
            'variants', ${productItems.variants}, 'priceOre', ${productItems.priceOre},
            'sellingPriceOre', coalesce(${productItems.sellingPriceOre}, ${productItems.priceOre}),
            'stock', ${productItems.stock}, 'weightGrams', ${productItems.weightGrams},
            'heroImage', ${productItems.heroImage}, 'gallery', ${productItems.gallery})
            order by ${productItems.isDefault} desc, ${productItems.position}), '[]'::json)
          from ${productItems}
          where ${productItems.productId} = ${products.id} and ${itemForSale})`,
      })
      .from(products)
      .leftJoin(topCategory, eq(topCategory.id, products.categoryId))
      .leftJoin(subCategory, eq(subCategory.id, products.subCategoryId))
      .leftJoin(subCategory2, eq(subCategory2.id, products.subCategory2Id))
      .where(and(productOnSale, after === undefined ? undefined : gt(products.slug, after)))
      .orderBy(asc(products.slug))
      .limit(batchSize);
    const batch = rows.flatMap((row): FeedProduct[] => {
      const items = parsed<ItemRow[]>(row.items);
      if (items.length === 0) return [];
      return [
        {
          id: row.id,
          slug: row.slug,
          name: row.name,
          description: row.description,
          brand: row.brand,
          gtin: row.gtin,
          options: row.options,
          optionsEn: row.optionsEn,
          categoryPath: [row.category, row.subCategory, row.subCategory2].filter(
            (name): name is string => Boolean(name),
          ),
          items: items.map((item) => ({
            id: item.id,
            sku: item.sku,
            variants: item.variants,
            priceOre: Number(item.priceOre),
            sellingPriceOre: Number(item.sellingPriceOre),
            stock: Number(item.stock),
            weightGrams: Number(item.weightGrams),
            image: itemImage(item, row),
          })),
        },
      ];
    });
    if (batch.length > 0) yield batch;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = last.slug;
  }
}
