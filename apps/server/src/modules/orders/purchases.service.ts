import { and, asc, count, desc, eq, inArray, isNotNull, max, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { orderLines, orders } from './orders.tables.js';
import type { ProductSales } from '../catalog/index.js';

/**
 * What the orders say a customer has bought, for the modules whose rules depend on it
 * (reviews, and the back office, which keeps what orders name). Only orders that still stand count: a cancelled order gives no right to review.
 */

const standingOrdersOf = (userId: string) =>
  and(eq(orders.userId, userId), ne(orders.deliveryStatus, 'CANCELLED'));

/** Whether the user has a standing order with any option combination of the product family. */
export async function hasBought(db: Database, userId: string, productId: string): Promise<boolean> {
  const [bought] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(standingOrdersOf(userId), eq(orderLines.productId, productId)))
    .limit(1);
  return bought !== undefined;
}

/**
 * The product families the user has standing orders for, each once with the date of the latest
 * such order, newest first.
 */
export async function boughtProducts(
  db: Database,
  userId: string,
): Promise<{ productId: string; orderedAt: Date }[]> {
  const orderedAt = max(orders.createdAt).mapWith(orders.createdAt);
  const rows = await db
    .select({ productId: orderLines.productId, orderedAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(standingOrdersOf(userId))
    .groupBy(orderLines.productId)
    .orderBy(desc(orderedAt), asc(orderLines.productId));
  // Lines of a product since removed from the catalogue have no family any more.
  return rows.flatMap(({ productId, orderedAt }) => (productId ? [{ productId, orderedAt }] : []));
}

/**
 * Of the given items of a product family, those that any order line names, cancelled orders
 * included: their snapshots and stock history must keep the item, so it is archived, never
 * deleted. The family narrows the search to its lines (order_lines_product_idx).
 */
export async function itemIdsWithOrders(
  db: Database | Transaction,
  productId: string,
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: orderLines.productItemId })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.productId, productId),
        isNotNull(orderLines.productItemId),
        inArray(orderLines.productItemId, [...itemIds]),
      ),
    );
  return new Set(rows.flatMap(({ itemId }) => (itemId ? [itemId] : [])));
}

/** How many order lines, of any order, name an item of the product family. */
export async function orderLineCountOfProduct(
  db: Database | Transaction,
  productId: string,
): Promise<number> {
  const [row] = await db
    .select({ lines: count() })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return row?.lines ?? 0;
}

/** What catalogue edits ask of the orders that name a product (app.ts hands it to the catalog). */
export const productSales: ProductSales = { itemIdsWithOrders, orderLineCountOfProduct };
