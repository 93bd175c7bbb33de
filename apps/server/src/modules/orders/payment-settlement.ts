import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ServiceLogger } from '../../service-logger.js';
import { recordOrderEvent } from './order-events.js';
import { everyProvider, providerOf, type PaymentProviderDeps } from './payment-providers.js';
import { providerPaymentMeaning, unsettledPaymentStatuses } from './payment-status.js';
import { orders, type OrderPaymentStatus } from './orders.tables.js';

/**
 * Taking the money of an order: the order is stored on a reserved payment, and the charge
 * follows. The shopper's request charges right after storing the order, but a process can die
 * in between or the provider can fail, so the same settling also runs when the order is asked
 * for again, when the provider's webhook arrives, and in a sweep at start and every few minutes.
 * The charge always goes with the idempotency key `charge-<order id>`, so however many of these
 * meet, the provider takes the money once.
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

  const record = async (status: OrderPaymentStatus, lastError: string | null) => {
    await db.transaction(async (tx) => {
      const recorded = await tx
        .update(orders)
        .set({
          paymentStatus: status,
          paymentLastError: lastError,
          updatedAt: new Date(),
          ...(status === 'CHARGED'
            ? { chargedAt: new Date() }
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
