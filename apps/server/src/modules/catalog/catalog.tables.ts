import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductInformation, ProductOption, Variants } from '@shop/shared';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Three levels in one table: a category, its sub-categories and their second-level ones. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.position)],
);

/**
 * A product family: what a shopper sees as one product page. Its purchasable items (option
 * combinations with their own price and stock) live in `product_items`.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => categories.id),
    subCategory2Id: uuid('sub_category2_id').references(() => categories.id),
    heroImage: text('hero_image').notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    information: jsonb('information').$type<ProductInformation[]>().notNull().default([]),
    /** Sanitised when stored; never rendered from unsanitised input. */
    description: text('description').notNull().default(''),
    /** VAT included in every price, in percent: 25 standard, 15 food. */
    vatPercent: smallint('vat_percent').notNull().default(25),
    /** Extra words the search should know the product by, such as its category names. */
    keywords: text('keywords').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${products.name}), 'A') || setweight(to_tsvector('english', ${products.keywords}), 'B')`,
    ),
    /**
     * The default item's selling price, kept by a trigger on product_items (migration
     * 0004_list_price_trigger): listings filter and sort by it with the category in one index.
     */
    listPriceOre: integer('list_price_ore').notNull().default(0),
    /** Units sold, kept by the order flow; orders the best-selling list. */
    soldCount: integer('sold_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A category listing's default order (newest first) walks one of these and stops early.
    index('products_category_created_idx').on(table.categoryId, table.createdAt.desc()),
    index('products_sub_category_created_idx').on(table.subCategoryId, table.createdAt.desc()),
    index('products_sub_category2_created_idx').on(table.subCategory2Id, table.createdAt.desc()),
    index('products_category_price_idx').on(table.categoryId, table.listPriceOre),
    index('products_sub_category_price_idx').on(table.subCategoryId, table.listPriceOre),
    index('products_sub_category2_price_idx').on(table.subCategory2Id, table.listPriceOre),
    index('products_created_idx').on(table.createdAt),
    index('products_sold_idx').on(table.soldCount),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    check('products_vat_check', sql`${table.vatPercent} in (0, 12, 15, 25)`),
  ],
);

/**
 * Every distinct word (with a letter in it) of product names and keywords, the dictionary a
 * search corrects typed words against by trigram similarity. Kept by a trigger on products
 * (migration 0006_search_terms_trigger); words of renamed products stay and match nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (table) => [
  index('search_terms_trgm_idx').using('gist', sql`${table.term} gist_trgm_ops`),
]);

/** A purchasable option combination of a product, with its own price, discount and stock. */
export const productItems = pgTable(
  'product_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variants: jsonb('variants').$type<Variants>().notNull().default({}),
    /** The shown item of the family: its card, its price in listings, the page without query. */
    isDefault: boolean('is_default').notNull().default(false),
    priceOre: integer('price_ore').notNull(),
    discountPercent: smallint('discount_percent').notNull().default(0),
    sellingPriceOre: integer('selling_price_ore').generatedAlwaysAs(
      (): SQL =>
        sql`round(${productItems.priceOre} * (100 - ${productItems.discountPercent}) / 100.0)::integer`,
    ),
    stock: integer('stock').notNull().default(0),
    orderLimit: integer('order_limit').notNull().default(10),
    weightGrams: integer('weight_grams').notNull().default(500),
    /** An image of this combination (a colour, say); the family's hero image otherwise. */
    heroImage: text('hero_image'),
    /** This combination's own pictures; the family's gallery is shown when it has none. */
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('product_items_product_idx').on(table.productId, table.position),
    uniqueIndex('product_items_default_idx')
      .on(table.productId)
      .where(sql`${table.isDefault}`),
    index('product_items_default_price_idx')
      .on(table.sellingPriceOre)
      .where(sql`${table.isDefault}`),
    check('product_items_price_check', sql`${table.priceOre} >= 0`),
    check('product_items_discount_check', sql`${table.discountPercent} between 0 and 100`),
    check('product_items_stock_check', sql`${table.stock} >= 0`),
    check('product_items_order_limit_check', sql`${table.orderLimit} >= 1`),
  ],
);

export const productRelations = pgTable(
  'product_related',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.relatedId] })],
);
