import { and, asc, eq, gt, gte, inArray, isNotNull, lt, sql, type SQLWrapper } from 'drizzle-orm';
import {
  accountingBuckets,
  addDays,
  shopDay,
  type AccountingBucketAmounts,
  type AccountingDocument,
  type AccountingReport,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  accountingTotals,
  refundBuckets,
  saleBuckets,
  type AccountedOrder,
} from './accounting-documents.js';
import { linesOf } from './orders.service.js';
import { orderShipments, orders, refunds } from './orders.tables.js';
import { osloDate, osloDayEnd, osloDayStart } from './oslo-days.js';
import { shippingByRateOf } from './shipping-vat.js';

/** From the start of the day `from` to the end of the day `to`, in Norway. */
const within = (column: SQLWrapper, from: string, to: string) =>
  and(gte(column, osloDayStart(from)), lt(column, osloDayEnd(to)));

/**
 * Orders captured in parts as they shipped (issue 32.3) are booked part by part, on the day each
 * was captured; every other order as one sale on the day it was charged.
 */
const capturedInParts = sql`exists (select 1 from ${orderShipments} as part
  where part.order_id = ${orders}.id and part.amount_ore > 0)`;
const notCapturedInParts = sql`not ${capturedInParts}`;

/** A captured part's buckets: its lines at what they were paid, and the shipping on the first. */
function partBuckets(
  order: AccountedOrder,
  part: {
    amountOre: number;
    shippingOre: number;
    lines: { amountOre: number; vatPercent: number }[];
  },
): AccountingBucketAmounts {
  return saleBuckets({
    ...order,
    lines: part.lines.map((line, index) => ({
      id: String(index),
      quantity: 1,
      unitPriceOre: line.amountOre,
      vatPercent: line.vatPercent,
    })),
    itemsTotalOre: part.lines.reduce((sum, line) => sum + line.amountOre, 0),
    discountOre: 0,
    shippingByRate: part.shippingOre > 0 ? order.shippingByRate : [],
    grandTotalOre: part.amountOre,
  });
}

/** `whole` less `parts`, bucket by bucket: the last part's, so the parts add up to the sale. */
function bucketsLeft(
  whole: AccountingBucketAmounts,
  parts: readonly AccountingBucketAmounts[],
): AccountingBucketAmounts {
  return Object.fromEntries(
    accountingBuckets.map(({ key }) => {
      const less = (field: 'netOre' | 'vatOre' | 'grossOre') =>
        whole[key][field] - parts.reduce((sum, part) => sum + part[key][field], 0);
      return [key, { netOre: less('netOre'), vatOre: less('vatOre'), grossOre: less('grossOre') }];
    }),
  ) as AccountingBucketAmounts;
}

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
      .where(
        and(
          isNotNull(orders.chargedAt),
          within(orders.chargedAt, period.from, period.to),
          notCapturedInParts,
        ),
      )
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
  const capturedParts = await db
    .select({
      id: orderShipments.id,
      orderId: orderShipments.orderId,
      date: osloDate(orderShipments.capturedAt),
      at: orderShipments.capturedAt,
      paymentId: orders.paymentId,
    })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(
      and(
        gt(orderShipments.amountOre, 0),
        within(orderShipments.capturedAt, period.from, period.to),
      ),
    )
    .orderBy(asc(orderShipments.capturedAt), asc(orderShipments.id));
  const orderIds = [
    ...new Set([
      ...sales.map((sale) => sale.id),
      ...refunded.map((r) => r.orderId),
      ...capturedParts.map((part) => part.orderId),
    ]),
  ];
  const partsOf = await capturedPartsOf(
    db,
    capturedParts.map((part) => part.orderId),
  );
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
    ...capturedParts.map((captured) => {
      const order = orderOf(captured.orderId);
      const parts = partsOf.get(captured.orderId) ?? [];
      const place = parts.findIndex((part) => part.id === captured.id);
      const part = parts[place];
      if (!part) throw new Error(`captured part ${captured.id} vanished`);
      // The last part of an order wholly captured takes the sale's buckets less the others'.
      const last = place === parts.length - 1 && part.fullyCaptured;
      const buckets = last
        ? bucketsLeft(
            saleBuckets(order),
            parts.slice(0, place).map((earlier) => partBuckets(order, earlier)),
          )
        : partBuckets(order, part);
      return {
        at: captured.at?.getTime() ?? 0,
        date: captured.date,
        type: 'sale' as const,
        document: `${order.number}-${place + 1}`,
        orderNumber: order.number,
        paymentReference: captured.paymentId,
        buckets,
        grossOre: part.amountOre,
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

/**
 * The captured parts of each order, oldest first, and whether the order is wholly captured: its
 * last part then takes what is left of the sale's buckets.
 */
async function capturedPartsOf(db: Database, orderIds: string[]) {
  const byOrder = new Map<
    string,
    {
      id: string;
      amountOre: number;
      shippingOre: number;
      lines: { amountOre: number; vatPercent: number }[];
      fullyCaptured: boolean;
    }[]
  >();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderShipments.id,
      orderId: orderShipments.orderId,
      amountOre: orderShipments.amountOre,
      shippingOre: orderShipments.shippingOre,
      lines: orderShipments.lines,
      fullyCaptured: sql<boolean>`${orders.capturedOre} = ${orders.grandTotalOre}`,
    })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(
      and(
        inArray(orderShipments.orderId, [...new Set(orderIds)]),
        gt(orderShipments.amountOre, 0),
        isNotNull(orderShipments.capturedAt),
      ),
    )
    .orderBy(asc(orderShipments.capturedAt), asc(orderShipments.id));
  for (const row of rows) {
    const parts = byOrder.get(row.orderId) ?? [];
    parts.push({ ...row, fullyCaptured: Boolean(row.fullyCaptured) });
    byOrder.set(row.orderId, parts);
  }
  return byOrder;
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
      .where(and(within(orders.chargedAt, first, today), notCapturedInParts))
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
  const parts = await db
    .select({
      date: osloDate(orderShipments.capturedAt),
      orders: sql<number>`count(distinct ${orderShipments.orderId})::int`,
      grossOre: sql<string>`coalesce(sum(${orderShipments.amountOre}), 0)`,
    })
    .from(orderShipments)
    .where(and(gt(orderShipments.amountOre, 0), within(orderShipments.capturedAt, first, today)))
    .groupBy(osloDate(orderShipments.capturedAt));
  const chargedOn = new Map(charged.map((day) => [day.date, day]));
  for (const day of parts) {
    const sold = chargedOn.get(day.date);
    chargedOn.set(day.date, {
      date: day.date,
      orders: (sold?.orders ?? 0) + day.orders,
      grossOre: String(Number(sold?.grossOre ?? 0) + Number(day.grossOre)),
    });
  }
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
