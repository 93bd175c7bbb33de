import { and, asc, eq } from 'drizzle-orm';
import { accountingBuckets, shopDetailsIn, type Locale } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { translate } from '../../i18n/i18n.js';
import { contactOf } from '../accounts/index.js';
import { itemSkus } from '../catalog/index.js';
import type { MailAttachment } from '../mail/index.js';
import { getSetting } from '../settings/index.js';
import { saleBuckets } from './accounting-documents.js';
import { packingSlipPdf, receiptPdf, type OrderDocument, type VatAtRate } from './order-pdf.js';
import { orderLines, orders, refunds } from './orders.tables.js';
import { shippingByRateOf } from './shipping-vat.js';

type Executor = Database | Transaction;

/**
 * The VAT per rate as the sale was booked (`saleBuckets`): its payment lines summed per bucket,
 * goods and shipping of one rate together, so the receipt's VAT is the order's, the provider's
 * and the accounting export's to the øre.
 */
function vatByRate(order: Parameters<typeof saleBuckets>[0]): VatAtRate[] {
  const buckets = saleBuckets(order);
  const byRate = new Map<number, VatAtRate>();
  for (const { key, rate } of accountingBuckets) {
    const amounts = buckets[key];
    const sum = byRate.get(rate) ?? { rate, baseOre: 0, vatOre: 0, grossOre: 0 };
    byRate.set(rate, {
      rate,
      baseOre: sum.baseOre + amounts.netOre,
      vatOre: sum.vatOre + amounts.vatOre,
      grossOre: sum.grossOre + amounts.grossOre,
    });
  }
  return [...byRate.values()].filter((vat) => vat.grossOre !== 0).sort((a, b) => b.rate - a.rate);
}

/** An order as its documents print it; 404 for an order that does not exist. */
export async function orderDocument(db: Executor, orderId: string): Promise<OrderDocument> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError('errors.orders.notFound');
  // One query after the other: this also runs inside the checkout's transaction.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const refunded = await db
    .select({ completedAt: refunds.completedAt, amountOre: refunds.amountOre })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'completed')))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
  const skus = await itemSkus(
    db,
    lines.flatMap((line) => (line.productItemId ? [line.productItemId] : [])),
  );
  const address = order.billingDetails ?? order.shippingDetails ?? order.bookkeepingBuyer;
  const account = !address && order.userId ? await contactOf(db, order.userId) : undefined;
  const shippingByRate = shippingByRateOf(order);
  const linesOre = lines.reduce((sum, line) => sum + line.unitPriceOre * line.quantity, 0);
  return {
    number: order.number,
    createdAt: order.createdAt,
    locale: order.locale,
    storePickup: order.storePickup,
    lines: lines.map((line) => ({
      name: line.productName,
      variants: line.variants,
      sku: (line.productItemId && skus.get(line.productItemId)) ?? null,
      quantity: line.quantity,
      returnedQuantity: line.returnedQuantity,
      unitPriceOre: line.unitPriceOre,
      vatPercent: line.vatPercent,
    })),
    // The stored discount holds the product discounts (list less selling prices) and the coupon.
    couponOre: order.discountOre - (order.itemsTotalOre - linesOre),
    couponCode: order.couponCode,
    shippingByRate,
    grandTotalOre: order.grandTotalOre,
    vat: vatByRate({
      number: order.number,
      itemsTotalOre: order.itemsTotalOre,
      discountOre: order.discountOre,
      shippingByRate,
      grandTotalOre: order.grandTotalOre,
      lines: lines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        unitPriceOre: line.unitPriceOre,
        vatPercent: line.vatPercent,
      })),
    }),
    buyer:
      address ??
      (account
        ? {
            name: account.name,
            address: '',
            apartmentNumber: '',
            postalCode: '',
            city: '',
            country: '',
          }
        : null),
    deliveryAddress: order.storePickup ? null : (order.shippingDetails ?? null),
    payment: {
      provider: order.paymentProvider,
      paymentId: order.paymentId,
      status: order.paymentStatus,
      chargedAt: order.chargedAt,
    },
    refunds: refunded.map((refund) => ({
      completedAt: refund.completedAt ?? order.updatedAt,
      amountOre: refund.amountOre,
    })),
  };
}

/** A document of an order as a file: its name in the order's language and its bytes. */
export interface OrderFile {
  filename: string;
  content: Buffer;
}

/** The shop's details as they are now, in the order's language. */
async function sellerIn(db: Executor, locale: Locale) {
  return shopDetailsIn(await getSetting(db, 'shopDetails'), locale);
}

/** `GET /api/admin/orders/:id/receipt.pdf`: the order's receipt ("kvittering"). */
export async function orderReceiptPdf(db: Executor, orderId: string): Promise<OrderFile> {
  const order = await orderDocument(db, orderId);
  return {
    filename: translate(order.locale, 'documents.receipt.fileName', {
      number: String(order.number),
    }),
    content: await receiptPdf(order, await sellerIn(db, order.locale)),
  };
}

/** `GET /api/admin/orders/:id/packing-slip.pdf`: what to pick and where it goes, no prices. */
export async function orderPackingSlipPdf(db: Executor, orderId: string): Promise<OrderFile> {
  const order = await orderDocument(db, orderId);
  return {
    filename: translate(order.locale, 'documents.packingSlip.fileName', {
      number: String(order.number),
    }),
    content: await packingSlipPdf(order, await sellerIn(db, order.locale)),
  };
}

/**
 * The receipt as the order confirmation carries it, written in the order's transaction with the
 * shop's details of that moment, as the sale's document is.
 */
export async function receiptAttachment(tx: Transaction, orderId: string): Promise<MailAttachment> {
  const receipt = await orderReceiptPdf(tx, orderId);
  return { ...receipt, contentType: 'application/pdf' };
}
