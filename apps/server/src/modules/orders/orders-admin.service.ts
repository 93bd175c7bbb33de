import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  adminOrderMessages,
  deliveryStatuses,
  paidPaymentStatuses,
  RESERVATION_WARNING_DAYS,
  type AdminOrder,
  type AdminOrderList,
  type DeliveryMethod,
  type DeliveryStatus,
  type OrderPaymentStatus,
  type PartShipmentRequest,
  type SavedAddress,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { contactOf, userContacts, userMatches } from '../accounts/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { itemSkus } from '../catalog/index.js';
import {
  orderDeliveredMail,
  orderPickedUpMail,
  orderReadyForPickupMail,
  orderShippedMail,
  type ShippedLine,
} from './order-mails.js';
import { enqueueMail, type MailDraft } from '../mail/index.js';
import type { CouponOrders } from '../promotions/index.js';
import { canMoveDelivery } from './delivery-status.js';
import { recordOrderEvent } from './order-events.js';
import { linesOfOrder } from './orders.service.js';
import { settleOrderPayment, type SettlementDeps } from './payment-settlement.js';
import { unsettledPaymentStatuses } from './payment-status.js';
import { orderEvents, orderLines, orderShipments, orders, refunds } from './orders.tables.js';
import { osloDayEnd, osloDayStart } from './oslo-days.js';
import { planPart, shippedQuantities, type PartPlan } from './part-shipments.js';
import { shippingByRateOf } from './shipping-vat.js';

/**
 * The back office's orders: the list, one order with its timeline, delivery moves and notes.
 * Money (refunds, cancelling, retrying a charge) is order-money's.
 */

type Executor = Database | Transaction;
type OrderRow = typeof orders.$inferSelect;

/** A plain date is a day in Norway; a date and time is that instant (as the audit log reads them). */
function instant(value: string, endOfDay: boolean): SQL {
  if (value.length > 10) return sql`${value}::timestamptz`;
  return endOfDay ? osloDayEnd(value) : osloDayStart(value);
}

/** The search matches as typed: wildcards in it are plain characters. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Order numbers are int4; a longer run of digits can only be part of an e-mail or name. */
const asOrderNumber = (q: string) =>
  /^#?\d{1,9}$/.test(q) ? Number.parseInt(q.replace('#', ''), 10) : undefined;

const methodOf = (order: Pick<OrderRow, 'storePickup'>): DeliveryMethod =>
  order.storePickup ? 'pickup' : 'home';

/** Every unit has left the shop. */
const goodsOut: readonly DeliveryStatus[] = ['SHIPPED', 'DELIVERED', 'PICKED_UP'];

/** The states a part may ship from: the goods are still in the shop. */
const partShippable: readonly DeliveryStatus[] = ['PENDING', 'PACKED'];

/** An order's part shipments, oldest first. */
const shipmentsOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id));

interface ListQuery {
  q: string;
  deliveryStatus?: DeliveryStatus | undefined;
  paymentStatus?: OrderPaymentStatus | undefined;
  delivery?: DeliveryMethod | undefined;
  /** The promotion the orders were placed with. */
  couponId?: string | undefined;
  toPack?: boolean | undefined;
  reservationExpiring?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: 'date' | 'number' | 'total';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * The search: a number finds its order through the unique number index alone; other text
 * matches the account's name or e-mail, or the delivery address's (orders without an account).
 */
function searchCondition(q: string): SQL | undefined {
  if (q === '') return undefined;
  const number = asOrderNumber(q);
  if (number !== undefined) return eq(orders.number, number);
  const pattern = containing(q);
  return or(
    userMatches(orders.userId, pattern),
    ilike(sql`${orders.shippingDetails}->>'email'`, pattern),
    ilike(sql`${orders.shippingDetails}->>'name'`, pattern),
  );
}

/**
 * A deleted customer's sale still names its buyer on the receipt: the name and address kept for
 * the bookkeeping, with no e-mail or phone. Opened by the order, never found by a search.
 */
function keptBuyerAddress(order: Pick<OrderRow, 'bookkeepingBuyer'>): SavedAddress | null {
  return order.bookkeepingBuyer && { ...order.bookkeepingBuyer, email: '', phone: '' };
}

/**
 * Paid, or reserved until the goods ship (issue 32.3), and not yet packed: the orders waiting for
 * someone to pack them.
 */
const readyToPack = sql`(${orders.deliveryStatus} = 'PENDING' and ${inArray(orders.paymentStatus, ['AUTHORISED', ...paidPaymentStatuses])})`;

/**
 * `GET /api/admin/orders/to-pack` (issue 34.1): how many orders the list's `toPack=true` finds,
 * counted by the database on each call, so every server process answers the same.
 */
export async function countOrdersToPack(db: Executor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(orders).where(readyToPack);
  return row?.count ?? 0;
}

/** Money not taken yet on an order placed long enough ago that its reservation may lapse. */
const reservationExpiring = sql`(${and(
  ne(orders.deliveryStatus, 'CANCELLED'),
  inArray(orders.paymentStatus, unsettledPaymentStatuses),
  lt(orders.createdAt, sql`now() - make_interval(days => ${RESERVATION_WARNING_DAYS})`),
)})`;

type ListFilters = Omit<ListQuery, 'sort' | 'order' | 'page' | 'pageSize'>;

/**
 * The list's search and filters combined: the CSV export (`orders-export.service.ts`) finds the
 * same orders.
 */
export function adminOrderFilter(query: ListFilters): SQL | undefined {
  return and(
    searchCondition(query.q),
    query.deliveryStatus ? eq(orders.deliveryStatus, query.deliveryStatus) : undefined,
    query.paymentStatus ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
    query.delivery ? eq(orders.storePickup, query.delivery === 'pickup') : undefined,
    query.couponId ? eq(orders.promotionId, query.couponId) : undefined,
    query.toPack === undefined ? undefined : query.toPack ? readyToPack : not(readyToPack),
    query.reservationExpiring === undefined
      ? undefined
      : query.reservationExpiring
        ? reservationExpiring
        : not(reservationExpiring),
    query.from ? gte(orders.createdAt, instant(query.from, false)) : undefined,
    query.to
      ? query.to.length > 10
        ? lte(orders.createdAt, instant(query.to, true))
        : lt(orders.createdAt, instant(query.to, true))
      : undefined,
  );
}

/** The list's order: by the sorted column, then by number, so equal values keep one order. */
export function adminOrderOrdering(query: Pick<ListQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn =
    query.sort === 'number'
      ? orders.number
      : query.sort === 'total'
        ? orders.grandTotalOre
        : orders.createdAt;
  return [direction(sortColumn), direction(orders.number)];
}

// Spelled out with the tables' names: a select from one table names its columns bare, and a
// bare "id" in the subquery would be the line's own.
export const orderItemCount = sql<number>`(select coalesce(sum(line.quantity), 0)::int
    from ${orderLines} as line where line.order_id = ${orders}.id)`;

/** `GET /api/admin/orders`: one page of orders with every filter combined. */
export async function listAdminOrders(db: Database, query: ListQuery): Promise<AdminOrderList> {
  const where = adminOrderFilter(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        userId: orders.userId,
        shippingDetails: orders.shippingDetails,
        grandTotalOre: orders.grandTotalOre,
        paymentStatus: orders.paymentStatus,
        deliveryStatus: orders.deliveryStatus,
        storePickup: orders.storePickup,
        itemCount: orderItemCount,
      })
      .from(orders)
      .where(where)
      .orderBy(...adminOrderOrdering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const contacts = await userContacts(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return {
    orders: rows.map((row) => {
      const contact = row.userId ? contacts.get(row.userId) : undefined;
      return {
        id: row.id,
        number: row.number,
        createdAt: row.createdAt.toISOString(),
        customerName: contact?.name ?? row.shippingDetails?.name ?? null,
        customerEmail: contact?.email || row.shippingDetails?.email || null,
        itemCount: Number(row.itemCount),
        grandTotalOre: row.grandTotalOre,
        paymentStatus: row.paymentStatus,
        deliveryStatus: row.deliveryStatus,
        deliveryMethod: methodOf(row),
      };
    }),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * How many orders were placed with a promotion, for the promotions module, which may not delete
 * a coupon orders name. Read through `db`, the caller's transaction when it holds the
 * promotion's lock, which an order being placed with it also takes.
 */
/** The orders that used a coupon, as the promotions module's coupon page and delete ask. */
export const couponOrders: CouponOrders = {
  latest: async (db, couponId, count) => {
    const { orders: latest, total } = await listAdminOrders(db, {
      q: '',
      couponId,
      sort: 'date',
      order: 'desc',
      page: 1,
      pageSize: count,
    });
    return { orders: latest, total };
  },
  count: (db, couponId) => db.$count(orders, eq(orders.promotionId, couponId)),
};

/** Where the order may go now through the back office's delivery buttons (not CANCELLED). */
export function allowedDeliveryMoves(order: Pick<OrderRow, 'deliveryStatus' | 'storePickup'>) {
  return deliveryStatuses.filter(
    (to) => to !== 'CANCELLED' && canMoveDelivery(order.deliveryStatus, to, order.storePickup),
  );
}

/** `GET /api/admin/orders/:id`: the whole order, its payment, refunds and timeline. */
export async function getAdminOrder(db: Executor, orderId: string): Promise<AdminOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError('errors.orders.notFound');
  // One query after the other: this also runs inside a move's transaction, on its one connection.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  const parts = await shipmentsOf(db, order.id);
  const shipped = shippedQuantities(parts);
  const allShipped = goodsOut.includes(order.deliveryStatus);
  const skus = await itemSkus(
    db,
    lines.flatMap((line) => (line.productItemId ? [line.productItemId] : [])),
  );
  const contacts = await userContacts(db, order.userId ? [order.userId] : []);
  const customer = order.userId ? contacts.get(order.userId) : undefined;
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    deliveryMethod: methodOf(order),
    deliveryStatus: order.deliveryStatus,
    allowedDeliveryMoves: allowedDeliveryMoves(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      productItemId: line.productItemId,
      name: line.productName,
      slug: line.productSlug,
      variants: line.variants,
      sku: (line.productItemId && skus.get(line.productItemId)) ?? null,
      image: line.productImage,
      quantity: line.quantity,
      returnedQuantity: line.returnedQuantity,
      shippedQuantity: allShipped ? line.quantity : (shipped.get(line.id) ?? 0),
      listPriceOre: line.listPriceOre,
      unitPriceOre: line.unitPriceOre,
      vatPercent: line.vatPercent,
      lineTotalOre: line.unitPriceOre * line.quantity,
    })),
    itemsTotalOre: order.itemsTotalOre,
    discountOre: order.discountOre,
    shippingOre: order.shippingOre,
    grandTotalOre: order.grandTotalOre,
    refundedOre: order.refundedOre,
    couponCode: order.couponCode,
    vatLines: order.vatLines,
    shippingByRate: shippingByRateOf(order),
    shippingDetails: order.shippingDetails ?? null,
    billingDetails: order.billingDetails ?? keptBuyerAddress(order),
    payment: {
      provider: order.paymentProvider,
      paymentId: order.paymentId,
      status: order.paymentStatus,
      attempts: order.paymentAttempts,
      lastError: order.paymentLastError,
      chargedAt: order.chargedAt?.toISOString() ?? null,
      capturedOre: order.capturedOre,
    },
    customer:
      order.userId && customer
        ? { id: order.userId, name: customer.name, email: customer.email || null }
        : null,
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      kind: refund.kind,
      amountOre: refund.amountOre,
      status: refund.status,
      lines: refund.lines,
      note: refund.note,
      failure: refund.failure,
      providerRefundId: refund.providerRefundId,
      createdByEmail: refund.actorEmail,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
    shipments: parts.map((part) => ({
      id: part.id,
      lines: part.lines.map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
      amountOre: part.amountOre,
      carrier: part.carrier,
      trackingNumber: part.trackingNumber,
      trackingUrl: part.trackingUrl,
      createdByEmail: part.actorEmail,
      createdAt: part.createdAt.toISOString(),
    })),
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      detail: event.detail,
      actorEmail: event.actorEmail,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/** The moves that hand the goods over: a payment reserved until then is captured (issue 32.3). */
const goodsLeaveTheShop: readonly DeliveryStatus[] = ['SHIPPED', 'PICKED_UP'];

export interface DeliveryMove {
  to: DeliveryStatus;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  trackingUrl?: string | undefined;
}

/** A part shipment as its mail tells it: the items that left, and whether more follow. */
interface ShippedPart {
  lines: ShippedLine[];
  rest: boolean;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/**
 * The mail a customer gets when their order reaches `to`; PACKED is the shop's own step. A part
 * shipment is told with its own items and tracking.
 */
function deliveryMail(
  order: OrderRow,
  to: DeliveryStatus,
  news: { to: string; name: string; publicUrl: string },
  part?: ShippedPart,
): MailDraft | undefined {
  const about = { ...news, locale: order.locale, orderNumber: order.number };
  if (part)
    return orderShippedMail({ ...about, ...part, part: { lines: part.lines, rest: part.rest } });
  switch (to) {
    case 'SHIPPED':
      return orderShippedMail({
        ...about,
        carrier: order.carrier ?? '',
        trackingNumber: order.trackingNumber ?? '',
        trackingUrl: order.trackingUrl,
      });
    case 'READY_FOR_PICKUP':
      return orderReadyForPickupMail(about);
    case 'DELIVERED':
      return orderDeliveredMail(about);
    case 'PICKED_UP':
      return orderPickedUpMail(about);
    default:
      return undefined;
  }
}

/**
 * Moves an order to another delivery state, if the state machine allows it, under the order's
 * row lock: two staff moving it at once are served one after the other, and the second is
 * refused when the first has already moved it on. The customer is mailed for the changes they
 * wait for; the move, the mail and the audit row are written in the move's transaction. When the
 * goods leave the shop (shipped, picked up), a payment reserved until then is captured after the
 * commit (issue 32.3): a provider that fails then leaves it due, for the settling's retries.
 */
export async function moveOrderDelivery(
  deps: SettlementDeps & { publicUrl: string; mailQueued: () => void },
  actor: Actor,
  orderId: string,
  move: DeliveryMove,
): Promise<{ order: AdminOrder }> {
  if (move.to === 'CANCELLED')
    throw new InvalidError('errors.orders.cancelElsewhere', { field: 'to' });
  const { mailQueued, captureDue } = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new NotFoundError('errors.orders.notFound');
    const from = order.deliveryStatus;
    if (!canMoveDelivery(from, move.to, order.storePickup))
      throw new InvalidError('errors.orders.illegalMove', {
        values: { from, to: move.to },
        field: 'to',
      });
    const tracking =
      move.to === 'SHIPPED'
        ? {
            carrier: move.carrier ?? null,
            trackingNumber: move.trackingNumber ?? null,
            trackingUrl: move.trackingUrl || null,
          }
        : {};
    const leavesTheShop = goodsLeaveTheShop.includes(move.to);
    // An order shipped in parts ships its rest as its last part, which captures what is left.
    const rest =
      move.to === 'SHIPPED'
        ? await shipTheRest(tx, order, actor, {
            carrier: move.carrier ?? '',
            trackingNumber: move.trackingNumber ?? '',
            trackingUrl: move.trackingUrl || null,
          })
        : undefined;
    const [moved] = await tx
      .update(orders)
      .set({
        deliveryStatus: move.to,
        ...tracking,
        ...(leavesTheShop && order.paymentNextAttemptAt === null
          ? { paymentNextAttemptAt: sql`now()` }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!moved) throw new NotFoundError('errors.orders.notFound');
    await recordOrderEvent(tx, {
      orderId,
      kind: 'delivery',
      detail: { from, to: move.to, ...tracking },
      actor,
    });
    await recordAudit(tx, {
      actor,
      action: 'move-delivery',
      entity: 'order',
      entityId: orderId,
      changes: {
        deliveryStatus: { from, to: move.to },
        ...Object.fromEntries(
          Object.entries(tracking).map(([field, value]) => [
            field,
            { from: order[field as keyof typeof tracking], to: value },
          ]),
        ),
      },
    });
    return {
      mailQueued: await mailCustomer(tx, deps.publicUrl, moved, actor, rest),
      captureDue: leavesTheShop && unsettledPaymentStatuses.includes(moved.paymentStatus),
    };
  });
  if (mailQueued) deps.mailQueued();
  if (captureDue) await settleOrderPayment(deps, orderId);
  return { order: await getAdminOrder(deps.db, orderId) };
}

/** Queues the customer's mail about the order's new state, when it has one and someone to mail. */
async function mailCustomer(
  tx: Transaction,
  publicUrl: string,
  order: OrderRow,
  actor: Actor,
  part?: ShippedPart,
): Promise<boolean> {
  const customer = order.userId ? await contactOf(tx, order.userId) : undefined;
  const to = customer?.email ?? order.shippingDetails?.email;
  if (!to) return false;
  const draft = deliveryMail(
    order,
    order.deliveryStatus,
    { to, name: customer?.name ?? order.shippingDetails?.name ?? '', publicUrl },
    part,
  );
  if (!draft) return false;
  const mail = await enqueueMail(tx, draft, { userId: order.userId });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'mail',
    detail: { template: mail.kind, to, subject: mail.subject },
    actor,
  });
  return true;
}

/** Still only reserved: each part captures its share when it ships (issue 32.3). */
const capturing = (order: Pick<OrderRow, 'paymentStatus'>) =>
  unsettledPaymentStatuses.includes(order.paymentStatus);

/**
 * Writes a part shipment planned under the order's row lock, with its timeline event; a part of
 * a payment charged in full at the order captures nothing and is recorded as captured.
 */
async function writePart(
  tx: Transaction,
  order: OrderRow,
  actor: Actor,
  plan: PartPlan,
  tracking: { carrier: string; trackingNumber: string; trackingUrl: string | null },
): Promise<ShippedPart> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const [part] = await tx
    .insert(orderShipments)
    .values({
      orderId: order.id,
      lines: plan.lines,
      amountOre: plan.amountOre,
      shippingOre: plan.shippingOre,
      ...tracking,
      actorId: actor.id,
      actorEmail: actor.email,
      capturedAt: capturing(order) ? null : new Date(),
    })
    .returning();
  if (!part) throw new Error('part shipment insert returned no row');
  const lineOf = (id: string) => lines.find((line) => line.id === id);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'shipped_part',
    detail: {
      shipmentId: part.id,
      lines: plan.lines.map((shipped) => ({
        orderLineId: shipped.orderLineId,
        name: lineOf(shipped.orderLineId)?.productName ?? '',
        quantity: shipped.quantity,
      })),
      amountOre: plan.amountOre,
      last: plan.last,
      ...tracking,
    },
    actor,
  });
  return {
    lines: plan.lines.map((shipped) => ({
      name: lineOf(shipped.orderLineId)?.productName ?? '',
      variants: lineOf(shipped.orderLineId)?.variants ?? {},
      quantity: shipped.quantity,
    })),
    rest: plan.last,
    ...tracking,
  };
}

/**
 * When an order shipped in parts moves to SHIPPED, what was left ships as its last part, with
 * the move's tracking, and captures what is left of the total. Nothing for an order never
 * shipped in parts: it ships whole, as before parts.
 */
async function shipTheRest(
  tx: Transaction,
  order: OrderRow,
  actor: Actor,
  tracking: { carrier: string; trackingNumber: string; trackingUrl: string | null },
): Promise<ShippedPart | undefined> {
  const parts = await shipmentsOf(tx, order.id);
  if (parts.length === 0) return undefined;
  const lines = await linesOfOrder(tx, order.id);
  const shipped = shippedQuantities(parts);
  const requested = new Map(
    lines.flatMap((line) => {
      const left = line.quantity - (shipped.get(line.id) ?? 0);
      return left > 0 ? [[line.id, left] as const] : [];
    }),
  );
  const plan = planPart(order, lines, parts, requested, capturing(order));
  return writePart(tx, order, actor, plan, tracking);
}

/**
 * `POST /api/admin/orders/:id/shipments` (issue 32.3): some of a home delivery's units leave the
 * shop now. Under the order's row lock, so two staff shipping parts at once are served one after
 * the other, each against what the other shipped: no unit ships twice and the parts never
 * capture more than the total. Refused (400, 409) with nothing changed for a store pickup, an
 * order no longer in the shop, a line not in the order or more units than are left. The part
 * that ships the last units moves the order to SHIPPED, as `POST …/delivery` does, with the
 * shipped mail; any other part keeps the order where it is and mails the customer its items.
 * Its capture goes to the provider after the commit, retried by the settling when it fails.
 */
export async function shipOrderPart(
  deps: SettlementDeps & { publicUrl: string; mailQueued: () => void },
  actor: Actor,
  orderId: string,
  request: Omit<PartShipmentRequest, 'trackingUrl'> & { trackingUrl?: string | undefined },
): Promise<{ order: AdminOrder }> {
  const { mailQueued, captureDue } = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new NotFoundError('errors.orders.notFound');
    const refuse = (message: string, field?: string) =>
      new ConflictError('errors.untranslated', {
        values: { message },
        ...(field ? { field } : {}),
      });
    if (order.storePickup) throw refuse(adminOrderMessages.shipmentPickup);
    if (!partShippable.includes(order.deliveryStatus))
      throw refuse(adminOrderMessages.shipmentNotOpen(order.deliveryStatus));
    const parts = await shipmentsOf(tx, orderId);
    // An order from before capture at shipping, whose charge of the whole is due or running.
    if (capturing(order) && parts.length === 0 && order.paymentNextAttemptAt !== null)
      throw refuse(adminOrderMessages.shipmentWholeCharge);
    const lines = await linesOfOrder(tx, orderId);
    const shipped = shippedQuantities(parts);
    const requested = new Map<string, number>();
    for (const [index, wanted] of request.lines.entries()) {
      const invalid = (message: string, field: string) =>
        new InvalidError('errors.untranslated', {
          values: { message },
          field: `lines.${index}.${field}`,
        });
      const line = lines.find((candidate) => candidate.id === wanted.orderLineId);
      if (!line) throw invalid(adminOrderMessages.shipmentUnknownLine, 'orderLineId');
      if (requested.has(line.id))
        throw invalid(adminOrderMessages.shipmentLineTwice, 'orderLineId');
      const left = line.quantity - (shipped.get(line.id) ?? 0);
      if (wanted.quantity > left)
        throw invalid(adminOrderMessages.shipmentTooMany(line.productName, left), 'quantity');
      requested.set(line.id, wanted.quantity);
    }
    const plan = planPart(order, lines, parts, requested, capturing(order));
    const tracking = {
      carrier: request.carrier,
      trackingNumber: request.trackingNumber,
      trackingUrl: request.trackingUrl || null,
    };
    const part = await writePart(tx, order, actor, plan, tracking);
    const [moved] = await tx
      .update(orders)
      .set({
        ...(plan.last ? { deliveryStatus: 'SHIPPED' as const, ...tracking } : {}),
        // Due now, unless a settling holds the lease: it captures this part before it lets go.
        ...(capturing(order) && order.paymentNextAttemptAt === null
          ? { paymentNextAttemptAt: sql`now()` }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!moved) throw new NotFoundError('errors.orders.notFound');
    if (plan.last)
      await recordOrderEvent(tx, {
        orderId,
        kind: 'delivery',
        detail: { from: order.deliveryStatus, to: 'SHIPPED', ...tracking },
        actor,
      });
    await recordAudit(tx, {
      actor,
      action: 'ship-part',
      entity: 'order',
      entityId: orderId,
      changes: {
        shipment: { from: null, to: { lines: plan.lines, amountOre: plan.amountOre, ...tracking } },
        ...(plan.last ? { deliveryStatus: { from: order.deliveryStatus, to: 'SHIPPED' } } : {}),
      },
    });
    return {
      mailQueued: await mailCustomer(tx, deps.publicUrl, moved, actor, part),
      captureDue: capturing(moved),
    };
  });
  if (mailQueued) deps.mailQueued();
  if (captureDue) await settleOrderPayment(deps, orderId);
  return { order: await getAdminOrder(deps.db, orderId) };
}

/** `POST /api/admin/orders/:id/notes`: an internal note on the timeline, audited. */
export async function addOrderNote(
  db: Database,
  actor: Actor,
  orderId: string,
  text: string,
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new NotFoundError('errors.orders.notFound');
    await recordOrderEvent(tx, { orderId, kind: 'note', detail: { text }, actor });
    await recordAudit(tx, {
      actor,
      action: 'add-note',
      entity: 'order',
      entityId: orderId,
      changes: { note: { from: null, to: text } },
    });
    return getAdminOrder(tx, orderId);
  });
}
