import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '@shop/shared';
import { users } from '../accounts/accounts.tables.js';
import { products } from '../catalog/catalog.tables.js';

/**
 * Customers' reviews, one per customer and product family (any option combination counts for
 * the family). Shown on the product page only once the shop owner has ACCEPTED them. A deleted
 * account takes its reviews with it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review: text('review').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status').$type<ReviewStatus>().notNull().default('PENDING'),
    remarks: text('remarks').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_user_product_idx').on(table.userId, table.productId),
    index('reviews_product_status_idx').on(table.productId, table.status, table.createdAt),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('reviews_status_check', sql`${table.status} in ('PENDING', 'ACCEPTED', 'REJECTED')`),
    check('reviews_text_check', sql`length(${table.review}) between 8 and 500`),
  ],
);
