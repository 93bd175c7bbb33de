import { describe, expect, it } from 'vitest';
import type { VippsPayment } from './vipps-api.js';
import { vippsPaymentStatus, vippsPhoneNumber } from './vipps-provider.js';

// Issue 32.1: what Vipps' payment states and sums mean to the shop, and the phone Vipps is sent.

const nok = (value: number) => ({ currency: 'NOK' as const, value });

function payment(
  state: VippsPayment['state'],
  sums: { authorized?: number; captured?: number; cancelled?: number; refunded?: number } = {},
): VippsPayment {
  return {
    reference: 'checkout-0001',
    pspReference: 'psp-1',
    state,
    amount: nok(10_000),
    aggregate: {
      authorizedAmount: nok(sums.authorized ?? 0),
      capturedAmount: nok(sums.captured ?? 0),
      cancelledAmount: nok(sums.cancelled ?? 0),
      refundedAmount: nok(sums.refunded ?? 0),
    },
    paymentMethod: { type: 'WALLET' },
    profile: {},
  };
}

describe('Vipps payment states (issue 32.1)', () => {
  it('is pending until approved, reserved once authorised, charged once anything is captured', () => {
    expect(vippsPaymentStatus(payment('CREATED'))).toBe('pending');
    expect(vippsPaymentStatus(payment('AUTHORIZED', { authorized: 10_000 }))).toBe('reserved');
    expect(vippsPaymentStatus(payment('AUTHORIZED', { authorized: 10_000, captured: 4_000 }))).toBe(
      'charged',
    );
  });

  it('is declined when the shopper rejected or let it expire, cancelled when released', () => {
    expect(vippsPaymentStatus(payment('ABORTED'))).toBe('declined');
    expect(vippsPaymentStatus(payment('EXPIRED'))).toBe('declined');
    expect(vippsPaymentStatus(payment('TERMINATED'))).toBe('cancelled');
    expect(
      vippsPaymentStatus(payment('AUTHORIZED', { authorized: 10_000, cancelled: 10_000 })),
    ).toBe('cancelled');
    // Released after a part was captured: what was taken stays taken.
    expect(vippsPaymentStatus(payment('TERMINATED', { authorized: 10_000, captured: 4_000 }))).toBe(
      'charged',
    );
  });
});

describe('the phone Vipps is given (issue 32.1)', () => {
  it('writes a Norwegian number with its country code, digits only', () => {
    expect(vippsPhoneNumber('+47 912 34 567')).toBe('4791234567');
    expect(vippsPhoneNumber('912 34 567')).toBe('4791234567');
    expect(vippsPhoneNumber('0047 91234567')).toBe('4791234567');
    expect(vippsPhoneNumber('+45 12 34 56 78')).toBe('4512345678');
  });

  it('leaves out what is not a phone number, so Vipps asks the shopper instead', () => {
    expect(vippsPhoneNumber(undefined)).toBeUndefined();
    expect(vippsPhoneNumber('')).toBeUndefined();
    expect(vippsPhoneNumber('ring meg')).toBeUndefined();
    expect(vippsPhoneNumber('123')).toBeUndefined();
  });
});
