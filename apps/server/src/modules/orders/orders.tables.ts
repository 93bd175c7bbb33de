import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeliveryStatus, PaymentProviderName, SavedAddress, Variants } from '@shop/shared';

/**
 * Where an order's payment stands: reserved at the provider (AUTHORISED), taken (CHARGED), or
 * the last try to take it failed (CHARGE_FAILED, tried again later).
 */
export const orderPaymentStatuses = ['AUTHORISED', 'CHARGED', 'CHARGE_FAILED'] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
import { users } from '../accounts/accounts.tables.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import { promotions } from '../promotions/promotions.tables.js';

/** A line as it was priced for the payment: the order keeps these prices, not later ones. */
export interface CheckoutLine {
  itemId: string;
  qty: number;
  name: string;
  listPriceOre: number;
  unitPriceOre: number;
  vatPercent: number;
}

/** VAT included in an order's total, per rate (shipping carries 25 %). */
export interface VatLine {
  rate: number;
  amountOre: number;
}

/**
 * What a payment was created for: the lines, coupon and delivery the server priced, and the
 * amount it asked the provider for. The order is made from this row, never from what a client
 * sends afterwards, whether the shopper comes back or the provider's webhook arrives first.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's payment id; unique, so one payment can only ever make one order. */
    paymentId: text('payment_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'ordered', 'cancelled'] })
      .notNull()
      .default('open'),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    quickBuy: boolean('quick_buy').notNull().default(false),
    storePickup: boolean('store_pickup').notNull().default(false),
    couponCode: text('coupon_code'),
    country: text('country').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    shippingDetails: jsonb('shipping_details').$type<SavedAddress>(),
    billingDetails: jsonb('billing_details').$type<SavedAddress>(),
    itemsTotalOre: integer('items_total_ore').notNull(),
    discountOre: integer('discount_ore').notNull(),
    shippingOre: integer('shipping_ore').notNull(),
    amountOre: integer('amount_ore').notNull(),
    currency: text('currency').notNull().default('NOK'),
    /** Why the payment was given back, when it was. */
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('checkouts_payment_idx').on(table.provider, table.paymentId),
    index('checkouts_user_idx').on(table.userId),
    check('checkouts_status_check', sql`${table.status} in ('open', 'ordered', 'cancelled')`),
    check('checkouts_amount_check', sql`${table.amountOre} >= 0`),
  ],
);

/**
 * Placed orders with snapshots of prices, VAT and addresses, so they read the same after the
 * catalogue changes. `userId` and the address snapshots are cleared when the customer deletes
 * the account; the amounts stay for bookkeeping.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number shoppers and staff quote (mail, My Orders, the back office). */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentProvider: text('payment_provider').$type<PaymentProviderName>().notNull(),
    paymentId: text('payment_id').notNull(),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('PENDING'),
    storePickup: boolean('store_pickup').notNull(),
    quickBuy: boolean('quick_buy').notNull(),
    itemsTotalOre: integer('items_total_ore').notNull(),
    discountOre: integer('discount_ore').notNull(),
    shippingOre: integer('shipping_ore').notNull(),
    grandTotalOre: integer('grand_total_ore').notNull(),
    couponCode: text('coupon_code'),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull(),
    promotionId: uuid('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    shippingDetails: jsonb('shipping_details').$type<SavedAddress>(),
    billingDetails: jsonb('billing_details').$type<SavedAddress>(),
    paymentStatus: text('payment_status')
      .$type<OrderPaymentStatus>()
      .notNull()
      .default('AUTHORISED'),
    /** How many times the charge was tried (see payment-settlement.ts). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /**
     * When the charge may be tried next: pushed ahead while one process charges (a lease), and
     * after a failure (a back-off).
     */
    paymentNextAttemptAt: timestamp('payment_next_attempt_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    paymentLastError: text('payment_last_error'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    /**
     * When the confirmation mail was queued; null while the order has no one to mail (made by
     * the webhook without a customer or address), so the shopper's call queues it, once.
     */
    confirmationQueuedAt: timestamp('confirmation_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_checkout_idx').on(table.checkoutId),
    uniqueIndex('orders_number_idx').on(table.number),
    uniqueIndex('orders_payment_idx').on(table.paymentProvider, table.paymentId),
    index('orders_user_idx').on(table.userId, table.createdAt),
    check(
      'orders_delivery_status_check',
      sql`${table.deliveryStatus} in ('PENDING', 'PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'CANCELLED')`,
    ),
    index('orders_payment_due_idx')
      .on(table.paymentNextAttemptAt)
      .where(sql`${table.paymentStatus} in ('AUTHORISED', 'CHARGE_FAILED')`),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} in ('AUTHORISED', 'CHARGED', 'CHARGE_FAILED')`,
    ),
    check('orders_amounts_check', sql`${table.grandTotalOre} >= 0 and ${table.shippingOre} >= 0`),
  ],
);

/** An order's lines: what was bought, at which price and VAT rate, as it was then. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productItemId: uuid('product_item_id').references(() => productItems.id, {
      onDelete: 'set null',
    }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    productImage: text('product_image').notNull(),
    variants: jsonb('variants').$type<Variants>().notNull().default({}),
    quantity: integer('quantity').notNull(),
    /** The original unit price (M.R.P) and the price paid per unit after the product discount. */
    listPriceOre: integer('list_price_ore').notNull(),
    unitPriceOre: integer('unit_price_ore').notNull(),
    vatPercent: smallint('vat_percent').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    index('order_lines_product_idx').on(table.productId),
    check('order_lines_quantity_check', sql`${table.quantity} >= 1`),
  ],
);
