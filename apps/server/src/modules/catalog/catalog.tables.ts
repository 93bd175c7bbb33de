import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
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
    /** Bokmål, the shop's first language: every category has it. */
    name: text('name').notNull(),
    /** English, when written; an English page shows the bokmål name otherwise. */
    nameEn: text('name_en'),
    slug: text('slug').notNull().unique(),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Hidden categories, their sub-categories and their products stay off the storefront. */
    hidden: boolean('hidden').notNull().default(false),
    /** The slug was set by hand, so a rename leaves it alone. */
    slugLocked: boolean('slug_locked').notNull().default(false),
    /**
     * When the row last changed, kept by a trigger (migration 0029) on every update, whoever
     * writes it; a category made before it counts from that migration. The sitemap's lastmod.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('categories_parent_idx').on(table.parentId, table.position)],
);

/** A slug a category had before a rename: the storefront answers it with a 301 to the new one. */
export const categorySlugRedirects = pgTable('category_slug_redirects', {
  slug: text('slug').primaryKey(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
});

/** What a product's page shows: a draft or archived product is not on the storefront. */
export const productStatuses = ['draft', 'published', 'archived'] as const;

/**
 * A product family: what a shopper sees as one product page. Its purchasable items (option
 * combinations with their own price and stock) live in `product_items`.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    /**
     * The texts a shopper reads are bokmål in these columns, required, and English in their
     * `…En` twins, null where none is written: English answers fall back to the bokmål.
     */
    name: text('name').notNull(),
    nameEn: text('name_en'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => categories.id),
    subCategory2Id: uuid('sub_category2_id').references(() => categories.id),
    heroImage: text('hero_image').notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    /**
     * Alt text by image path, for the family's pictures and its items' own; a picture without
     * one is described by the product's name.
     */
    imageAlts: jsonb('image_alts').$type<Record<string, string>>().notNull().default({}),
    /** Item variants name these bokmål options; optionsEn translates them by position. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    optionsEn: jsonb('options_en').$type<ProductOption[]>(),
    information: jsonb('information').$type<ProductInformation[]>().notNull().default([]),
    informationEn: jsonb('information_en').$type<ProductInformation[]>(),
    /** Sanitised when stored; never rendered from unsanitised input. */
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    /**
     * The maker's brand, for the product feeds (issue 34.6); null for none, and the feeds then
     * give the shop's name, as Google asks of own-brand goods.
     */
    brand: text('brand'),
    /**
     * The product's GTIN (EAN/UPC barcode number), 8, 12, 13 or 14 digits ending in their check
     * digit (checked on save); null for none. The feeds give it to the item of a product that
     * has one item for sale: items of a product with options each have a number of their own.
     */
    gtin: text('gtin'),
    /** VAT included in every price, in percent: 25 standard, 15 food. */
    vatPercent: smallint('vat_percent').notNull().default(25),
    /** Extra words the search should know the product by, such as its category names. */
    keywords: text('keywords').notNull().default(''),
    /** Both languages' words, stemmed each its own way (migration 0031, product_search_vector). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`product_search_vector(${products.name}, ${products.nameEn}, ${products.keywords})`,
    ),
    /**
     * The default item's selling price, kept by a trigger on product_items (migration
     * 0004_list_price_trigger): listings filter and sort by it with the category in one index.
     */
    listPriceOre: integer('list_price_ore').notNull().default(0),
    /** Units sold, kept by the order flow; orders the best-selling list. */
    soldCount: integer('sold_count').notNull().default(0),
    /** Set by the owner to put the product first in 'Best Selling Products', lowest first. */
    bestSellingPin: integer('best_selling_pin'),
    status: text('status', { enum: productStatuses }).notNull().default('published'),
    /** The weight a new item of the family starts with. */
    weightGrams: integer('weight_grams').notNull().default(500),
    /** Raised by every save; a save made from an older version is refused, not merged. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A category listing's default order (newest first) walks one of these and stops early.
    index('products_category_created_idx').on(table.categoryId, table.createdAt.desc()),
    index('products_sub_category_created_idx').on(table.subCategoryId, table.createdAt.desc()),
    index('products_sub_category2_created_idx').on(table.subCategory2Id, table.createdAt.desc()),
    // The columns after the price are what productOnSale and the sub-category filters read, so
    // a listing's count of all matches is an index-only scan: at 100,000 products the largest
    // category's count read 3,850 heap pages (60 ms cold, 10 ms warm), now 190 index pages.
    index('products_category_price_idx').on(
      table.categoryId,
      table.listPriceOre,
      table.status,
      table.subCategoryId,
      table.subCategory2Id,
    ),
    index('products_sub_category_price_idx').on(
      table.subCategoryId,
      table.listPriceOre,
      table.status,
      table.categoryId,
      table.subCategory2Id,
    ),
    index('products_sub_category2_price_idx').on(
      table.subCategory2Id,
      table.listPriceOre,
      table.status,
      table.categoryId,
      table.subCategoryId,
    ),
    index('products_created_idx').on(table.createdAt),
    index('products_sold_idx').on(table.soldCount),
    // The home page's pinned best sellers: a handful of rows among all products.
    index('products_best_selling_pin_idx')
      .on(table.bestSellingPin)
      .where(sql`${table.bestSellingPin} is not null`),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    // The back office's product list finds by any part of a name, slug or SKU (issue 34.3).
    index('products_slug_trgm_idx').using('gin', sql`${table.slug} gin_trgm_ops`),
    check('products_vat_check', sql`${table.vatPercent} in (0, 12, 15, 25)`),
    check('products_status_check', sql`${table.status} in ('draft', 'published', 'archived')`),
    check('products_gtin_check', sql`${table.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
  ],
);

/**
 * How many published products each place in the menu (a category, its sub-category and
 * sub-sub-category, as a product names them) holds, kept by a trigger on products (migration
 * 0037): a category listing's count of all matches sums a few of these rows instead of counting
 * its products, 10 ms for the largest category at 100,000 products (issue 33).
 */
export const categoryListingCounts = pgTable(
  'category_listing_counts',
  {
    categoryId: uuid('category_id'),
    subCategoryId: uuid('sub_category_id'),
    subCategory2Id: uuid('sub_category2_id'),
    products: integer('products').notNull(),
  },
  (table) => [
    unique('category_listing_counts_place_key')
      .on(table.categoryId, table.subCategoryId, table.subCategory2Id)
      .nullsNotDistinct(),
  ],
);

/** A slug a product had before a rename: the storefront answers it with a 301 to the new one. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/**
 * Every distinct word (with a letter in it) of product names and keywords, the dictionary a
 * search corrects typed words against by trigram similarity. Kept by a trigger on products
 * (migration 0006_search_terms_trigger); words of renamed products stay and match nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (table) => [
  index('search_terms_trgm_idx').using('gist', sql`${table.term} gist_trgm_ops`),
]);

/**
 * One row per lexeme of each product's search_vector, so a search reads a word's best products
 * from an index instead of ranking every product that has the word (catalog.search.ts). Kept by
 * a trigger on products (migration 0024_search_postings); sold_count and name are copies of the
 * product's, in the index so the walk needs no product row to keep its order.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: text('lexeme').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** ts_rank(search_vector, the lexeme alone): its part of any OR query's rank, times n. */
    share: real('share').notNull(),
    /** How many positions the lexeme has in the product: the search trusts shares up to 32. */
    occurrences: smallint('occurrences').notNull(),
    soldCount: integer('sold_count').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lexeme, table.productId] }),
    // A lexeme's products in the order a search ranks those that have only that lexeme.
    index('search_postings_rank_idx').on(
      table.lexeme,
      table.share.desc().nullsFirst(),
      table.soldCount.desc().nullsFirst(),
      table.name,
      table.productId,
    ),
    // A product's rows, for the trigger, and its shares of a search's lexemes without the table.
    index('search_postings_product_idx').on(table.productId, table.lexeme, table.share),
    // The rare postings whose share a search does not trust (TRUSTED_OCCURRENCES), found at once.
    index('search_postings_many_idx')
      .on(table.lexeme)
      .where(sql`${table.occurrences} > 32`),
  ],
);

/** A purchasable option combination of a product, with its own price, discount and stock. */
export const productItems = pgTable(
  'product_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variants: jsonb('variants').$type<Variants>().notNull().default({}),
    /** The stock keeping unit, unique across the shop: CSV import finds items by it. */
    sku: text('sku')
      .notNull()
      .unique()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    /** Not for sale for now; still shown to staff, and back on sale when enabled again. */
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Set when the option value it stands for was removed while orders name the item: kept for
     * their snapshots and the stock ledger, never sold or shown again.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Stock at or below this is low; the shop-wide default applies when null. */
    lowStockThreshold: integer('low_stock_threshold'),
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
    index('product_items_sku_trgm_idx').using('gin', sql`${table.sku} gin_trgm_ops`),
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
    check(
      'product_items_low_stock_check',
      sql`${table.lowStockThreshold} is null or ${table.lowStockThreshold} >= 0`,
    ),
  ],
);

/** Why a stock figure changed. */
export const stockChangeReasons = [
  'order',
  'cancellation',
  'return',
  'received',
  'correction',
  'damaged',
  'import',
] as const;

/**
 * Every change of an item's stock, with the figure before and after, so any stock figure can be
 * explained. Orders, cancellations and returns name their order; people name themselves.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason', { enum: stockChangeReasons }).notNull(),
    change: integer('change').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    orderId: uuid('order_id'),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    note: text('note').notNull().default(''),
  },
  (table) => [
    index('stock_ledger_item_idx').on(table.itemId, table.at),
    check(
      'stock_ledger_arithmetic_check',
      sql`${table.stockAfter} = ${table.stockBefore} + ${table.change}`,
    ),
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
