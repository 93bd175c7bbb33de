import { sql } from 'drizzle-orm';
import type { DeliveryMethod, DeliveryStatus, OrderPaymentStatus } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { userContacts } from '../accounts/index.js';
import { adminOrderFilter, adminOrderOrdering, orderItemCount } from './orders-admin.service.js';
import { orders } from './orders.tables.js';

/** One order as a line of the orders CSV: amounts in øre until the file writes them. */
export interface ExportedOrderRow {
  number: number;
  /** In Norway: 2026-03-31 14:05. */
  date: string;
  deliveryStatus: DeliveryStatus;
  paymentStatus: OrderPaymentStatus;
  customerName: string;
  customerEmail: string;
  deliveryMethod: DeliveryMethod;
  postalCode: string;
  city: string;
  itemCount: number;
  /** The goods after every discount: the total less the shipping. */
  goodsOre: number;
  shippingOre: number;
  /** The VAT in the total, all rates together. */
  vatOre: number;
  grandTotalOre: number;
}

/** The customers' names and e-mails are asked this many accounts at a time. */
const contactBatch = 1000;

/**
 * `GET /api/admin/orders/export.csv`: every order the list's search and filters find, in the
 * list's order, not one page of them. The customer is named as the list names them (the
 * account's name and e-mail, else the delivery address's); the place is the delivery address's,
 * else the billing address's or the one kept for the bookkeeping (a store pickup has no delivery
 * address).
 */
export async function exportedOrders(
  db: Database,
  query: Parameters<typeof adminOrderFilter>[0] & Parameters<typeof adminOrderOrdering>[0],
): Promise<ExportedOrderRow[]> {
  const rows = await db
    .select({
      number: orders.number,
      date: sql<string>`to_char(${orders.createdAt} at time zone 'Europe/Oslo', 'YYYY-MM-DD HH24:MI')`,
      userId: orders.userId,
      shippingDetails: orders.shippingDetails,
      billingDetails: orders.billingDetails,
      bookkeepingBuyer: orders.bookkeepingBuyer,
      deliveryStatus: orders.deliveryStatus,
      paymentStatus: orders.paymentStatus,
      storePickup: orders.storePickup,
      itemCount: orderItemCount,
      shippingOre: orders.shippingOre,
      vatLines: orders.vatLines,
      grandTotalOre: orders.grandTotalOre,
    })
    .from(orders)
    .where(adminOrderFilter(query))
    .orderBy(...adminOrderOrdering(query));
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const contacts = new Map<string, { name: string; email: string }>();
  for (let start = 0; start < userIds.length; start += contactBatch)
    for (const [id, contact] of await userContacts(db, userIds.slice(start, start + contactBatch)))
      contacts.set(id, contact);
  return rows.map((row) => {
    const contact = row.userId ? contacts.get(row.userId) : undefined;
    const place = row.shippingDetails ?? row.billingDetails ?? row.bookkeepingBuyer;
    return {
      number: row.number,
      date: row.date,
      deliveryStatus: row.deliveryStatus,
      paymentStatus: row.paymentStatus,
      customerName: contact?.name ?? row.shippingDetails?.name ?? '',
      customerEmail: contact?.email || row.shippingDetails?.email || '',
      deliveryMethod: row.storePickup ? 'pickup' : 'home',
      postalCode: place?.postalCode ?? '',
      city: place?.city ?? '',
      itemCount: Number(row.itemCount),
      goodsOre: row.grandTotalOre - row.shippingOre,
      shippingOre: row.shippingOre,
      vatOre: row.vatLines.reduce((sum, vat) => sum + vat.amountOre, 0),
      grandTotalOre: row.grandTotalOre,
    };
  });
}
