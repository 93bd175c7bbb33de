import { and, asc, desc, eq, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { oreToNok, type Order, type OrdersResponse } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import type { CustomerOrders } from '../accounts/users.service.js';
import type { CouponCustomer } from '../promotions/promotions.service.js';
import { checkouts, orderLines, orders } from './orders.tables.js';

type Executor = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

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

function toOrder(order: OrderRow, lines: OrderLineRow[]): Order {
  return {
    _id: order.id,
    orderNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    deliveryStatus: order.deliveryStatus,
    paymentId: order.paymentId,
    paymentType: 'CARD',
    storePickup: order.storePickup,
    total: oreToNok(order.itemsTotalOre),
    discount: oreToNok(order.discountOre),
    shippingPrice: oreToNok(order.shippingOre),
    grandTotal: oreToNok(order.grandTotalOre),
    vat: order.vatLines.map(({ rate, amountOre }) => ({ rate, amount: oreToNok(amountOre) })),
    couponCode: order.couponCode,
    orderItems: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      productImage: line.productImage,
      productName: line.productName,
      productPrice: oreToNok(line.unitPriceOre),
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

/** One order with its lines, as `POST /api/orders` answers it. */
export async function findOrder(db: Executor, orderId: string): Promise<Order | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  return toOrder(order, (await linesOf(db, [order.id])).get(order.id) ?? []);
}

/** `GET /api/subscribers/orders`: the user's orders, newest first (MYORD-11). */
export async function listOrders(db: Database, userId: string): Promise<OrdersResponse> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((order) => {
      const full = toOrder(order, lines.get(order.id) ?? []);
      return {
        _id: full._id,
        orderNumber: full.orderNumber,
        createdAt: full.createdAt,
        deliveryStatus: full.deliveryStatus,
        grandTotal: full.grandTotal,
        storePickup: full.storePickup,
        shippingPrice: full.shippingPrice,
        couponCode: full.couponCode,
        couponDiscount: oreToNok(couponDiscountOre(order, lines.get(order.id) ?? [])),
        orderItems: full.orderItems.map((line) => ({
          _id: line._id,
          productImage: line.productImage,
          productName: line.productName,
          productPrice: line.productPrice,
          quantity: line.quantity,
          variant: line.variant,
        })),
      };
    }),
  };
}

/**
 * Erases a customer's personal data from their orders and open checkouts when the account is
 * deleted; amounts, lines and VAT stay for bookkeeping. The user reference itself is cleared by
 * the foreign keys.
 */
export async function forgetCustomer(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ shippingDetails: null, billingDetails: null, updatedAt: new Date() })
    .where(eq(orders.userId, userId));
  await tx
    .update(checkouts)
    .set({ shippingDetails: null, billingDetails: null, updatedAt: new Date() })
    .where(and(eq(checkouts.userId, userId)));
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
 * A customer as the promotions module counts coupon uses: their orders with a promotion. Read
 * through `db`, the order transaction's own when redeeming, so it counts after the promotion's
 * lock and sees every order committed before it. Every order counts, a cancelled one too, as it
 * does for the promotion's total uses.
 */
export function couponCustomer(db: Executor, userId: string): CouponCustomer {
  return {
    userId,
    uses: async (promotionId) => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.promotionId, promotionId)));
      return row?.count ?? 0;
    },
  };
}

/**
 * The customer a per-customer coupon limit counts for: a registered account. A guest session is
 * not one, since anyone can take a new one for each order.
 */
export function couponCustomerOf(
  db: Executor,
  user: { id: string; provider: string } | undefined,
): CouponCustomer | undefined {
  return user && user.provider !== 'guest' ? couponCustomer(db, user.id) : undefined;
}
