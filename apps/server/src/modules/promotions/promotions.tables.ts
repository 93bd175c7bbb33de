import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Coupon codes a shopper can type in the cart. `value` is a percent for `percent` and øre for
 * `fixed`; codes are unique whatever their case, since shoppers type them as they like.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    type: text('type', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    minOrderOre: integer('min_order_ore').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** How many orders may use the code; unlimited when null. */
    usageLimit: integer('usage_limit'),
    /**
     * How many orders one customer (a signed-in account) may place with the code; unlimited
     * when null. A limited code needs an account, so guests cannot redeem it.
     */
    usesPerCustomer: integer('uses_per_customer'),
    /** Raised by the order flow when an order with the code is placed. */
    usedCount: integer('used_count').notNull().default(0),
    /** The owner's switch: an inactive code is refused as unknown, whatever its dates. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotions_code_idx').on(sql`lower(${table.code})`),
    check('promotions_code_check', sql`length(trim(${table.code})) between 1 and 40`),
    check('promotions_type_check', sql`${table.type} in ('percent', 'fixed')`),
    check(
      'promotions_value_check',
      sql`(${table.type} = 'percent' and ${table.value} between 1 and 100) or (${table.type} = 'fixed' and ${table.value} >= 1)`,
    ),
    check('promotions_min_order_check', sql`${table.minOrderOre} >= 0`),
    check('promotions_validity_check', sql`${table.validTo} > ${table.validFrom}`),
    check(
      'promotions_usage_check',
      sql`${table.usedCount} >= 0 and (${table.usageLimit} is null or ${table.usageLimit} >= 0)`,
    ),
    check(
      'promotions_uses_per_customer_check',
      sql`${table.usesPerCustomer} is null or ${table.usesPerCustomer} >= 1`,
    ),
  ],
);
