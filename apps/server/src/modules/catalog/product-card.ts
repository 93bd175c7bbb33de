import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ore, type InOre, type Locale, type ProductCard } from '@shop/shared';
import { categories, productItems, products } from './catalog.tables.js';
import { columnIn } from './content-language.js';

/**
 * Whether a product family is on the storefront: published, and in no hidden category at any
 * level. Every list, search, page and purchase of the storefront filters by this one condition.
 * It reads the row itself plus a primary-key probe per level, so the listing indexes still lead.
 */
export const productOnSale: SQL = productOnSaleOf(products);

/** productOnSale for another reference to products (an alias, such as a related product). */
export function productOnSaleOf(
  family: Record<'status' | 'categoryId' | 'subCategoryId' | 'subCategory2Id', AnyPgColumn>,
): SQL {
  return sql`(${family.status} = 'published' and not exists (
  select 1 from ${categories}
  where ${categories.hidden}
    and ${categories.id} in (${family.categoryId}, ${family.subCategoryId}, ${family.subCategory2Id})
))`;
}

/** Whether an item of a family on sale can be shown and bought: neither disabled nor archived. */
export const itemForSale: SQL | undefined = and(
  eq(productItems.disabled, false),
  isNull(productItems.archivedAt),
);

/**
 * The columns of a ProductCard in a language: a family shown through its default item. Shared by
 * every list that shows cards (catalogue listings, search, campaigns) so a card reads the same
 * everywhere.
 */
export const productCardColumnsIn = (locale: Locale) => ({
  itemId: productItems.id,
  name: columnIn(locale, products.name, products.nameEn),
  slug: products.slug,
  heroImage: sql<string>`coalesce(nullif(${productItems.heroImage}, ''), ${products.heroImage})`,
  priceOre: productItems.priceOre,
  sellingPriceOre: sql<number>`${productItems.sellingPriceOre}`,
  discountPercent: productItems.discountPercent,
  stock: productItems.stock,
});

/** Joins a family to its default item, the one a card and a listing price stand for. */
export const defaultItemJoin: SQL | undefined = and(
  eq(productItems.productId, products.id),
  eq(productItems.isDefault, true),
);

export type ProductCardRow = {
  itemId: string;
  name: string;
  slug: string;
  heroImage: string;
  priceOre: number;
  sellingPriceOre: number;
  discountPercent: number;
  stock: number;
};

/** A product card as the services answer it: its prices in øre (`productCardToWire` sends it). */
export type ProductCardInOre = InOre<ProductCard, 'price' | 'sellingPrice'>;

/** The card of a row read with productCardColumnsIn. */
export function productCardOf(row: ProductCardRow): ProductCardInOre {
  return {
    _id: row.itemId,
    name: row.name,
    slug: row.slug,
    heroImage: row.heroImage,
    priceOre: ore(row.priceOre),
    // Read through sql``, which drizzle hands over as the driver gave it.
    sellingPriceOre: ore(Number(row.sellingPriceOre)),
    discount: row.discountPercent,
    stock: row.stock,
  };
}
