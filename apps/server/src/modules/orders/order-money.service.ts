import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  adminOrderMessages,
  returnDeliveryStatuses,
  type AdminOrder,
  type OrderMoneyState,
  type RefundRequest,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  ProviderUnavailableError,
  UnprocessableError,
} from '../../domain-errors.js';
import type { ServiceLogger } from '../../service-logger.js';
import { contactOf } from '../accounts/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { restock } from '../catalog/index.js';
import { orderCancelledMail, orderRefundedMail } from './order-mails.js';
import { enqueueMail, type MailDraft } from '../mail/index.js';
import { RefundIncompleteError, vatByRate, type PaymentLine } from '../payments/index.js';
import { canMoveDelivery } from './delivery-status.js';
import { recordOrderEvent } from './order-events.js';
import { linesOfOrder } from './orders.service.js';
import {
  orderLines,
  orderShipments,
  orders,
  refunds,
  type RefundKind,
  type RefundLine,
} from './orders.tables.js';
import { paidWithOf, providerOf, type PaymentProviderDeps } from './payment-providers.js';
import { settleOrderPayment } from './payment-settlement.js';
import {
  isRefundable,
  paymentAfterFailedRefund,
  paymentAfterRefund,
  paymentOnCancel,
  paymentStatusesBefore,
  providerPaymentMeaning,
  refundablePaymentStatuses,
  unsettledPaymentStatuses,
} from './payment-status.js';
import { amountByRate, paidLineAmounts, returnAmount } from './refund-amounts.js';
import { shippingByRateOf } from './shipping-vat.js';

/**
 * The money of an order after it is made: refunds (returns and goodwill), cancelling before the
 * goods leave, and charging again after a failure. Every movement goes through the payment
 * provider, and the order's `refunded_ore` is raised before the provider is asked, in the
 * statement that checks it against the total: two refunds at once can never give back more than
 * was paid (see docs/decisions.md, "Refunds and cancellations").
 */

export interface OrderMoneyDeps extends PaymentProviderDeps {
  db: Database;
  publicUrl: string;
  log: ServiceLogger;
  /** Called after a transaction that queued mail has committed. */
  mailQueued: () => void;
}

type AdminRefund = AdminOrder['refunds'][number];
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Where the customer's money is: the mails say so (issue 32.3). */

export const refundIdempotencyKey = (refundId: string) => `refund-${refundId}`;

function toMoneyState(order: OrderRow): OrderMoneyState {
  return {
    orderId: order.id,
    number: order.number,
    paymentStatus: order.paymentStatus,
    deliveryStatus: order.deliveryStatus,
    grandTotalOre: order.grandTotalOre,
    refundedOre: order.refundedOre,
    refundableOre: isRefundable(order) ? order.capturedOre - order.refundedOre : 0,
    paymentAttempts: order.paymentAttempts,
    paymentLastError: order.paymentLastError,
  };
}

function toAdminRefund(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    kind: row.kind,
    amountOre: row.amountOre,
    status: row.status,
    lines: row.lines,
    note: row.note,
    failure: row.failure,
    providerRefundId: row.providerRefundId,
    createdByEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

async function findOrderRow(db: Database | Transaction, orderId: string, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new NotFoundError('errors.orders.notFound');
  return order;
}

/**
 * Queues a mail to the order's customer (the account, else the delivery address), with its
 * `mail` event; nothing when the order has no one to mail.
 */
async function mailCustomer(
  tx: Transaction,
  order: OrderRow,
  build: (to: string, name: string) => MailDraft,
): Promise<boolean> {
  const customer = order.userId ? await contactOf(tx, order.userId) : undefined;
  const to = customer?.email ?? order.shippingDetails?.email;
  if (!to) return false;
  const mail = await enqueueMail(
    tx,
    build(to, customer?.name ?? order.shippingDetails?.name ?? ''),
    {
      userId: order.userId,
    },
  );
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'mail',
    detail: { template: mail.kind, subject: mail.subject, to },
  });
  return true;
}

/** A returned line as the provider is told: the units, for what they were paid. */
function returnedPaymentLine(line: OrderLineRow, quantity: number, amountOre: number): PaymentLine {
  const divides = amountOre % quantity === 0;
  return {
    reference: line.productItemId ?? line.id,
    name: divides ? line.productName : `${quantity} × ${line.productName}`,
    quantity: divides ? quantity : 1,
    unitPriceOre: divides ? amountOre / quantity : amountOre,
    vatPercent: line.vatPercent,
    grossTotalOre: amountOre,
  };
}

/**
 * The refund as the provider is told it: each returned line for what it gave back, and the rest
 * split over the VAT rates as paid. The same refund always gives the same lines, so a refund
 * asked again after a crash sends what the first ask sent, under the same idempotency key.
 */
function refundPaymentLines(
  order: OrderRow,
  lines: OrderLineRow[],
  refundLines: readonly RefundLine[],
  otherOre: number,
): PaymentLine[] {
  const paymentLines: PaymentLine[] = [];
  for (const returned of refundLines) {
    const line = lines.find((candidate) => candidate.id === returned.orderLineId);
    if (line && returned.amountOre > 0)
      paymentLines.push(returnedPaymentLine(line, returned.quantity, returned.amountOre));
  }
  if (otherOre > 0)
    for (const share of amountByRate(
      otherOre,
      lines,
      paidLineAmounts(order, lines),
      shippingByRateOf(order),
    ))
      paymentLines.push({
        reference: `refund-vat-${share.vatPercent}`,
        name: `Refund (${share.vatPercent} % VAT)`,
        quantity: 1,
        unitPriceOre: share.amountOre,
        vatPercent: share.vatPercent,
        grossTotalOre: share.amountOre,
      });
  return paymentLines;
}

interface RefundPlan {
  kind: RefundKind;
  lines: { orderLineId: string; quantity: number; restock: boolean }[];
  /** Given back besides the lines. */
  otherOre: number;
  note: string;
  /** A cancellation mails its own message. */
  mail: boolean;
}

interface ReservedRefund {
  order: OrderRow;
  lines: OrderLineRow[];
  refund: RefundRow;
  paymentLines: PaymentLine[];
}

/** The client's `Idempotency-Key` and the hash of the request it came with. */
interface RefundIdempotency {
  key: string;
  requestHash: string;
}

/**
 * The refund an idempotency key made already, if any: the key's one refund that did not fail
 * (the unique index keeps it one). The key stands for the request that made it: sent with
 * another order or body it is refused (422). A refund still waiting for the provider is not
 * answered for (409): its own request is being made and will answer. A failed try made nothing,
 * so it lets the key go, and the dialog that sent it may send it again, changed or not.
 */
async function refundOfKey(
  db: Database | Transaction,
  orderId: string,
  idempotency: RefundIdempotency,
): Promise<RefundRow | undefined> {
  const [live] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.idempotencyKey, idempotency.key), ne(refunds.status, 'failed')));
  if (!live) return undefined;
  if (live.orderId !== orderId || live.requestHash !== idempotency.requestHash)
    throw new UnprocessableError('errors.orderMoney.idempotencyKeyReused');
  if (live.status === 'pending')
    throw new ConflictError('errors.orderMoney.idempotencyKeyInProgress');
  return live;
}

/** A new refund was reserved, or the idempotency key's refund was made before. */
type Reservation =
  { made: false; reserved: ReservedRefund } | { made: true; refund: RefundRow; order: OrderRow };

/**
 * The refund's first transaction: raises the lines' returned quantities and the order's
 * refunded total, each in the statement that checks its limit, and writes the pending refund
 * with its idempotency key. The order's row is locked first, so the refunds of one order take
 * turns: the second request with a key finds the first one's refund, never a refund of its own.
 */
async function reserveRefund(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
  plan: RefundPlan,
  idempotency: RefundIdempotency | undefined,
): Promise<Reservation> {
  return deps.db.transaction(async (tx): Promise<Reservation> => {
    const order = await findOrderRow(tx, orderId, true);
    const earlier = idempotency && (await refundOfKey(tx, orderId, idempotency));
    if (earlier) return { made: true, refund: earlier, order };
    // Goods that never left the shop cannot come back: before that an order is cancelled.
    if (plan.kind === 'return' && !returnDeliveryStatuses.includes(order.deliveryStatus))
      throw new ConflictError(
        order.deliveryStatus === 'CANCELLED'
          ? 'errors.orderMoney.cancelledNotReturnable'
          : 'errors.orderMoney.notReturnable',
        { values: { status: order.deliveryStatus } },
      );
    if (!isRefundable(order))
      throw new ConflictError('errors.orderMoney.notRefundable', {
        values: { status: order.paymentStatus },
      });
    const lines = await linesOfOrder(tx, orderId);
    const paid = paidLineAmounts(order, lines);
    const refundLines: RefundLine[] = [];
    for (const [index, requested] of plan.lines.entries()) {
      const line = lines.find((candidate) => candidate.id === requested.orderLineId);
      if (!line)
        throw new InvalidError('errors.orderMoney.unknownLine', {
          field: `lines.${index}.orderLineId`,
        });
      const [raised] = await tx
        .update(orderLines)
        .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${requested.quantity}` })
        .where(
          and(
            eq(orderLines.id, line.id),
            sql`${orderLines.returnedQuantity} + ${requested.quantity} <= ${orderLines.quantity}`,
          ),
        )
        .returning({ returnedQuantity: orderLines.returnedQuantity });
      if (!raised)
        throw new InvalidError('errors.orderMoney.tooManyReturned', {
          values: { product: line.productName, left: line.quantity - line.returnedQuantity },
          field: `lines.${index}.quantity`,
        });
      const amountOre = returnAmount(
        paid.get(line.id) ?? 0,
        line.quantity,
        raised.returnedQuantity - requested.quantity,
        requested.quantity,
      );
      refundLines.push({
        orderLineId: line.id,
        quantity: requested.quantity,
        amountOre,
        vatPercent: line.vatPercent,
        restock: requested.restock,
      });
    }
    const paymentLines = refundPaymentLines(order, lines, refundLines, plan.otherOre);
    const amountOre = paymentLines.reduce((sum, line) => sum + line.grossTotalOre, 0);
    if (amountOre <= 0)
      throw new InvalidError('errors.orderMoney.nothingToRefund', { field: 'lines' });

    // The guard: the refunded total rises only while it stays within what was captured (issue
    // 32.3: the whole total once charged, the parts shipped so far before that).
    const [raised] = await tx
      .update(orders)
      .set({ refundedOre: sql`${orders.refundedOre} + ${amountOre}`, updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, orderId),
          sql`${orders.refundedOre} + ${amountOre} <= ${orders.capturedOre}`,
        ),
      )
      .returning();
    if (!raised) {
      const now = await findOrderRow(tx, orderId);
      const leftOre = now.capturedOre - now.refundedOre;
      throw isRefundable(now)
        ? new ConflictError('errors.orderMoney.overRefund', {
            values: { ore: leftOre, nok: (leftOre / 100).toFixed(2) },
          })
        : new ConflictError('errors.orderMoney.notRefundable', {
            values: { status: now.paymentStatus },
          });
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: randomUUID(),
        orderId,
        kind: plan.kind,
        amountOre,
        lines: refundLines,
        vatLines: vatByRate(paymentLines),
        status: 'pending',
        note: plan.note,
        actorId: actor.id,
        actorEmail: actor.email,
        idempotencyKey: idempotency?.key ?? null,
        requestHash: idempotency?.requestHash ?? null,
      })
      .returning();
    if (!refund) throw new Error('refund insert returned no row');
    return { made: false, reserved: { order: raised, lines, refund, paymentLines } };
  });
}

/**
 * Reserves the refund; a key another order's request took at the same moment (the unique index
 * had the last word) is answered as that request's key.
 */
async function reserveOrRecall(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
  plan: RefundPlan,
  idempotency: RefundIdempotency | undefined,
): Promise<Reservation> {
  try {
    return await reserveRefund(deps, actor, orderId, plan, idempotency);
  } catch (error) {
    if (!idempotency || !isUniqueViolation(error)) throw error;
    const earlier = await refundOfKey(deps.db, orderId, idempotency);
    if (!earlier) throw error;
    return { made: true, refund: earlier, order: await findOrderRow(deps.db, orderId) };
  }
}

/**
 * What the order's earlier refunds took, pending ones included: the same each time this refund
 * is asked for again, so a provider that splits it over captures splits it the same way.
 */
async function refundedBefore(db: Database, refund: RefundRow): Promise<number> {
  const [earlier] = await db
    .select({ ore: sql<number>`coalesce(sum(${refunds.amountOre}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, refund.orderId),
        ne(refunds.status, 'failed'),
        ne(refunds.id, refund.id),
        sql`(${refunds.createdAt}, ${refunds.id}) < (${refund.createdAt.toISOString()}::timestamptz, ${refund.id}::uuid)`,
      ),
    );
  return earlier?.ore ?? 0;
}

/**
 * The provider refused or failed: the refund is marked failed and everything it raised goes
 * back. False when it was completed meanwhile (the sweep asked again and got it).
 */
async function undoRefund(
  deps: OrderMoneyDeps,
  actor: Actor,
  reserved: ReservedRefund,
  reason: string,
): Promise<boolean> {
  const { refund } = reserved;
  return deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', failure: reason })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (!failed) return false;
    const order = await findOrderRow(tx, refund.orderId, true);
    await tx
      .update(orders)
      .set({
        refundedOre: order.refundedOre - refund.amountOre,
        // Another refund may have completed the total meanwhile; without this one it is not.
        paymentStatus: paymentAfterFailedRefund(order.paymentStatus),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, refund.orderId));
    for (const line of refund.lines)
      await tx
        .update(orderLines)
        .set({ returnedQuantity: sql`${orderLines.returnedQuantity} - ${line.quantity}` })
        .where(eq(orderLines.id, line.orderLineId));
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      kind: 'refund_failed',
      detail: { refundId: refund.id, kind: refund.kind, amountOre: refund.amountOre, reason },
      actor,
    });
    return true;
  });
}

/** The provider gave the money back: the refund completes, the goods go back to stock. */
async function completeRefund(
  deps: OrderMoneyDeps,
  actor: Actor,
  reserved: ReservedRefund,
  plan: RefundPlan,
  providerRefundId: string,
): Promise<{ refund: RefundRow; order: OrderRow; mailQueued: boolean }> {
  const { refund, lines } = reserved;
  return deps.db.transaction(async (tx) => {
    // Only a pending refund completes: the sweep and a slow answer may both get here.
    const [completed] = await tx
      .update(refunds)
      .set({ status: 'completed', providerRefundId, completedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!completed) {
      const [settled] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
      if (!settled) throw new Error(`refund ${refund.id} vanished`);
      return { refund: settled, order: reserved.order, mailQueued: false };
    }
    const locked = await findOrderRow(tx, refund.orderId, true);
    const [order] = await tx
      .update(orders)
      .set({
        // A part's refund before the rest is captured leaves the rest reserved (issue 32.3); the
        // last capture then counts the refunds (`paymentAfterCapture`).
        paymentStatus: unsettledPaymentStatuses.includes(locked.paymentStatus)
          ? locked.paymentStatus
          : paymentAfterRefund(locked.refundedOre, locked.grandTotalOre),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, refund.orderId))
      .returning();
    if (!order) throw new Error(`the order of refund ${refund.id} vanished`);
    const lineOf = (id: string) => lines.find((line) => line.id === id);
    const back = refund.lines.flatMap((returned) => {
      const itemId = lineOf(returned.orderLineId)?.productItemId;
      return returned.restock && itemId ? [{ itemId, qty: returned.quantity }] : [];
    });
    await restock(tx, back, { reason: 'return', orderId: order.id, actor, note: refund.note });
    if (refund.lines.length > 0)
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'returned',
        detail: {
          refundId: refund.id,
          lines: refund.lines.map((returned) => ({
            orderLineId: returned.orderLineId,
            name: lineOf(returned.orderLineId)?.productName ?? '',
            quantity: returned.quantity,
            restock: returned.restock,
          })),
        },
        actor,
      });
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'refund',
      detail: {
        refundId: refund.id,
        kind: refund.kind,
        amountOre: refund.amountOre,
        lines: refund.lines,
        note: refund.note,
      },
      actor,
    });
    await recordAudit(tx, {
      actor,
      action: 'refund',
      entity: 'order',
      entityId: order.id,
      changes: {
        refundedOre: { from: order.refundedOre - refund.amountOre, to: order.refundedOre },
      },
    });
    const linesTotal = refund.lines.reduce((sum, line) => sum + line.amountOre, 0);
    const mailQueued =
      plan.mail &&
      (await mailCustomer(tx, order, (to, name) =>
        orderRefundedMail({
          locale: order.locale,
          to,
          name,
          publicUrl: deps.publicUrl,
          orderNumber: order.number,
          lines: refund.lines.map((returned) => ({
            name: lineOf(returned.orderLineId)?.productName ?? '',
            variants: lineOf(returned.orderLineId)?.variants ?? {},
            quantity: returned.quantity,
            amountOre: returned.amountOre,
          })),
          otherOre: refund.amountOre - linesTotal,
          amountOre: refund.amountOre,
          paidWith: paidWithOf(order),
        }),
      ));
    return { refund: completed, order, mailQueued };
  });
}

/**
 * Reserve, ask the provider outside any transaction, then complete or undo. With an idempotency
 * key made before, the refund it made is answered, with the order as it stands now.
 */
async function makeRefund(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
  plan: RefundPlan,
  idempotency?: RefundIdempotency,
): Promise<{ refund: AdminRefund; order: OrderMoneyState }> {
  const reservation = await reserveOrRecall(deps, actor, orderId, plan, idempotency);
  if (reservation.made)
    return { refund: toAdminRefund(reservation.refund), order: toMoneyState(reservation.order) };
  const { reserved } = reservation;
  const { refund, order } = reserved;
  let providerRefundId: string;
  try {
    // Back through the provider the order was paid with (issue 32.6).
    ({ refundId: providerRefundId } = await providerOf(deps, order.paymentProvider).refund(
      order.paymentId,
      refund.amountOre,
      reserved.paymentLines,
      refundIdempotencyKey(refund.id),
      await refundedBefore(deps.db, refund),
    ));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    deps.log.error({ orderId, refundId: refund.id, reason }, 'the provider did not make a refund');
    // Part of it was paid out: it stays pending, and the sweep asks for the rest.
    if (error instanceof RefundIncompleteError)
      throw new ProviderUnavailableError('errors.orderMoney.refundResumes');
    if (await undoRefund(deps, actor, reserved, reason))
      throw new ProviderUnavailableError('errors.orderMoney.providerRefundFailed');
    const [settled] = await deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    const now = await findOrderRow(deps.db, orderId);
    if (!settled) throw new Error(`refund ${refund.id} vanished`);
    return { refund: toAdminRefund(settled), order: toMoneyState(now) };
  }
  const completed = await completeRefund(deps, actor, reserved, plan, providerRefundId);
  if (completed.mailQueued) deps.mailQueued();
  return { refund: toAdminRefund(completed.refund), order: toMoneyState(completed.order) };
}

type RefundInput = Omit<RefundRequest, 'lines' | 'note'> & {
  lines: { orderLineId: string; quantity: number; restock: boolean }[];
  note: string;
};

/** The request as its idempotency key is held to: every field, in a fixed order. */
const requestHashOf = (input: RefundInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.kind,
        input.lines.map((line) => [line.orderLineId, line.quantity, line.restock]),
        input.amountOre ?? null,
        input.note,
      ]),
    )
    .digest('hex');

/**
 * `POST /api/admin/orders/:id/refunds`: a return refunds the lines sent back at what they were
 * paid, never the shipping (spec §9), and may put them back in stock, once the goods have left
 * the shop (409 before); a goodwill refund gives back an amount. 409 beyond what is left to
 * refund; 502, with nothing changed, when the provider does not make it. With an idempotency
 * key, the same key again answers the refund it made (see `refundOfKey`).
 */
export async function refundOrder(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
  input: RefundInput,
  idempotencyKey?: string,
): Promise<{ refund: AdminRefund; order: OrderMoneyState }> {
  return makeRefund(
    deps,
    actor,
    orderId,
    {
      kind: input.kind,
      lines: input.lines,
      otherOre: input.amountOre ?? 0,
      note: input.note,
      mail: true,
    },
    idempotencyKey === undefined
      ? undefined
      : { key: idempotencyKey, requestHash: requestHashOf(input) },
  );
}

/**
 * `POST /api/admin/orders/:id/cancel`, until the goods leave the shop: a reserved payment is
 * released, a charged one refunded (what is left of it); every unit not returned goes back to
 * stock; the customer is mailed. When the provider fails, nothing is changed.
 */
export async function cancelOrder(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
  input: { reason: string },
): Promise<{ order: OrderMoneyState; refund: AdminRefund | null }> {
  const { db } = deps;
  const before = await findOrderRow(db, orderId);
  const provider = providerOf(deps, before.paymentProvider);
  if (!canMoveDelivery(before.deliveryStatus, 'CANCELLED', before.storePickup))
    throw new ConflictError('errors.orderMoney.notCancellable', {
      values: { status: before.deliveryStatus },
    });
  await refuseAfterPart(db, orderId);

  let paymentStatus = before.paymentStatus;
  if (unsettledPaymentStatuses.includes(paymentStatus)) {
    try {
      await provider.cancel(before.paymentId, before.grandTotalOre, `cancel-order-${orderId}`);
    } catch (error) {
      const payment = await provider.getPayment(before.paymentId).catch(() => undefined);
      if (!payment || providerPaymentMeaning[payment.status] !== 'record') {
        deps.log.error(
          { err: error, orderId },
          'releasing the payment of a cancelled order failed',
        );
        throw new ProviderUnavailableError('errors.orderMoney.providerCancelFailed');
      }
      // The charge got there first: the money is given back instead.
      await db
        .update(orders)
        .set({
          paymentStatus: 'CHARGED',
          paymentLastError: null,
          chargedAt: new Date(),
          capturedOre: before.grandTotalOre,
        })
        .where(
          and(
            eq(orders.id, orderId),
            inArray(orders.paymentStatus, paymentStatusesBefore('CHARGED')),
          ),
        );
      paymentStatus = 'CHARGED';
    }
  }
  // Refunded before the goods are restocked: a refund the provider refuses leaves the order as it was.
  const leftOre = before.grandTotalOre - before.refundedOre;
  const refund =
    refundablePaymentStatuses.includes(paymentStatus) && leftOre > 0
      ? (
          await makeRefund(deps, actor, orderId, {
            kind: 'cancellation',
            lines: [],
            otherOre: leftOre,
            note: input.reason,
            mail: false,
          })
        ).refund
      : null;

  const { order, mailQueued } = await db.transaction(async (tx) => {
    const locked = await findOrderRow(tx, orderId, true);
    if (!canMoveDelivery(locked.deliveryStatus, 'CANCELLED', locked.storePickup))
      throw new ConflictError('errors.orderMoney.notCancellable', {
        values: { status: locked.deliveryStatus },
      });
    await refuseAfterPart(tx, orderId);
    const [cancelled] = await tx
      .update(orders)
      .set({
        deliveryStatus: 'CANCELLED',
        paymentStatus: paymentOnCancel(locked.paymentStatus),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!cancelled) throw new Error(`order ${orderId} vanished`);
    const lines = await linesOfOrder(tx, orderId);
    await restock(
      tx,
      lines.flatMap((line) =>
        line.productItemId
          ? [{ itemId: line.productItemId, qty: line.quantity - line.returnedQuantity }]
          : [],
      ),
      { reason: 'cancellation', orderId, actor, note: input.reason },
    );
    await recordOrderEvent(tx, {
      orderId,
      kind: 'cancelled',
      detail: {
        reason: input.reason,
        from: locked.deliveryStatus,
        payment: refund ? 'refunded' : 'released',
        ...(refund ? { refundId: refund.id, amountOre: refund.amountOre } : {}),
      },
      actor,
    });
    await recordAudit(tx, {
      actor,
      action: 'cancel',
      entity: 'order',
      entityId: orderId,
      changes: {
        deliveryStatus: { from: locked.deliveryStatus, to: cancelled.deliveryStatus },
        paymentStatus: { from: locked.paymentStatus, to: cancelled.paymentStatus },
      },
    });
    const mailed = await mailCustomer(tx, cancelled, (to, name) =>
      orderCancelledMail({
        locale: cancelled.locale,
        to,
        name,
        publicUrl: deps.publicUrl,
        orderNumber: cancelled.number,
        lines: lines.map((line) => ({
          name: line.productName,
          variants: line.variants,
          quantity: line.quantity,
          unitPriceOre: line.unitPriceOre,
        })),
        refundedOre: refund?.amountOre ?? 0,
        paidWith: paidWithOf(cancelled),
      }),
    );
    return { order: cancelled, mailQueued: mailed };
  });
  if (mailQueued) deps.mailQueued();
  return { order: toMoneyState(order), refund };
}

/**
 * An order part of which has shipped is not cancelled (issue 32.3): its goods are out and its
 * part captured, and Nets cannot release the rest of a payment it has charged from. The shop
 * ships the rest, or refunds what the customer should get back (docs/decisions.md).
 */
async function refuseAfterPart(db: Database | Transaction, orderId: string): Promise<void> {
  const [part] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .limit(1);
  if (part)
    throw new ConflictError('errors.untranslated', {
      values: { message: adminOrderMessages.cancelAfterPart },
    });
}

/**
 * `POST /api/admin/orders/:id/retry-charge`: a failed charge is tried again now, also after the
 * automatic tries ran out (they start counting again); the background retry stays as it is.
 */
export async function retryCharge(
  deps: OrderMoneyDeps,
  actor: Actor,
  orderId: string,
): Promise<{ order: OrderMoneyState }> {
  const { db } = deps;
  const reset = await db.transaction(async (tx) => {
    const [due] = await tx
      .update(orders)
      .set({ paymentAttempts: 0, paymentNextAttemptAt: sql`now()`, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'CHARGE_FAILED')))
      .returning({ attempts: orders.paymentAttempts });
    if (due)
      await recordAudit(tx, { actor, action: 'retry-charge', entity: 'order', entityId: orderId });
    return due;
  });
  if (!reset) {
    const order = await findOrderRow(db, orderId);
    throw new ConflictError('errors.orderMoney.notChargeFailed', {
      values: { status: order.paymentStatus },
    });
  }
  await settleOrderPayment(deps, orderId);
  return { order: toMoneyState(await findOrderRow(db, orderId)) };
}

/** How long a refund may wait for the provider's answer before the sweep asks again. */
const refundStaleSeconds = 120;

/**
 * Refunds left pending by a crash between asking the provider and storing its answer: each is
 * asked again with the same lines and idempotency key, so the provider makes it at most once,
 * and completes as it would have. A provider that still does not answer leaves it pending for
 * the next round; the money it holds stays reserved on the order meanwhile.
 */
export async function resumePendingRefunds(deps: OrderMoneyDeps): Promise<number> {
  const stale = await deps.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, sql`now() - make_interval(secs => ${refundStaleSeconds})`),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  let completed = 0;
  for (const refund of stale) if (await resumeRefund(deps, refund)) completed += 1;
  return completed;
}

async function resumeRefund(deps: OrderMoneyDeps, refund: RefundRow): Promise<boolean> {
  const { db, log } = deps;
  if (!refund.actorId) {
    // Whoever made it was deleted since: the audit needs a person, so an owner finishes it.
    log.error({ refundId: refund.id }, 'a pending refund has no staff member left to book it');
    return false;
  }
  const order = await findOrderRow(db, refund.orderId);
  const lines = await linesOfOrder(db, refund.orderId);
  const otherOre = refund.amountOre - refund.lines.reduce((sum, line) => sum + line.amountOre, 0);
  const reserved: ReservedRefund = {
    order,
    lines,
    refund,
    paymentLines: refundPaymentLines(order, lines, refund.lines, otherOre),
  };
  let providerRefundId: string;
  try {
    // Back through the provider the order was paid with (issue 32.6).
    ({ refundId: providerRefundId } = await providerOf(deps, order.paymentProvider).refund(
      order.paymentId,
      refund.amountOre,
      reserved.paymentLines,
      refundIdempotencyKey(refund.id),
      await refundedBefore(db, refund),
    ));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ refundId: refund.id, reason }, 'a pending refund is still not answered');
    return false;
  }
  const actor = { id: refund.actorId, email: refund.actorEmail };
  const plan: RefundPlan = {
    kind: refund.kind,
    lines: refund.lines,
    otherOre,
    note: refund.note,
    mail: refund.kind !== 'cancellation',
  };
  const done = await completeRefund(deps, actor, reserved, plan, providerRefundId);
  if (done.mailQueued) deps.mailQueued();
  log.info({ refundId: refund.id, orderId: order.id }, 'a pending refund was completed');
  return true;
}
