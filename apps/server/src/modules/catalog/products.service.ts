import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ore, type Locale, type Ore, type Variants } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { categories, productItems, products } from './catalog.tables.js';
import { columnIn, optionsIn, variantsIn } from './content-language.js';
import {
  defaultItemJoin,
  itemForSale,
  productCardColumnsIn,
  productOnSale,
  productCardOf,
  type ProductCardInOre,
} from './product-card.js';

/**
 * What the other modules (cart, shipping, orders, content, wishlist, reviews) may read of the
 * catalogue and do to it. The catalogue's tables stay its own; everyone else comes here.
 */

type Executor = Database | Transaction;

/** A purchasable item as the database prices it now, in øre, with its family's facts. */
export interface PurchasableItem {
  itemId: string;
  /** The product family the item is an option combination of. */
  productId: string;
  name: string;
  slug: string;
  heroImage: string;
  priceOre: Ore;
  discountPercent: number;
  sellingPriceOre: Ore;
  stock: number;
  orderLimit: number;
  vatPercent: number;
  weightGrams: number;
  variants: Variants;
}

/**
 * The current name, image, prices, stock, limit, VAT and weight of the given item ids in one
 * query, keyed by item id. Every flow that takes a client's list of items (cart, stock check,
 * shipping, checkout) prices it here, so no client-sent price is ever trusted. Ids that no
 * longer exist, or are not for sale (a disabled or archived item, a family that is not
 * published or sits in a hidden category), are simply absent. With `lock`, inside a transaction, the item rows stay locked
 * until it ends, so stock read here can be taken without a race. Names and variants are in
 * `locale`, the bokmål (the rows' own texts) unless told.
 */
export async function findPurchasableItems(
  db: Executor,
  itemIds: readonly string[],
  options: { lock?: boolean; locale?: Locale } = {},
): Promise<Map<string, PurchasableItem>> {
  if (itemIds.length === 0) return new Map();
  const locale = options.locale ?? 'nb';
  const query = db
    .select({
      itemId: productItems.id,
      productId: products.id,
      name: columnIn(locale, products.name, products.nameEn),
      slug: products.slug,
      heroImage: sql<string>`coalesce(nullif(${productItems.heroImage}, ''), ${products.heroImage})`,
      priceOre: productItems.priceOre,
      discountPercent: productItems.discountPercent,
      sellingPriceOre: sql<number>`${productItems.sellingPriceOre}`,
      stock: productItems.stock,
      orderLimit: productItems.orderLimit,
      vatPercent: products.vatPercent,
      weightGrams: productItems.weightGrams,
      variants: productItems.variants,
      options: products.options,
      optionsEn: products.optionsEn,
    })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(and(inArray(productItems.id, [...new Set(itemIds)]), itemForSale, productOnSale))
    // A fixed lock order, so two buyers of the same items never wait on each other in a cycle.
    .orderBy(asc(productItems.id));
  const rows = options.lock ? await query.for('update', { of: productItems }) : await query;
  return new Map(
    rows.map(({ options: nb, optionsEn, ...row }) => [
      row.itemId,
      {
        ...row,
        priceOre: ore(row.priceOre),
        sellingPriceOre: ore(Number(row.sellingPriceOre)),
        variants: variantsIn(row.variants, nb, optionsIn(locale, nb, optionsEn)),
      },
    ]),
  );
}

/** Whether an item with this id exists and is for sale. */
export async function purchasableItemExists(db: Executor, itemId: string): Promise<boolean> {
  const [item] = await db
    .select({ id: productItems.id })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(and(eq(productItems.id, itemId), itemForSale, productOnSale));
  return item !== undefined;
}

/**
 * Product cards of the given items, keyed by item id. Items that no longer exist or are not on
 * sale now (a draft or hidden product, a disabled or archived item) are absent.
 */
export async function itemCards(
  db: Executor,
  itemIds: readonly string[],
  locale: Locale,
): Promise<Map<string, ProductCardInOre>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select(productCardColumnsIn(locale))
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(and(inArray(productItems.id, [...new Set(itemIds)]), itemForSale, productOnSale));
  return new Map(rows.map((row) => [row.itemId, productCardOf(row)]));
}

/**
 * Product cards of the given families, each through its default item, ordered by name; a
 * family that no longer exists or is not on sale is left out.
 */
export async function familyCards(
  db: Executor,
  productIds: readonly string[],
  locale: Locale,
): Promise<{ productId: string; card: ProductCardInOre }[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ productId: products.id, ...productCardColumnsIn(locale) })
    .from(products)
    .innerJoin(productItems, defaultItemJoin)
    .where(and(inArray(products.id, [...new Set(productIds)]), productOnSale))
    .orderBy(asc(products.name));
  return rows.map((row) => ({ productId: row.productId, card: productCardOf(row) }));
}

/**
 * The product family a path id names: the family's own id, or the id of one of its purchasable
 * items (what a product page and a card carry); none when neither exists.
 */
export async function findProductFamily(db: Executor, id: string): Promise<string | undefined> {
  const [family] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        eq(products.id, id),
        inArray(
          products.id,
          db
            .select({ id: productItems.productId })
            .from(productItems)
            .where(eq(productItems.id, id)),
        ),
      ),
    )
    .limit(1);
  return family?.id;
}

export interface ProductFamilySummary {
  name: string;
  slug: string;
  heroImage: string;
  categoryName: string;
}

/** Name, image and category of the given families, keyed by family id. */
export async function productFamilySummaries(
  db: Executor,
  productIds: readonly string[],
  locale: Locale = 'nb',
): Promise<Map<string, ProductFamilySummary>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: columnIn(locale, products.name, products.nameEn),
      slug: products.slug,
      heroImage: products.heroImage,
      categoryName: columnIn(locale, categories.name, categories.nameEn),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

/** The SKUs of the given items that still exist, keyed by item id (an order's lines show them). */
export async function itemSkus(
  db: Executor,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productItems.id, sku: productItems.sku })
    .from(productItems)
    .where(inArray(productItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((row) => [row.id, row.sku]));
}

/** What a link to a product or category needs: its name for staff, its slug, whether it is shown. */
export interface LinkTarget {
  name: string;
  slug: string;
  /** On the storefront now: a product on sale, a category that is not hidden nor under one. */
  shown: boolean;
}

/** The given families as link targets, keyed by family id; ids that no longer exist are absent. */
export async function productLinkTargets(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, LinkTarget>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      shown: sql<boolean>`${productOnSale}`,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(
    rows.map(({ id, ...target }) => [id, { ...target, shown: Boolean(target.shown) }]),
  );
}

/** The given categories as link targets, keyed by id; ids that no longer exist are absent. */
export async function categoryLinkTargets(
  db: Executor,
  categoryIds: readonly string[],
): Promise<Map<string, LinkTarget>> {
  if (categoryIds.length === 0) return new Map();
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      shown: sql<boolean>`not (${categories.hidden} or coalesce(${parent.hidden}, false) or coalesce(${grandparent.hidden}, false))`,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grandparent, eq(grandparent.id, parent.parentId))
    .where(inArray(categories.id, [...new Set(categoryIds)]));
  return new Map(
    rows.map(({ id, ...target }) => [id, { ...target, shown: Boolean(target.shown) }]),
  );
}
