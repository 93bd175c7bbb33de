import { paidPaymentStatuses, type OrderPaymentStatus } from '@shop/shared';
import type { PaymentStatus } from '../payments/index.js';

/**
 * Where an order's payment may go from each state, beside the delivery's (`delivery-status.ts`).
 * An order is stored on a reserved payment (AUTHORISED); the charge makes it CHARGED, or
 * CHARGE_FAILED to be tried again; a reservation given back before any charge is CANCELLED.
 * Refunds make a paid payment PARTLY_REFUNDED, then REFUNDED once all of it is given back; a
 * refund the provider refuses gives back what it had counted, so REFUNDED may step back.
 * A home delivery shipped in parts (issue 32.3) stays AUTHORISED while the rest is reserved,
 * back from CHARGE_FAILED once a failed part is captured; what its parts captured may be
 * refunded meanwhile, so its last capture may find it partly or wholly refunded already.
 */
const transitions: Record<OrderPaymentStatus, readonly OrderPaymentStatus[]> = {
  AUTHORISED: ['CHARGED', 'CHARGE_FAILED', 'CANCELLED', 'PARTLY_REFUNDED', 'REFUNDED'],
  CHARGE_FAILED: [
    'CHARGED',
    'CHARGE_FAILED',
    'CANCELLED',
    'AUTHORISED',
    'PARTLY_REFUNDED',
    'REFUNDED',
  ],
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

/**
 * Whether money of the order can be given back: a paid one, or one shipped in parts whose parts
 * captured some (issue 32.3). Refunds never go beyond what was captured (`capturedOre`).
 */
export const isRefundable = (order: {
  paymentStatus: OrderPaymentStatus;
  capturedOre: number;
}): boolean =>
  refundablePaymentStatuses.includes(order.paymentStatus) ||
  (unsettledPaymentStatuses.includes(order.paymentStatus) && order.capturedOre > 0);

/**
 * After a capture: CHARGED once all is captured (PARTLY_REFUNDED or REFUNDED when parts were
 * refunded before the last one), else AUTHORISED, the rest still reserved for its shipment.
 */
export const paymentAfterCapture = (order: {
  capturedOre: number;
  refundedOre: number;
  grandTotalOre: number;
}): OrderPaymentStatus =>
  order.capturedOre < order.grandTotalOre
    ? 'AUTHORISED'
    : order.refundedOre > 0
      ? paymentAfterRefund(order.refundedOre, order.grandTotalOre)
      : 'CHARGED';

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
