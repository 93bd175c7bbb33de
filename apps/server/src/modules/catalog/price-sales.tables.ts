import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories, productItems, products } from './catalog.tables.js';

export const priceSaleStatuses = ['scheduled', 'active', 'ended', 'cancelled'] as const;

/**
 * A discount set in bulk on a category's products or on a selection, from `startsAt` (at once
 * when null) to `endsAt` (for good when null), when the items get their earlier discount back.
 */
export const priceSales = pgTable(
  'price_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 0 clears the discounts of the products it covers. */
    discountPercent: smallint('discount_percent').notNull(),
    /** The category (with its subcategories) it covers; null for a selection of products. */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: priceSaleStatuses }).notNull().default('scheduled'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('price_sales_status_starts_idx').on(table.status, table.startsAt),
    index('price_sales_status_ends_idx').on(table.status, table.endsAt),
    check('price_sales_discount_check', sql`${table.discountPercent} between 0 and 100`),
    check(
      'price_sales_status_check',
      sql`${table.status} in ('scheduled', 'active', 'ended', 'cancelled')`,
    ),
    check(
      'price_sales_schedule_check',
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/** The products a sale of a selection covers. */
export const priceSaleProducts = pgTable(
  'price_sale_products',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => priceSales.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.productId] }),
    index('price_sale_products_product_idx').on(table.productId),
  ],
);

/**
 * The items a started sale changed, with the discount each had before, so that its end puts
 * back exactly that (unless someone has set another discount on the item since).
 */
export const priceSaleItems = pgTable(
  'price_sale_items',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => priceSales.id, { onDelete: 'cascade' }),
    productItemId: uuid('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    previousDiscountPercent: smallint('previous_discount_percent').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.productItemId] }),
    index('price_sale_items_item_idx').on(table.productItemId),
  ],
);
