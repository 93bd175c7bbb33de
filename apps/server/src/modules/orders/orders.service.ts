import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type InOre,
  ore,
  type Order,
  type OrderRefund,
  type OrderSummary,
  SHOP_TIME_ZONE,
  type SavedAddress,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { erasedJson, personalTextEraser, type PersonalStrings } from '../../personal-text.js';
import type { CustomerOrders } from '../accounts/index.js';
import type { CouponUseCount } from '../promotions/index.js';
import { getSetting } from '../settings/index.js';
import { recordOrderEvent } from './order-events.js';
import { unsettledPaymentStatuses } from './payment-status.js';
import { shippingByRateOf } from './shipping-vat.js';
import {
  checkouts,
  orderEvents,
  orderLines,
  orders,
  refunds,
  type BookkeepingBuyer,
  type VatLine,
} from './orders.tables.js';

type Executor = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

const variantOf = (line: OrderLineRow) =>
  Object.keys(line.variants).length > 0 ? line.variants : undefined;

/**
 * What the coupon took off: the whole discount less the product discounts, which are the
 * difference between the list prices and the prices paid per line.
 */
function couponDiscountOre(order: OrderRow, lines: OrderLineRow[]) {
  const paidOre = lines.reduce((sum, line) => sum + line.unitPriceOre * line.quantity, 0);
  return order.discountOre - (order.itemsTotalOre - paidOre);
}

/** An order as the services answer it: its amounts in øre (`orderToWire` sends it in NOK). */
export type OrderInOre = InOre<
  Omit<Order, 'vat' | 'orderItems'>,
  'total' | 'discount' | 'shippingPrice' | 'grandTotal'
> & {
  vat: InOre<Order['vat'][number], 'amount'>[];
  orderItems: InOre<Order['orderItems'][number], 'productPrice'>[];
};

/** An order of the customer's list in øre (`ordersToWire` sends the list in NOK). */
export type OrderSummaryInOre = InOre<
  Omit<OrderSummary, 'orderItems' | 'refunds'>,
  'grandTotal' | 'shippingPrice' | 'couponDiscount' | 'refunded' | 'totalAfterRefunds'
> & {
  orderItems: InOre<OrderSummary['orderItems'][number], 'productPrice'>[];
  refunds: InOre<OrderRefund, 'amount'>[];
};

function toOrder(order: OrderRow, lines: OrderLineRow[]): OrderInOre {
  return {
    _id: order.id,
    orderNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    deliveryStatus: order.deliveryStatus,
    paymentId: order.paymentId,
    paymentType: 'CARD',
    storePickup: order.storePickup,
    totalOre: ore(order.itemsTotalOre),
    discountOre: ore(order.discountOre),
    shippingPriceOre: ore(order.shippingOre),
    grandTotalOre: ore(order.grandTotalOre),
    vat: order.vatLines.map(({ rate, amountOre }) => ({ rate, amountOre: ore(amountOre) })),
    couponCode: order.couponCode,
    orderItems: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      productImage: line.productImage,
      productName: line.productName,
      productPriceOre: ore(line.unitPriceOre),
      quantity: line.quantity,
      variant: variantOf(line),
      vatRate: line.vatPercent,
    })),
    shippingDetails: order.shippingDetails ?? null,
    billingDetails: order.billingDetails ?? null,
  };
}

/** The lines of each order, in the order they were bought. */
export async function linesOf(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** One order's lines, in the order they were bought. */
export const linesOfOrder = (db: Executor, orderId: string): Promise<OrderLineRow[]> =>
  db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));

/** One order with its lines, as `POST /api/orders` answers it. */
export async function findOrder(db: Executor, orderId: string): Promise<OrderInOre | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  return toOrder(order, (await linesOf(db, [order.id])).get(order.id) ?? []);
}

/**
 * The refunds of each order that the provider completed, oldest first: what reached the card.
 * A pending one may still fail (and is then rolled back), so the shopper is not told of it yet.
 */
async function completedRefundsOf(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, RefundRow[]>> {
  const byOrder = new Map<string, RefundRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'completed')))
    .orderBy(asc(refunds.completedAt), asc(refunds.createdAt));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** `GET /api/subscribers/orders`: the user's orders, newest first (MYORD-11), with their refunds. */
export async function listOrders(
  db: Database,
  userId: string,
): Promise<{ orders: OrderSummaryInOre[] }> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = rows.map((row) => row.id);
  const [lines, refunded] = await Promise.all([linesOf(db, ids), completedRefundsOf(db, ids)]);
  return {
    orders: rows.map((order) => {
      const full = toOrder(order, lines.get(order.id) ?? []);
      const orderRefunds = refunded.get(order.id) ?? [];
      const refundedOre = orderRefunds.reduce((sum, refund) => sum + refund.amountOre, 0);
      return {
        _id: full._id,
        orderNumber: full.orderNumber,
        createdAt: full.createdAt,
        deliveryStatus: full.deliveryStatus,
        grandTotalOre: full.grandTotalOre,
        storePickup: full.storePickup,
        shippingPriceOre: full.shippingPriceOre,
        couponCode: full.couponCode,
        couponDiscountOre: ore(couponDiscountOre(order, lines.get(order.id) ?? [])),
        orderItems: full.orderItems.map((line) => ({
          _id: line._id,
          productImage: line.productImage,
          productName: line.productName,
          productPriceOre: line.productPriceOre,
          quantity: line.quantity,
          variant: line.variant,
        })),
        refunds: orderRefunds.map((refund) => ({
          _id: refund.id,
          refundedAt: (refund.completedAt ?? refund.createdAt).toISOString(),
          kind: refund.kind,
          amountOre: ore(refund.amountOre),
          orderItems: refund.lines.map((returned) => ({
            _id: returned.orderLineId,
            quantity: returned.quantity,
          })),
        })),
        refundedOre: ore(refundedOre),
        totalAfterRefundsOre: ore(order.grandTotalOre - refundedOre),
      };
    }),
  };
}

/**
 * Besides a charged one, an order whose payment is still to be charged is a sale: its sales
 * document names the buyer. A payment released without a charge sold nothing.
 */
const salePaymentStatuses = unsettledPaymentStatuses;

/** The buyer a sales document names: name and address, nothing else (no e-mail, no phone). */
function bookkeepingBuyerOf(order: OrderRow): BookkeepingBuyer | null {
  const isSale = order.chargedAt !== null || salePaymentStatuses.includes(order.paymentStatus);
  const address = order.billingDetails ?? order.shippingDetails;
  if (!isSale || !address) return null;
  const { name, address: street, apartmentNumber, postalCode, city, country } = address;
  return { name, address: street, apartmentNumber, postalCode, city, country };
}

/**
 * Erases a customer's personal data from their orders and checkouts when the account is
 * deleted; amounts, lines and VAT stay for bookkeeping, and so does the buyer's name and address
 * on an order that is a sale, which its sales document must name for five years
 * (`bookkeepingBuyer`, which no staff search reads). The timeline's mails forget their
 * recipient, and what staff wrote about the order (notes, refund notes, the reason of a
 * cancellation) loses the customer's name, address and numbers. The user reference itself is
 * cleared by the foreign keys. Answers the orders' ids and the eraser of the customer's strings
 * (theirs and those of their orders' addresses), for what other modules wrote about them.
 */
export async function forgetCustomer(
  tx: Transaction,
  userId: string,
  person: PersonalStrings,
): Promise<{ orderIds: string[]; erase: (text: string) => string }> {
  const now = new Date();
  const customerOrders = await tx
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .for('update');
  const orderIds = customerOrders.map((order) => order.id);
  const addresses = customerOrders.flatMap((order) =>
    [order.shippingDetails, order.billingDetails].filter((details) => details !== null),
  );
  const erase = personalTextEraser({
    names: [...person.names, ...addresses.map((details) => details.name)],
    literals: [
      ...person.literals,
      ...addresses.flatMap((details) => [
        details.email,
        details.phone,
        details.address,
        details.apartmentNumber,
      ]),
    ],
  });
  for (const order of customerOrders)
    await tx
      .update(orders)
      .set({
        bookkeepingBuyer: bookkeepingBuyerOf(order),
        shippingDetails: null,
        billingDetails: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  if (orderIds.length > 0) {
    await tx
      .update(orderEvents)
      .set({ detail: sql`${orderEvents.detail} - 'to'` })
      .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.kind, 'mail')));
    const events = await tx
      .select({ id: orderEvents.id, detail: orderEvents.detail })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, orderIds));
    for (const event of events) {
      const detail = erasedJson(event.detail, erase);
      if (JSON.stringify(detail) !== JSON.stringify(event.detail))
        await tx.update(orderEvents).set({ detail }).where(eq(orderEvents.id, event.id));
    }
    const notes = await tx
      .select({ id: refunds.id, note: refunds.note })
      .from(refunds)
      .where(inArray(refunds.orderId, orderIds));
    for (const refund of notes) {
      const note = erase(refund.note);
      if (note !== refund.note)
        await tx.update(refunds).set({ note }).where(eq(refunds.id, refund.id));
    }
  }
  await tx
    .update(checkouts)
    .set({ shippingDetails: null, billingDetails: null, postalCode: '', updatedAt: now })
    .where(eq(checkouts.userId, userId));
  return { orderIds, erase };
}

/**
 * How long after the end of a sale's accounting year (the year it was charged, in Norway) its
 * sales document, and the buyer it names, is kept: bokføringsloven § 13 second paragraph.
 */
export const BOOKKEEPING_YEARS = 5;

/**
 * Clears the kept buyers whose retention has ended, and those of orders that never became a
 * sale (the payment released without a charge). Runs daily; the rest of the order stays.
 */
export async function forgetExpiredBuyers(db: Database, now: Date): Promise<number> {
  const saleYear = sql`extract(year from ${orders.chargedAt} at time zone ${SHOP_TIME_ZONE})`;
  const thisYear = sql`extract(year from ${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})`;
  const cleared = await db
    .update(orders)
    .set({ bookkeepingBuyer: null, updatedAt: now })
    .where(
      and(
        isNotNull(orders.bookkeepingBuyer),
        or(
          and(isNull(orders.chargedAt), notInArray(orders.paymentStatus, salePaymentStatuses)),
          sql`${thisYear} > ${saleYear} + ${BOOKKEEPING_YEARS}`,
        ),
      ),
    )
    .returning({ id: orders.id });
  return cleared.length;
}

/**
 * For the accounts module's removal of idle guests, as a condition on a user id column: true
 * while the user has an order, or a checkout still open, whose payment may yet become an order
 * in their name (the provider's webhook can come late).
 */
function hasOrdersOrOpenCheckouts(userId: AnyPgColumn): SQL {
  return sql`(exists (select 1 from ${orders} where ${orders.userId} = ${userId})
    or exists (select 1 from ${checkouts}
      where ${checkouts.userId} = ${userId} and ${checkouts.status} = 'open'))`;
}

/**
 * Deletes the checkouts of users being removed that never became an order and are no longer
 * open; a checkout with an order stays with the order.
 */
async function dropUnorderedCheckouts(tx: Transaction, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .delete(checkouts)
    .where(
      and(
        inArray(checkouts.userId, userIds),
        ne(checkouts.status, 'open'),
        notExists(
          tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkouts.id)),
        ),
      ),
    );
}

/** What the accounts module asks before it removes idle guests. */
export const customerOrders: CustomerOrders = {
  hasOrders: hasOrdersOrOpenCheckouts,
  forget: dropUnorderedCheckouts,
};

/**
 * How often a customer has used a promotion, as the promotions module counts coupon uses: their
 * orders with it. Read through `db`, the order transaction's own when redeeming, so it counts
 * after the promotion's lock and sees every order committed before it. Every order counts, a
 * cancelled one too, as it does for the promotion's total uses.
 */
export const countCouponUses: CouponUseCount = async (db, userId, promotionId) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.promotionId, promotionId)));
  return row?.count ?? 0;
};

export type { CheckoutLine } from './orders.tables.js';

/** A checkout: what a payment is for, from its creation until it becomes an order or is cancelled. */
export type Checkout = typeof checkouts.$inferSelect;

/** Remembers what a provider's payment is for, so the order can be made from it later. */
export async function saveCheckout(db: Database, checkout: typeof checkouts.$inferInsert) {
  await db.insert(checkouts).values(checkout);
}

/** The delivery an approved Vipps Express payment chose, as its checkout keeps it. */
export type ExpressDecision = Pick<
  Checkout,
  | 'storePickup'
  | 'country'
  | 'postalCode'
  | 'shippingDetails'
  | 'billingDetails'
  | 'shippingOre'
  | 'shippingByRate'
  | 'amountOre'
>;

/**
 * Takes an Express payment's chosen delivery into its open checkout (issue 32.4). The shopper's
 * return and the webhook may both decide at once; both decide the same from the same payment,
 * and a checkout already ordered or cancelled is left as it is and answered as it stands.
 */
export async function decideExpressCheckout(
  db: Database,
  checkoutId: string,
  decision: ExpressDecision,
): Promise<Checkout | undefined> {
  const [decided] = await db
    .update(checkouts)
    .set({ ...decision, updatedAt: new Date() })
    .where(
      and(eq(checkouts.id, checkoutId), eq(checkouts.express, true), eq(checkouts.status, 'open')),
    )
    .returning();
  if (decided) return decided;
  const [standing] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return standing;
}

/**
 * The checkout of a payment of one of `providers`. Each provider's payment ids are its own random
 * values (Vipps': the checkout's own id), so two providers never share one.
 */
export async function findCheckoutOfPayment(
  db: Database,
  providers: Checkout['provider'][],
  paymentId: string,
): Promise<Checkout | undefined> {
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(inArray(checkouts.provider, providers), eq(checkouts.paymentId, paymentId)))
    .limit(1);
  return checkout;
}

/**
 * The checkout, locked for the rest of the order transaction: a retry or the webhook waits for
 * it and then sees the order.
 */
export async function lockCheckout(
  tx: Transaction,
  checkoutId: string,
): Promise<Checkout | undefined> {
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for('update');
  return checkout;
}

/** Closes a checkout that will not become an order, with the reason the shopper is given. */
export async function cancelCheckout(db: Executor, checkoutId: string, reason: string) {
  await db
    .update(checkouts)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));
}

/** The order a checkout became, with what the shopper coming back may still complete. */
export async function orderOfCheckout(tx: Transaction, checkoutId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      storePickup: orders.storePickup,
      shippingDetails: orders.shippingDetails,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return order;
}

/** Fills in what an order made before the shopper came back lacked: its customer, its address. */
export async function completeOrder(
  tx: Transaction,
  orderId: string,
  completion: {
    userId?: string;
    shippingDetails?: SavedAddress | null;
    billingDetails?: SavedAddress | null;
  },
): Promise<void> {
  if (Object.keys(completion).length === 0) return;
  await tx
    .update(orders)
    .set({ ...completion, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** An order line as bought: the item's name, picture and variant at the moment of the order. */
export interface BoughtLine {
  itemId: string;
  productId: string | null;
  name: string;
  slug: string;
  image: string;
  variants: Record<string, string>;
  qty: number;
  listPriceOre: number;
  unitPriceOre: number;
  vatPercent: number;
}

/**
 * Stores the order of a checkout with its lines and its first timeline entry, and marks the
 * checkout ordered: the prices, VAT and address are the checkout's, as the payment was made for.
 */
export async function storeOrder(
  tx: Transaction,
  checkout: Checkout,
  order: {
    userId: string | null;
    promotionId: string | null;
    vatLines: VatLine[];
    deliveryStatus: OrderRow['deliveryStatus'];
    shippingDetails: SavedAddress | null;
    billingDetails: SavedAddress | null;
    lines: BoughtLine[];
  },
): Promise<{ id: string; number: number }> {
  // Captured at once, or held until the goods ship or are picked up (issue 32.3).
  const captureAtOnce = (await getSetting(tx, 'paymentCapture')) === 'ordered';
  const [stored] = await tx
    .insert(orders)
    .values({
      checkoutId: checkout.id,
      userId: order.userId,
      paymentProvider: checkout.provider,
      paymentId: checkout.paymentId,
      deliveryStatus: order.deliveryStatus,
      storePickup: checkout.storePickup,
      quickBuy: checkout.quickBuy,
      itemsTotalOre: checkout.itemsTotalOre,
      discountOre: checkout.discountOre,
      shippingOre: checkout.shippingOre,
      grandTotalOre: checkout.amountOre,
      couponCode: checkout.couponCode,
      vatLines: order.vatLines,
      shippingByRate: shippingByRateOf(checkout),
      promotionId: order.promotionId,
      shippingDetails: order.shippingDetails,
      billingDetails: order.billingDetails,
      locale: checkout.locale,
      paymentNextAttemptAt: captureAtOnce ? sql`now()` : null,
    })
    .returning({ id: orders.id, number: orders.number });
  if (!stored) throw new Error('order insert returned no row');
  await recordOrderEvent(tx, { orderId: stored.id, kind: 'created' });
  await tx.insert(orderLines).values(
    order.lines.map((line, position) => ({
      orderId: stored.id,
      productItemId: line.itemId,
      productId: line.productId,
      productName: line.name,
      productSlug: line.slug,
      productImage: line.image,
      variants: line.variants,
      quantity: line.qty,
      listPriceOre: line.listPriceOre,
      unitPriceOre: line.unitPriceOre,
      vatPercent: line.vatPercent,
      position,
    })),
  );
  await tx
    .update(checkouts)
    .set({ status: 'ordered', updatedAt: new Date() })
    .where(eq(checkouts.id, checkout.id));
  return stored;
}

/** An order and its lines as its confirmation tells them; none once the confirmation is queued. */
export async function unconfirmedOrder(tx: Transaction, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.confirmationQueuedAt) return undefined;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

/** Notes the confirmation queued, on the order and its timeline, so it is never sent twice. */
export async function confirmationQueued(
  tx: Transaction,
  orderId: string,
  mail: { template: string; to: string; subject: string },
): Promise<void> {
  await recordOrderEvent(tx, { orderId, kind: 'mail', detail: mail });
  await tx.update(orders).set({ confirmationQueuedAt: new Date() }).where(eq(orders.id, orderId));
}
