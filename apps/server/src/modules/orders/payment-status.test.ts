import { orderPaymentStatuses } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  canMovePayment,
  isRefundable,
  paymentAfterCapture,
  paymentAfterFailedRefund,
  paymentAfterRefund,
  paymentOnCancel,
  paymentStatusesBefore,
  providerPaymentMeaning,
  refundablePaymentStatuses,
  unsettledPaymentStatuses,
} from './payment-status.js';

// Issue 30.5: one state machine moves every payment, beside the delivery's.
describe('the payment state machine', () => {
  it('charges a reservation once, releases only what was never charged, and ends a cancellation', () => {
    expect(unsettledPaymentStatuses).toEqual(['AUTHORISED', 'CHARGE_FAILED']);
    expect(paymentStatusesBefore('CANCELLED')).toEqual(['AUTHORISED', 'CHARGE_FAILED']);
    expect(canMovePayment('CHARGED', 'CHARGED')).toBe(false);
    expect(canMovePayment('CHARGED', 'CANCELLED')).toBe(false);
    for (const to of orderPaymentStatuses) expect(canMovePayment('CANCELLED', to)).toBe(false);
  });

  it('refunds only what was paid, and steps back from REFUNDED when a refund fails', () => {
    expect(refundablePaymentStatuses).toEqual(['CHARGED', 'PARTLY_REFUNDED']);
    expect(paymentStatusesBefore('REFUNDED')).toEqual([
      'AUTHORISED',
      'CHARGE_FAILED',
      'CHARGED',
      'PARTLY_REFUNDED',
    ]);
    expect(paymentAfterRefund(5_000, 43_700)).toBe('PARTLY_REFUNDED');
    expect(paymentAfterRefund(43_700, 43_700)).toBe('REFUNDED');
    expect(paymentAfterFailedRefund('REFUNDED')).toBe('PARTLY_REFUNDED');
    expect(paymentAfterFailedRefund('PARTLY_REFUNDED')).toBe('PARTLY_REFUNDED');
    expect(canMovePayment(paymentAfterFailedRefund('REFUNDED'), 'REFUNDED')).toBe(true);
  });

  it('a payment captured in parts stays reserved for the rest, and counts its refunds at the last capture (issue 32.3)', () => {
    const order = { grandTotalOre: 43_700, refundedOre: 0 };
    expect(paymentAfterCapture({ ...order, capturedOre: 20_000 })).toBe('AUTHORISED');
    expect(paymentAfterCapture({ ...order, capturedOre: 43_700 })).toBe('CHARGED');
    expect(paymentAfterCapture({ ...order, capturedOre: 43_700, refundedOre: 5_000 })).toBe(
      'PARTLY_REFUNDED',
    );
    expect(canMovePayment('CHARGE_FAILED', 'AUTHORISED')).toBe(true);
    expect(isRefundable({ paymentStatus: 'AUTHORISED', capturedOre: 0 })).toBe(false);
    expect(isRefundable({ paymentStatus: 'AUTHORISED', capturedOre: 20_000 })).toBe(true);
    expect(isRefundable({ paymentStatus: 'CHARGED', capturedOre: 43_700 })).toBe(true);
  });

  it('a cancellation releases a reservation and leaves money taken to its refund', () => {
    expect(paymentOnCancel('AUTHORISED')).toBe('CANCELLED');
    expect(paymentOnCancel('CHARGE_FAILED')).toBe('CANCELLED');
    expect(paymentOnCancel('CHARGED')).toBe('CHARGED');
    expect(paymentOnCancel('REFUNDED')).toBe('REFUNDED');
  });

  it("names what each of the provider's words means to an order still to be charged", () => {
    expect(providerPaymentMeaning).toEqual({
      reserved: 'charge',
      charged: 'record',
      pending: 'fail',
      cancelled: 'fail',
      declined: 'fail',
    });
  });
});
