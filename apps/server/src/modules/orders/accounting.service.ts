import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { addDays, shopDay, type AccountingDocument, type AccountingReport } from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  accountingTotals,
  refundBuckets,
  saleBuckets,
  type AccountedOrder,
} from './accounting-documents.js';
import { linesOf } from './orders.service.js';
import { orders, refunds } from './orders.tables.js';
import { osloDate, osloDayEnd, osloDayStart } from './oslo-days.js';
import { shippingByRateOf } from './shipping-vat.js';

/** From the start of the day `from` to the end of the day `to`, in Norway. */
const within = (column: SQLWrapper, from: string, to: string) =>
  and(gte(column, osloDayStart(from)), lt(column, osloDayEnd(to)));

const sumOf = (values: readonly AccountingDocument[]) =>
  values.reduce((total, document) => total + document.grossOre, 0);

/**
 * `GET /api/admin/accounting`: every sale charged and every refund completed in the period
 * (days in Norway, both included), oldest first, each split into the VAT buckets.
 */
export async function accountingReport(
  db: Database,
  period: { from: string; to: string },
): Promise<AccountingReport> {
  const [sales, refunded] = await Promise.all([
    db
      .select({
        id: orders.id,
        date: osloDate(orders.chargedAt),
        paymentId: orders.paymentId,
        at: orders.chargedAt,
      })
      .from(orders)
      .where(and(isNotNull(orders.chargedAt), within(orders.chargedAt, period.from, period.to)))
      .orderBy(asc(orders.chargedAt), asc(orders.number)),
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        date: osloDate(refunds.completedAt),
        amountOre: refunds.amountOre,
        lines: refunds.lines,
        providerRefundId: refunds.providerRefundId,
        at: refunds.completedAt,
        // The refund's place among the order's completed refunds, for its document number.
        // Spelled with the table's name: a select from one table names its columns bare.
        place: sql<number>`(select count(*)::int from ${refunds} as earlier
          where earlier.order_id = ${refunds}.order_id and earlier.status = 'completed'
            and (earlier.completed_at, earlier.id) <= (${refunds}.completed_at, ${refunds}.id))`,
      })
      .from(refunds)
      .where(
        and(eq(refunds.status, 'completed'), within(refunds.completedAt, period.from, period.to)),
      )
      .orderBy(asc(refunds.completedAt), asc(refunds.id)),
  ]);
  const orderIds = [
    ...new Set([...sales.map((sale) => sale.id), ...refunded.map((r) => r.orderId)]),
  ];
  const accounted = await accountedOrders(db, orderIds);
  const orderOf = (id: string) => {
    const order = accounted.get(id);
    if (!order) throw new Error(`order ${id} of the accounting period vanished`);
    return order;
  };

  const documents: (AccountingDocument & { at: number })[] = [
    ...sales.map((sale) => {
      const order = orderOf(sale.id);
      const buckets = saleBuckets(order);
      return {
        at: sale.at?.getTime() ?? 0,
        date: sale.date,
        type: 'sale' as const,
        document: String(order.number),
        orderNumber: order.number,
        paymentReference: sale.paymentId,
        buckets,
        grossOre: order.grandTotalOre,
      };
    }),
    ...refunded.map((refund) => {
      const order = orderOf(refund.orderId);
      return {
        at: refund.at?.getTime() ?? 0,
        date: refund.date,
        type: 'refund' as const,
        document: `${order.number}-R${refund.place}`,
        orderNumber: order.number,
        paymentReference: refund.providerRefundId ?? refund.id,
        buckets: refundBuckets(order, refund),
        grossOre: -refund.amountOre,
      };
    }),
  ];
  documents.sort((a, b) => a.at - b.at || a.document.localeCompare(b.document));
  const listed = documents.map(({ at: _at, ...document }) => document);
  for (const document of listed) assertAddsUp(document);
  const totals = accountingTotals(listed);
  if (totals.grossOre !== sumOf(listed)) throw new Error('accounting totals do not add up');
  return { from: period.from, to: period.to, documents: listed, totals };
}

/** A document whose buckets do not add up to its amount would mislead the accountant: refuse it. */
function assertAddsUp(document: AccountingDocument) {
  const buckets = Object.values(document.buckets).reduce(
    (sum, amounts) => sum + amounts.grossOre,
    0,
  );
  if (buckets !== document.grossOre)
    throw new Error(
      `accounting document ${document.document}: buckets ${buckets} øre, amount ${document.grossOre} øre`,
    );
}

async function accountedOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, AccountedOrder>> {
  if (orderIds.length === 0) return new Map();
  const [rows, lines] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        itemsTotalOre: orders.itemsTotalOre,
        discountOre: orders.discountOre,
        shippingOre: orders.shippingOre,
        shippingByRate: orders.shippingByRate,
        grandTotalOre: orders.grandTotalOre,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    linesOf(db, orderIds),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        shippingByRate: shippingByRateOf(row),
        lines: (lines.get(row.id) ?? []).map((line) => ({
          id: line.id,
          quantity: line.quantity,
          unitPriceOre: line.unitPriceOre,
          vatPercent: line.vatPercent,
        })),
      },
    ]),
  );
}

export interface DaySales {
  date: string;
  orders: number;
  grossOre: number;
  refundedOre: number;
}

/**
 * The sales of the `days` days in Norway up to `today`, oldest first, a day without any with
 * zeros: the orders charged and their totals, and the refunds completed, dated as the
 * accounting export dates them.
 */
export async function dailySales(
  db: Database,
  days: number,
  today: string = shopDay(),
): Promise<DaySales[]> {
  const first = addDays(today, 1 - days);
  const [charged, refunded] = await Promise.all([
    db
      .select({
        date: osloDate(orders.chargedAt),
        orders: sql<number>`count(*)::int`,
        grossOre: sql<string>`coalesce(sum(${orders.grandTotalOre}), 0)`,
      })
      .from(orders)
      .where(within(orders.chargedAt, first, today))
      .groupBy(osloDate(orders.chargedAt)),
    db
      .select({
        date: osloDate(refunds.completedAt),
        refundedOre: sql<string>`coalesce(sum(${refunds.amountOre}), 0)`,
      })
      .from(refunds)
      .where(and(eq(refunds.status, 'completed'), within(refunds.completedAt, first, today)))
      .groupBy(osloDate(refunds.completedAt)),
  ]);
  const chargedOn = new Map(charged.map((day) => [day.date, day]));
  const refundedOn = new Map(refunded.map((day) => [day.date, Number(day.refundedOre)]));
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(first, index);
    const sold = chargedOn.get(date);
    return {
      date,
      orders: sold?.orders ?? 0,
      grossOre: Number(sold?.grossOre ?? 0),
      refundedOre: refundedOn.get(date) ?? 0,
    };
  });
}
