import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ServiceLogger } from '../../service-logger.js';
import { recordOrderEvent } from './order-events.js';
import { everyProvider, providerOf, type PaymentProviderDeps } from './payment-providers.js';
import {
  paymentAfterCapture,
  providerPaymentMeaning,
  unsettledPaymentStatuses,
} from './payment-status.js';
import { orderShipments, orders, type OrderPaymentStatus } from './orders.tables.js';

/**
 * Taking the money of an order: the order is stored on a reserved payment, and the charge
 * follows. The shopper's request charges right after storing the order, but a process can die
 * in between or the provider can fail, so the same settling also runs when the order is asked
 * for again, when the provider's webhook arrives, and in a sweep at start and every few minutes.
 * The charge always goes with the idempotency key `charge-<order id>`, so however many of these
 * meet, the provider takes the money once. A home delivery shipped in parts (issue 32.3) is
 * captured part by part instead, each part under its own key `charge-<order id>-<shipment id>`,
 * by the same settling with the same retries.
 */

export interface SettlementDeps extends PaymentProviderDeps {
  db: Database;
  log: ServiceLogger;
}

/** A charge in progress is left alone this long by the other processes. */
const chargeLeaseSeconds = 2 * 60;
/** After this many failed tries the order waits for the shop owner. */
export const maxChargeAttempts = 10;

/** The wait after `attempts` failed tries: 1 min, 2 min, 4 min... at most 6 h. */
export function chargeRetryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60);
}

export const chargeIdempotencyKey = (orderId: string) => `charge-${orderId}`;
export const partChargeIdempotencyKey = (orderId: string, shipmentId: string) =>
  `charge-${orderId}-${shipmentId}`;

const seconds = (value: number) => sql`now() + make_interval(secs => ${value})`;

/**
 * Charges the order's payment if it is still only reserved and nobody else is charging it now.
 * The provider is asked first: a payment already charged (by an earlier try whose answer was
 * lost) is recorded as CHARGED without a second charge. Never throws: a failure is recorded on
 * the order and tried again later.
 */
export async function settleOrderPayment(
  deps: SettlementDeps,
  orderId: string,
): Promise<OrderPaymentStatus | undefined> {
  const { db, log } = deps;
  const providerNames = everyProvider(deps).map((provider) => provider.name);
  const [claimed] = await db
    .update(orders)
    .set({
      paymentAttempts: sql`${orders.paymentAttempts} + 1`,
      paymentNextAttemptAt: seconds(chargeLeaseSeconds),
    })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.paymentProvider, providerNames),
        inArray(orders.paymentStatus, unsettledPaymentStatuses),
        lte(orders.paymentNextAttemptAt, sql`now()`),
        lt(orders.paymentAttempts, maxChargeAttempts),
      ),
    )
    .returning({
      provider: orders.paymentProvider,
      paymentId: orders.paymentId,
      amountOre: orders.grandTotalOre,
      attempts: orders.paymentAttempts,
    });
  if (!claimed) return undefined;
  // Read after the claim: a part written before it is seen here (the claim waited for its lock).
  const parts = await db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id));
  if (parts.length > 0) return captureParts(deps, orderId, claimed, parts);

  const record = async (status: OrderPaymentStatus, lastError: string | null) => {
    await db.transaction(async (tx) => {
      const recorded = await tx
        .update(orders)
        .set({
          paymentStatus: status,
          paymentLastError: lastError,
          updatedAt: new Date(),
          ...(status === 'CHARGED'
            ? { chargedAt: new Date(), capturedOre: claimed.amountOre }
            : { paymentNextAttemptAt: seconds(chargeRetryDelaySeconds(claimed.attempts)) }),
        })
        .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, unsettledPaymentStatuses)))
        .returning({ id: orders.id });
      if (recorded.length > 0)
        await recordOrderEvent(tx, {
          orderId,
          ...(status === 'CHARGED'
            ? { kind: 'charged', detail: { amountOre: claimed.amountOre } }
            : { kind: 'charge_failed', detail: { attempts: claimed.attempts, reason: lastError } }),
        });
    });
    return status;
  };

  try {
    const provider = providerOf(deps, claimed.provider);
    const payment = await provider.getPayment(claimed.paymentId);
    const meaning = payment ? providerPaymentMeaning[payment.status] : 'fail';
    if (meaning === 'charge')
      await provider.charge(claimed.paymentId, claimed.amountOre, chargeIdempotencyKey(orderId));
    else if (meaning === 'fail')
      throw new Error(`the payment is ${payment?.status ?? 'unknown to the provider'}`);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    log.error(
      { orderId, attempts: claimed.attempts, reason },
      claimed.attempts >= maxChargeAttempts
        ? 'charging the payment failed for good'
        : 'charging the payment failed, will retry',
    );
    return record('CHARGE_FAILED', reason);
  }
  log.info({ orderId }, 'payment charged');
  return record('CHARGED', null);
}

interface Claimed {
  provider: string;
  paymentId: string;
  attempts: number;
}

/**
 * Captures the parts of an order shipped in parts that the provider has not taken yet, oldest
 * first, each under its own key, so a part asked again after a lost answer is taken once. Each
 * part is recorded as it is captured; a failure stops there and leaves the order CHARGE_FAILED,
 * due again after the back-off. The order is then CHARGED once all of it is captured, or back to
 * AUTHORISED for the parts still to ship. A part written meanwhile (its settling found this one's
 * lease) is captured before this returns.
 */
async function captureParts(
  deps: SettlementDeps,
  orderId: string,
  claimed: Claimed,
  parts: (typeof orderShipments.$inferSelect)[],
): Promise<OrderPaymentStatus | undefined> {
  const { db, log } = deps;
  for (const part of parts.filter((candidate) => candidate.capturedAt === null)) {
    try {
      if (part.amountOre > 0)
        await providerOf(deps, claimed.provider).charge(
          claimed.paymentId,
          part.amountOre,
          partChargeIdempotencyKey(orderId, part.id),
        );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      log.error(
        { orderId, shipmentId: part.id, attempts: claimed.attempts, reason },
        claimed.attempts >= maxChargeAttempts
          ? 'capturing a shipped part failed for good'
          : 'capturing a shipped part failed, will retry',
      );
      await db.transaction(async (tx) => {
        const failed = await tx
          .update(orders)
          .set({
            paymentStatus: 'CHARGE_FAILED',
            paymentLastError: reason,
            paymentNextAttemptAt: seconds(chargeRetryDelaySeconds(claimed.attempts)),
            updatedAt: new Date(),
          })
          .where(
            and(eq(orders.id, orderId), inArray(orders.paymentStatus, unsettledPaymentStatuses)),
          )
          .returning({ id: orders.id });
        if (failed.length > 0)
          await recordOrderEvent(tx, {
            orderId,
            kind: 'charge_failed',
            detail: { attempts: claimed.attempts, reason, shipmentId: part.id },
          });
      });
      return 'CHARGE_FAILED';
    }
    await db.transaction(async (tx) => {
      const [captured] = await tx
        .update(orderShipments)
        .set({ capturedAt: new Date() })
        .where(and(eq(orderShipments.id, part.id), isNull(orderShipments.capturedAt)))
        .returning({ id: orderShipments.id });
      if (!captured) return;
      await tx
        .update(orders)
        .set({ capturedOre: sql`${orders.capturedOre} + ${part.amountOre}`, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      if (part.amountOre > 0)
        await recordOrderEvent(tx, {
          orderId,
          kind: 'charged',
          detail: { amountOre: part.amountOre, shipmentId: part.id },
        });
    });
    log.info({ orderId, shipmentId: part.id }, 'shipped part captured');
  }
  const settled = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !unsettledPaymentStatuses.includes(order.paymentStatus)) return undefined;
    const [waiting] = await tx
      .select({ id: orderShipments.id })
      .from(orderShipments)
      .where(and(eq(orderShipments.orderId, orderId), isNull(orderShipments.capturedAt)))
      .limit(1);
    const status = paymentAfterCapture(order);
    await tx
      .update(orders)
      .set({
        paymentStatus: status,
        paymentLastError: null,
        updatedAt: new Date(),
        ...(status === 'AUTHORISED'
          ? // The rest waits for its shipment, with every try of its own; a part written
            // meanwhile is due now.
            { paymentAttempts: 0, paymentNextAttemptAt: waiting ? sql`now()` : null }
          : { chargedAt: new Date() }),
      })
      .where(eq(orders.id, orderId));
    return { status, again: status === 'AUTHORISED' && waiting !== undefined };
  });
  if (!settled) return undefined;
  if (settled.again) return settleOrderPayment(deps, orderId);
  return settled.status;
}

/** Settles every order whose payment is due to be charged; resolves to how many were tried. */
export async function settleDuePayments(deps: SettlementDeps): Promise<number> {
  let tried = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.paymentStatus, unsettledPaymentStatuses),
          inArray(
            orders.paymentProvider,
            everyProvider(deps).map((provider) => provider.name),
          ),
          lte(orders.paymentNextAttemptAt, sql`now()`),
          lt(orders.paymentAttempts, maxChargeAttempts),
        ),
      )
      .orderBy(asc(orders.paymentNextAttemptAt))
      .limit(50);
    if (due.length === 0) return tried;
    // Each order is claimed or skipped and then moves out of the due ones, so this ends.
    for (const { id } of due) await settleOrderPayment(deps, id);
    tried += due.length;
  }
}
