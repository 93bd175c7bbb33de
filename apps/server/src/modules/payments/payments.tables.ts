import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Payments of the built-in test provider, which stands in for the card provider when no real
 * one is configured: the state a real provider would keep on its side.
 */
export const testPayments = pgTable(
  'test_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    amountOre: integer('amount_ore').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['created', 'reserved', 'charged', 'cancelled', 'declined'] })
      .notNull()
      .default('created'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'test_payments_status_check',
      sql`${table.status} in ('created', 'reserved', 'charged', 'cancelled', 'declined')`,
    ),
    check('test_payments_amount_check', sql`${table.amountOre} >= 0`),
  ],
);

/**
 * Refunds of the test provider's payments, each under the idempotency key it was asked with: a
 * repeated request finds its refund instead of paying twice, in any process.
 */
export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => testPayments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountOre: integer('amount_ore').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('test_payment_refunds_payment_idx').on(table.paymentId),
    check('test_payment_refunds_amount_check', sql`${table.amountOre} > 0`),
  ],
);

/**
 * Captures of the test provider's payments (issue 32.3): a payment is captured in parts as the
 * goods ship, each under the idempotency key it was asked with, so a repeated capture finds its
 * row instead of taking the money twice.
 */
export const testPaymentCharges = pgTable(
  'test_payment_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => testPayments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amountOre: integer('amount_ore').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('test_payment_charges_key_idx').on(table.paymentId, table.idempotencyKey),
    check('test_payment_charges_amount_check', sql`${table.amountOre} > 0`),
  ],
);
