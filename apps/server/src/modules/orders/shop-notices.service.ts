import { sql } from 'drizzle-orm';
import { shopDay, SHOP_TIME_ZONE, type SavedAddress } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { listInventory } from '../catalog/index.js';
import { enqueueMail } from '../mail/index.js';
import { getSetting, setSetting } from '../settings/index.js';
import { lowStockNoticeMail, newOrderNoticeMail } from './shop-notice-mails.js';

/**
 * What the shop is told of by mail (issue 34): each new order, and each morning the items running
 * low. Both go to the order address of the settings (`orderMailRecipients`), or to the shop's own
 * e-mail of its details while none is set, in the shop's language.
 */

type Executor = Database | Transaction;

/** The staff read these mails: in the shop's language, as the back office starts in. */
const SHOP_LOCALE = 'nb';

/** Who is told: the addresses of the settings, or the shop's own e-mail while none is set. */
export async function shopNoticeRecipients(db: Executor): Promise<string[]> {
  const recipients = await getSetting(db, 'orderMailRecipients');
  if (recipients.length > 0) return [...new Set(recipients)];
  return [(await getSetting(db, 'shopDetails')).email];
}

/** The order as its confirmation reads it (`unconfirmedOrder`), what the notice needs of it. */
export interface NoticedOrder {
  order: {
    id: string;
    number: number;
    createdAt: Date;
    itemsTotalOre: number;
    discountOre: number;
    shippingOre: number;
    grandTotalOre: number;
    storePickup: boolean;
    shippingDetails: SavedAddress | null;
    billingDetails: SavedAddress | null;
  };
  lines: {
    productName: string;
    variants: Record<string, string>;
    quantity: number;
    unitPriceOre: number;
  }[];
  /** Who placed it: the account's name and the address the confirmation went to. */
  customer: { name: string; email: string };
  payment: 'reserved' | 'captured';
}

/**
 * Queues the shop's mail of a new order, one per recipient, in the transaction that queues the
 * shopper's confirmation: that step runs once per order (under the checkout's lock, guarded by
 * `confirmationQueuedAt`), so the shop hears of each order once, whichever of the shopper's
 * return and the provider's webhook gets there first. Answers how many were queued.
 */
export async function queueNewOrderNotice(
  tx: Transaction,
  publicUrl: string,
  { order, lines, customer, payment }: NoticedOrder,
): Promise<number> {
  const contact = order.shippingDetails ?? order.billingDetails;
  const recipients = await shopNoticeRecipients(tx);
  for (const to of recipients)
    await enqueueMail(
      tx,
      newOrderNoticeMail({
        locale: SHOP_LOCALE,
        to,
        publicUrl,
        orderId: order.id,
        orderNumber: order.number,
        orderedAt: order.createdAt,
        customer: {
          name: customer.name || (contact?.name ?? ''),
          email: customer.email,
          phone: contact?.phone ?? '',
        },
        lines: lines.map((line) => ({
          name: line.productName,
          variants: line.variants,
          quantity: line.quantity,
          unitPriceOre: line.unitPriceOre,
        })),
        itemsTotalOre: order.itemsTotalOre,
        discountOre: order.discountOre,
        shippingOre: order.shippingOre,
        grandTotalOre: order.grandTotalOre,
        payment,
        storePickup: order.storePickup,
        shippingDetails: order.shippingDetails,
      }),
    );
  return recipients.length;
}

/** The hour in Norway (0–23) from which the day's low-stock mail is due. */
export const LOW_STOCK_MAIL_HOUR = 7;

/** The most items the mail lists one by one; the rest are counted and linked as a list. */
export const LOW_STOCK_MAIL_ITEMS = 100;

const osloHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** What a round of the low-stock mail did. */
export type LowStockRound =
  /** Before the morning hour in Norway: nothing is due yet. */
  | { done: 'early' }
  /** Today's round was made already, by this process or another. */
  | { done: 'already' }
  /** The owner turned the mail off; the day counts as done. */
  | { done: 'off' }
  /** No item is at or below its threshold; the day counts as done. */
  | { done: 'nothing-low' }
  | { done: 'sent'; items: number; recipients: number };

/**
 * The day's low-stock mail (issue 34.2), due from `LOW_STOCK_MAIL_HOUR` in Norway: the items at
 * or below their threshold, as the inventory page's "low" filter finds them, mailed to the
 * shop's recipients unless the owner turned it off. At most one round a day in Norway: the round
 * takes a transaction lock, reads the day last done (`lowStockMailDay`) and records today with
 * the mails it queues, in one transaction, so two processes, a restart or a retried round never
 * send it twice, and a round that fails leaves the day to the next one.
 */
export async function runLowStockRound(
  db: Database,
  publicUrl: string,
  now: Date,
): Promise<LowStockRound> {
  if (Number(osloHour.format(now)) < LOW_STOCK_MAIL_HOUR) return { done: 'early' };
  const today = shopDay(now);
  return db.transaction(async (tx): Promise<LowStockRound> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop_notices:low_stock'))`);
    if ((await getSetting(tx, 'lowStockMailDay')) === today) return { done: 'already' };
    await setSetting(tx, 'lowStockMailDay', today);
    if (!(await getSetting(tx, 'lowStockMail'))) return { done: 'off' };
    const low = await listInventory(tx, {
      q: '',
      state: 'low',
      sort: 'stock',
      page: 1,
      pageSize: LOW_STOCK_MAIL_ITEMS,
    });
    if (low.items.length === 0) return { done: 'nothing-low' };
    const recipients = await shopNoticeRecipients(tx);
    for (const to of recipients)
      await enqueueMail(
        tx,
        lowStockNoticeMail({
          locale: SHOP_LOCALE,
          to,
          publicUrl,
          items: low.items,
          more: low.total - low.items.length,
        }),
      );
    return { done: 'sent', items: low.total, recipients: recipients.length };
  });
}
