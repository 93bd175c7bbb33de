import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import {
  deliveryStatuses,
  orderPaymentStatuses,
  type DeliveryStatus,
  type Locale,
  type OrderPaymentStatus,
  type PaymentProviderName,
  type SavedAddress,
  type Variants,
} from '@shop/shared';
import { users } from '../accounts/accounts.tables.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import type { ShippingShare } from '../payments/index.js';
import { promotions } from '../promotions/promotions.tables.js';

export type { OrderPaymentStatus };

/** A line as it was priced for the payment: the order keeps these prices, not later ones. */
export interface CheckoutLine {
  itemId: string;
  qty: number;
  name: string;
  listPriceOre: number;
  unitPriceOre: number;
  vatPercent: number;
}

/** VAT included in an order's total, per rate, the shipping's share at each rate included. */
export interface VatLine {
  rate: number;
  amountOre: number;
}

/**
 * The buyer as a sales document must name them (bokføringsforskriften § 5-1-1: name and
 * address), kept on an order of a deleted account while the bookkeeping law asks; no e-mail or
 * phone, which the law does not ask for.
 */
export type BookkeepingBuyer = Pick<
  SavedAddress,
  'name' | 'address' | 'apartmentNumber' | 'postalCode' | 'city' | 'country'
>;

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
    /**
     * The shipping over the goods' VAT rates, as the provider's payment lines carry it (issue
     * 29). Null on a checkout made before the split, whose shipping went to the provider at 25 %.
     */
    shippingByRate: jsonb('shipping_by_rate').$type<ShippingShare[]>(),
    amountOre: integer('amount_ore').notNull(),
    currency: text('currency').notNull().default('NOK'),
    /** The language of the page the shopper paid on, which the order's mails are written in. */
    locale: text('locale').$type<Locale>().notNull().default('nb'),
    /**
     * Vipps Express (issue 32.4): the shopper picks address and delivery in the app, so the
     * checkout is priced without shipping until the approved payment says which.
     */
    express: boolean('express').notNull().default(false),
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
    check('checkouts_locale_check', sql`${table.locale} in ('nb', 'en')`),
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
    /** The language the order was placed in (issue 31.7): every mail about it is written in it. */
    locale: text('locale').$type<Locale>().notNull().default('nb'),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull(),
    /**
     * The shipping over the goods' VAT rates, as paid, mailed and booked (issue 29). Null on an
     * order made before the split (before issue 29's migration, or by a process still running the
     * old code during a rolling restart): its shipping was paid, mailed and booked at 25 %, and is
     * read so (`shippingByRateOf`).
     */
    shippingByRate: jsonb('shipping_by_rate').$type<ShippingShare[]>(),
    promotionId: uuid('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    shippingDetails: jsonb('shipping_details').$type<SavedAddress>(),
    billingDetails: jsonb('billing_details').$type<SavedAddress>(),
    /**
     * Set only when the customer's account is deleted: the buyer the sales document must keep
     * naming (see `forgetCustomer`), in a column of its own so no staff search reaches it, and
     * cleared once the retention ends (`forgetExpiredBuyers`).
     */
    bookkeepingBuyer: jsonb('bookkeeping_buyer').$type<BookkeepingBuyer>(),
    paymentStatus: text('payment_status')
      .$type<OrderPaymentStatus>()
      .notNull()
      .default('AUTHORISED'),
    /** How many times the charge was tried (see payment-settlement.ts). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /**
     * When the charge may be tried next: pushed ahead while one process charges (a lease), and
     * after a failure (a back-off). Null while the reservation waits for the goods to ship or be
     * picked up (issue 32.3), when the shop captures then.
     */
    paymentNextAttemptAt: timestamp('payment_next_attempt_at', { withTimezone: true }).defaultNow(),
    paymentLastError: text('payment_last_error'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    /**
     * What has been given back so far. Every refund raises it in the statement that checks it
     * against the total, so two refunds at once can never give back more than was paid.
     */
    refundedOre: integer('refunded_ore').notNull().default(0),
    /**
     * What the provider has captured of the reservation (issue 32.3): the whole total when the
     * order is charged in one go, or the parts shipped so far (`orderShipments`). Refunds are
     * bounded by it, not by the total: money still only reserved cannot be given back.
     */
    capturedOre: integer('captured_ore').notNull().default(0),
    /** The carrier and its tracking number, given when the order is SHIPPED. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
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
    // The back office's order list, newest first, and its date filters.
    index('orders_created_idx').on(table.createdAt),
    check(
      'orders_delivery_status_check',
      sql.raw(`delivery_status in (${deliveryStatuses.map((status) => `'${status}'`).join(', ')})`),
    ),
    // The accounting export and the dashboard read sales by the day they were charged.
    index('orders_charged_idx').on(table.chargedAt),
    // The daily look for kept buyers whose retention has ended.
    index('orders_bookkeeping_buyer_idx')
      .on(table.chargedAt)
      .where(sql`${table.bookkeepingBuyer} is not null`),
    // The back office's search by part of the e-mail or name of an order without an account.
    index('orders_shipping_email_trgm_idx').using(
      'gin',
      sql`(${table.shippingDetails}->>'email') gin_trgm_ops`,
    ),
    index('orders_shipping_name_trgm_idx').using(
      'gin',
      sql`(${table.shippingDetails}->>'name') gin_trgm_ops`,
    ),
    index('orders_payment_due_idx')
      .on(table.paymentNextAttemptAt)
      .where(sql`${table.paymentStatus} in ('AUTHORISED', 'CHARGE_FAILED')`),
    check(
      'orders_payment_status_check',
      sql.raw(
        `payment_status in (${orderPaymentStatuses.map((status) => `'${status}'`).join(', ')})`,
      ),
    ),
    check('orders_amounts_check', sql`${table.grandTotalOre} >= 0 and ${table.shippingOre} >= 0`),
    check('orders_locale_check', sql`${table.locale} in ('nb', 'en')`),
    check(
      'orders_refunded_check',
      sql`${table.refundedOre} >= 0 and ${table.refundedOre} <= ${table.grandTotalOre}`,
    ),
    check(
      'orders_captured_check',
      sql`${table.capturedOre} >= 0 and ${table.capturedOre} <= ${table.grandTotalOre} and ${table.refundedOre} <= ${table.capturedOre}`,
    ),
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
    /** Units the customer sent back and were refunded; never more than were bought. */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    index('order_lines_product_idx').on(table.productId),
    check('order_lines_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'order_lines_returned_check',
      sql`${table.returnedQuantity} >= 0 and ${table.returnedQuantity} <= ${table.quantity}`,
    ),
  ],
);

/** What happened to an order, in order: the timeline of the back office's order page. */
export const orderEventKinds = [
  'created',
  'charged',
  'charge_failed',
  'delivery',
  'mail',
  'note',
  'refund',
  'refund_failed',
  'cancelled',
  'returned',
  'shipped_part',
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEventKind>().notNull(),
    /** What the event needs to be told: states, amounts, the note's text, the mail's subject. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member who did it; null for the shopper, the provider or the server itself. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/** One refunded line of a refund: how many units, for how much, and whether they went back to stock. */
export interface RefundLine {
  orderLineId: string;
  quantity: number;
  amountOre: number;
  vatPercent: number;
  restock: boolean;
}

export const refundKinds = ['return', 'cancellation', 'goodwill'] as const;
export type RefundKind = (typeof refundKinds)[number];

/**
 * Money given back through the payment provider. A row is written (pending) before the
 * provider is asked, with the idempotency key the provider gets, so a retry after a lost
 * answer can never pay twice; it becomes completed or failed with the provider's answer.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RefundKind>().notNull(),
    amountOre: integer('amount_ore').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /**
     * The client's `Idempotency-Key` (issue 29): the same key again is this refund. A failed
     * refund keeps its key on record but lets it go: it made nothing the key could stand for.
     */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request the key came with, so the key cannot stand for another one. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    // One live refund per key, from any process: two requests with a key at once make one.
    uniqueIndex('refunds_idempotency_key_idx')
      .on(table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null and ${table.status} <> 'failed'`),
    index('refunds_completed_idx').on(table.completedAt),
    check('refunds_amount_check', sql`${table.amountOre} > 0`),
    check('refunds_status_check', sql`${table.status} in ('pending', 'completed', 'failed')`),
    check('refunds_kind_check', sql`${table.kind} in ('return', 'cancellation', 'goodwill')`),
  ],
);

/** A line of a part shipment: the units that left, and what they were paid for after the coupon. */
export interface ShipmentLine {
  orderLineId: string;
  quantity: number;
  amountOre: number;
  vatPercent: number;
}

/**
 * Part of a home delivery that left the shop before the rest (issue 32.3), and, when the rest
 * follows, that rest too. Its amount is fixed when it is written, under the order's row lock:
 * its lines' share less their part of the coupon, with the shipping on the first part, and the
 * last part takes what is left of the total, so the parts add up to it to the øre. The capture
 * goes to the provider after the commit, under its own idempotency key, and `capturedAt` is set
 * when the provider took it; until then the settling's sweep keeps trying.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<ShipmentLine[]>().notNull(),
    /** Captured by this part: 0 for an order whose payment was charged in full at the order. */
    amountOre: integer('amount_ore').notNull(),
    /** The part of the order's shipping this part carries: all of it on the first, else 0. */
    shippingOre: integer('shipping_ore').notNull().default(0),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (table) => [
    index('order_shipments_order_idx').on(table.orderId, table.createdAt),
    // The accounting export reads captured parts by the day they were captured.
    index('order_shipments_captured_idx').on(table.capturedAt),
    check(
      'order_shipments_amount_check',
      sql`${table.amountOre} >= 0 and ${table.shippingOre} >= 0`,
    ),
  ],
);
