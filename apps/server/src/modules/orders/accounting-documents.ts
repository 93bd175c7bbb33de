import { stringify } from 'csv-stringify/sync';
import {
  accountingBuckets,
  type AccountingBucketAmounts,
  type AccountingBucketKey,
  type AccountingDocument,
  type AccountingReport,
} from '@shop/shared';
import {
  buildPaymentLines,
  isShippingLine,
  vatOfGross,
  type ShippingShare,
} from '../payments/index.js';
import { amountByRate, paidLineAmounts, splitExactly, type PricedLine } from './refund-amounts.js';

/**
 * The accounting export's arithmetic. Each document's VAT is computed line by line exactly as
 * the payment provider was given it (the sale's payment lines, the refund's), so the export's
 * VAT equals the receipt's and the provider's to the øre; the lines are then summed per bucket.
 */

interface Bucketed {
  gross: Map<AccountingBucketKey, number>;
  vat: Map<AccountingBucketKey, number>;
}

function bucketOf(kind: 'goods' | 'shipping', vatPercent: number): AccountingBucketKey {
  const bucket = accountingBuckets.find(
    (candidate) => candidate.kind === kind && candidate.rate === vatPercent,
  );
  if (!bucket) throw new RangeError(`no accounting bucket for ${kind} at ${vatPercent} % VAT`);
  return bucket.key;
}

function emptyBucketed(): Bucketed {
  return { gross: new Map(), vat: new Map() };
}

function add(into: Bucketed, key: AccountingBucketKey, grossOre: number, vatOre: number) {
  into.gross.set(key, (into.gross.get(key) ?? 0) + grossOre);
  into.vat.set(key, (into.vat.get(key) ?? 0) + vatOre);
}

function amountsOf(bucketed: Bucketed, sign: 1 | -1): AccountingBucketAmounts {
  return Object.fromEntries(
    accountingBuckets.map(({ key }) => {
      const grossOre = sign * (bucketed.gross.get(key) ?? 0);
      const vatOre = sign * (bucketed.vat.get(key) ?? 0);
      return [key, { netOre: grossOre - vatOre, vatOre, grossOre }];
    }),
  ) as AccountingBucketAmounts;
}

export interface AccountedOrder {
  number: number;
  itemsTotalOre: number;
  /** Product discounts and the coupon together, as the order stores them. */
  discountOre: number;
  /** The shipping over the VAT rates as it was paid (`shippingByRateOf`). */
  shippingByRate: ShippingShare[];
  grandTotalOre: number;
  /** In the order they were bought. */
  lines: PricedLine[];
}

/** A sale's buckets: its payment lines (items, the coupon per rate, shipping per rate), summed. */
export function saleBuckets(order: AccountedOrder): AccountingBucketAmounts {
  const itemsGross = order.lines.reduce((sum, line) => sum + line.unitPriceOre * line.quantity, 0);
  const paymentLines = buildPaymentLines({
    items: order.lines.map((line) => ({
      itemId: line.id,
      name: line.id,
      qty: line.quantity,
      unitPriceOre: line.unitPriceOre,
      vatPercent: line.vatPercent,
    })),
    couponDiscountOre: itemsGross - (order.itemsTotalOre - order.discountOre),
    shipping: order.shippingByRate,
  });
  const bucketed = emptyBucketed();
  for (const line of paymentLines)
    add(
      bucketed,
      bucketOf(isShippingLine(line) ? 'shipping' : 'goods', line.vatPercent),
      line.grossTotalOre,
      vatOfGross(line.grossTotalOre, line.vatPercent),
    );
  return amountsOf(bucketed, 1);
}

export interface AccountedRefund {
  amountOre: number;
  /** The returned lines with what each gave back. */
  lines: { amountOre: number; vatPercent: number }[];
}

/**
 * A refund's buckets, negative. Returned lines are goods at their rate. The rest (goodwill, a
 * cancellation's remainder) was split over the rates as order-money split it; each rate's share
 * is divided here between the goods and the shipping paid at that rate in proportion to what was
 * paid for each, the shipping part carrying the VAT of its own amount, so the share's VAT is the
 * one the provider was given.
 */
export function refundBuckets(
  order: AccountedOrder,
  refund: AccountedRefund,
): AccountingBucketAmounts {
  const bucketed = emptyBucketed();
  for (const line of refund.lines)
    add(
      bucketed,
      bucketOf('goods', line.vatPercent),
      line.amountOre,
      vatOfGross(line.amountOre, line.vatPercent),
    );
  const otherOre = refund.amountOre - refund.lines.reduce((sum, line) => sum + line.amountOre, 0);
  if (otherOre > 0) {
    const paid = paidLineAmounts(order, order.lines);
    for (const share of amountByRate(otherOre, order.lines, paid, order.shippingByRate)) {
      const vatOre = vatOfGross(share.amountOre, share.vatPercent);
      const goodsKey = bucketOf('goods', share.vatPercent);
      const shippingPaid =
        order.shippingByRate.find((shipping) => shipping.rate === share.vatPercent)?.grossOre ?? 0;
      if (shippingPaid === 0) {
        add(bucketed, goodsKey, share.amountOre, vatOre);
        continue;
      }
      const goodsPaid = order.lines
        .filter((line) => line.vatPercent === share.vatPercent)
        .reduce((sum, line) => sum + (paid.get(line.id) ?? 0), 0);
      const [goodsOre = 0, shippingOre = 0] = splitExactly(share.amountOre, [
        goodsPaid,
        shippingPaid,
      ]);
      const shippingVat = vatOfGross(shippingOre, share.vatPercent);
      add(bucketed, bucketOf('shipping', share.vatPercent), shippingOre, shippingVat);
      add(bucketed, goodsKey, goodsOre, vatOre - shippingVat);
    }
  }
  return amountsOf(bucketed, -1);
}

/** The sums of the documents' columns. */
export function accountingTotals(
  documents: readonly AccountingDocument[],
): AccountingReport['totals'] {
  const bucketed = emptyBucketed();
  for (const document of documents)
    for (const { key } of accountingBuckets) {
      const amounts = document.buckets[key];
      add(bucketed, key, amounts.grossOre, amounts.vatOre);
    }
  return {
    sales: documents.filter((document) => document.type === 'sale').length,
    refunds: documents.filter((document) => document.type === 'refund').length,
    buckets: amountsOf(bucketed, 1),
    grossOre: documents.reduce((sum, document) => sum + document.grossOre, 0),
  };
}

/** Øre as Norwegian spreadsheets read a number: 1234,50 and −1234,50, no thousands separator. */
export function csvAmount(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const absolute = Math.abs(ore);
  return `${sign}${Math.trunc(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * The export as Excel in Norway opens it and accounting systems import it: UTF-8 with a BOM,
 * semicolons, decimal commas. Each bucket has net, VAT and gross columns headed with its SAF-T
 * VAT code. Its text cells are dates, numbers and the provider's references, never a
 * customer's words, so no cell can be read as a formula.
 */
export function accountingCsv(report: AccountingReport): string {
  const header = [
    'Date',
    'Type',
    'Document',
    'Order',
    'Payment reference',
    ...accountingBuckets.flatMap((bucket) => [
      `${bucket.label} net (SAF-T ${bucket.saftCode})`,
      `${bucket.label} VAT (SAF-T ${bucket.saftCode})`,
      `${bucket.label} gross`,
    ]),
    'Total gross',
  ];
  const rows = report.documents.map((document) => [
    document.date,
    document.type,
    document.document,
    String(document.orderNumber),
    document.paymentReference,
    ...accountingBuckets.flatMap(({ key }) => {
      const amounts = document.buckets[key];
      return [csvAmount(amounts.netOre), csvAmount(amounts.vatOre), csvAmount(amounts.grossOre)];
    }),
    csvAmount(document.grossOre),
  ]);
  return stringify([header, ...rows], { delimiter: ';', bom: true, record_delimiter: '\r\n' });
}
