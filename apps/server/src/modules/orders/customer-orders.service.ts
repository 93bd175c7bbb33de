import { desc, eq, sql } from 'drizzle-orm';
import type { CustomerOrderSummary, OrderPaymentStatus } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { findOrder, type OrderInOre } from './orders.service.js';
import { orderLines, orders } from './orders.tables.js';

/** A customer's orders for the back office's customer page, newest first, with their states. */
export async function customerOrderSummaries(
  db: Database,
  userId: string,
): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      grandTotalOre: orders.grandTotalOre,
      refundedOre: orders.refundedOre,
      deliveryStatus: orders.deliveryStatus,
      paymentStatus: orders.paymentStatus,
      // Named in full: in a one-table select drizzle leaves columns unqualified.
      itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** An order of a customer's data export, in øre (`exportedOrderToWire` sends it in NOK). */
export type ExportedOrderInOre = OrderInOre & { paymentStatus: OrderPaymentStatus };

/** A customer's orders with their lines and addresses, as their data export holds them. */
export async function customerOrdersForExport(
  db: Database,
  userId: string,
): Promise<ExportedOrderInOre[]> {
  const rows = await db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const found = await Promise.all(
    rows.map(async (row) => {
      const order = await findOrder(db, row.id);
      return order && { ...order, paymentStatus: row.paymentStatus };
    }),
  );
  return found.flatMap((order) => order ?? []);
}
