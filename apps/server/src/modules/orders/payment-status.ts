import { paidPaymentStatuses, type OrderPaymentStatus } from '@shop/shared';
import type { PaymentStatus } from '../payments/index.js';

/**
 * Where an order's payment may go from each state, beside the delivery's (`delivery-status.ts`).
 * An order is stored on a reserved payment (AUTHORISED); the charge makes it CHARGED, or
 * CHARGE_FAILED to be tried again; a reservation given back before any charge is CANCELLED.
 * Refunds make a paid payment PARTLY_REFUNDED, then REFUNDED once all of it is given back; a
 * refund the provider refuses gives back what it had counted, so REFUNDED may step back.
 */
const transitions: Record<OrderPaymentStatus, readonly OrderPaymentStatus[]> = {
  AUTHORISED: ['CHARGED', 'CHARGE_FAILED', 'CANCELLED'],
  CHARGE_FAILED: ['CHARGED', 'CHARGE_FAILED', 'CANCELLED'],
  CHARGED: ['PARTLY_REFUNDED', 'REFUNDED'],
  PARTLY_REFUNDED: ['PARTLY_REFUNDED', 'REFUNDED'],
  REFUNDED: ['PARTLY_REFUNDED'],
  CANCELLED: [],
};

export function canMovePayment(from: OrderPaymentStatus, to: OrderPaymentStatus): boolean {
  return transitions[from].includes(to);
}

/** The states a payment may reach `to` from: the guard of an update that moves it there. */
export function paymentStatusesBefore(to: OrderPaymentStatus): OrderPaymentStatus[] {
  return (Object.keys(transitions) as OrderPaymentStatus[]).filter((from) =>
    canMovePayment(from, to),
  );
}

/** Reserved and not charged yet: the settling charges it, a cancellation releases it. */
export const unsettledPaymentStatuses = paymentStatusesBefore('CHARGED');

/** The money is in, and what is left of it can be given back. */
export const refundablePaymentStatuses = paidPaymentStatuses;

/** A cancelled order's payment: a reservation is released; money taken stays to be refunded. */
export const paymentOnCancel = (status: OrderPaymentStatus): OrderPaymentStatus =>
  canMovePayment(status, 'CANCELLED') ? 'CANCELLED' : status;

/** After a refund completes: REFUNDED once the refunds reach the total, else PARTLY_REFUNDED. */
export const paymentAfterRefund = (refundedOre: number, totalOre: number): OrderPaymentStatus =>
  refundedOre >= totalOre ? 'REFUNDED' : 'PARTLY_REFUNDED';

/** After a refund fails: the total it completed (if it did) is no longer given back. */
export const paymentAfterFailedRefund = (status: OrderPaymentStatus): OrderPaymentStatus =>
  status === 'REFUNDED' ? 'PARTLY_REFUNDED' : status;

/**
 * What the provider's word for a payment means to an unsettled order: `charge` a reservation,
 * `record` a charge already made (an earlier try whose answer was lost), `fail` anything else.
 */
export const providerPaymentMeaning: Record<PaymentStatus, 'charge' | 'record' | 'fail'> = {
  reserved: 'charge',
  charged: 'record',
  pending: 'fail',
  cancelled: 'fail',
  declined: 'fail',
};
