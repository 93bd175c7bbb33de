import { couponAdminMessages, type AdminCoupon } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  couponFormMessages,
  couponFormSchema,
  couponFormValues,
  couponRequest,
  lastValidDay,
  osloDay,
  osloDayStart,
  type CouponFormValues,
} from './coupon-form.js';

const form = (changes: Partial<CouponFormValues> = {}): CouponFormValues => ({
  code: 'SUMMER',
  type: 'percent',
  value: '10',
  minOrderOre: '500',
  validFrom: '2026-06-01',
  validTo: '2026-06-30',
  usageLimit: '',
  usesPerCustomer: '1',
  active: true,
  ...changes,
});

const coupon: AdminCoupon = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'WELCOME10',
  type: 'fixed',
  value: 4_950,
  minOrderOre: 0,
  validFrom: '2026-01-15T09:30:00.000Z',
  validTo: '2027-01-15T09:30:00.000Z',
  usageLimit: 1000,
  usesPerCustomer: null,
  usedCount: 3,
  active: true,
  state: 'current',
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-01-15T09:30:00.000Z',
};

const problems = (values: CouponFormValues) => {
  const result = couponFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('days in Norway', () => {
  it('starts a day at midnight in Norway, winter and summer', () => {
    expect(osloDayStart('2026-01-10').toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(osloDayStart('2026-07-10').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    // The days the clocks change: midnight still has the day before's offset.
    expect(osloDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(osloDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('names the day a moment falls on there, and the last valid day before an end', () => {
    expect(osloDay(new Date('2026-07-09T22:30:00Z'))).toBe('2026-07-10');
    expect(lastValidDay('2026-07-10T22:00:00.000Z')).toBe('2026-07-10');
  });
});

describe('couponRequest', () => {
  it('sends a percent, kroner as øre and whole days from the first midnight to the one after the last', () => {
    expect(couponRequest(form())).toEqual({
      code: 'SUMMER',
      type: 'percent',
      value: 10,
      minOrderOre: 50_000,
      validFrom: '2026-05-31T22:00:00.000Z',
      validTo: '2026-06-30T22:00:00.000Z',
      usageLimit: null,
      usesPerCustomer: 1,
    });
    expect(
      couponRequest(form({ type: 'fixed', value: '49,50', minOrderOre: '', usageLimit: '100' })),
    ).toMatchObject({ value: 4_950, minOrderOre: 0, usageLimit: 100 });
  });

  it('keeps a coupon’s own moments while its days are left as they were', () => {
    const values = couponFormValues(coupon, new Date());
    expect(values).toMatchObject({
      type: 'fixed',
      value: '49,50',
      minOrderOre: '',
      validFrom: '2026-01-15',
      validTo: '2027-01-15',
      usageLimit: '1000',
      usesPerCustomer: '',
    });
    expect(couponRequest(values, coupon)).toMatchObject({
      value: 4_950,
      validFrom: coupon.validFrom,
      validTo: coupon.validTo,
    });
    expect(couponRequest({ ...values, validTo: '2027-01-31' }, coupon).validTo).toBe(
      '2027-01-31T23:00:00.000Z',
    );
  });

  it('starts a new coupon today in Norway, for 30 days', () => {
    expect(couponFormValues(undefined, new Date('2026-03-01T23:30:00Z'))).toMatchObject({
      validFrom: '2026-03-02',
      validTo: '2026-04-01',
      active: true,
    });
  });
});

describe('couponFormSchema', () => {
  it('takes a well-filled form', () => {
    expect(problems(form())).toEqual({});
  });

  it.each([
    [{ code: 'TWO WORDS' }, 'code', couponAdminMessages.codeFormat],
    [{ value: '0' }, 'value', couponAdminMessages.percent],
    [{ value: '101' }, 'value', couponAdminMessages.percent],
    [{ value: '12,5' }, 'value', couponAdminMessages.percent],
    [{ type: 'fixed' as const, value: '0' }, 'value', 'The amount must be more than 0.'],
    [
      { minOrderOre: 'lots' },
      'minOrderOre',
      'Enter the amount in kroner with at most two decimals, such as 149,50.',
    ],
    [{ validTo: '2026-05-31' }, 'validTo', couponFormMessages.lastDayBeforeFirst],
    [{ validFrom: '' }, 'validFrom', couponFormMessages.dayRequired],
    [{ usageLimit: '0' }, 'usageLimit', couponAdminMessages.usageLimit],
    [{ usesPerCustomer: '1.5' }, 'usesPerCustomer', couponAdminMessages.usesPerCustomer],
  ])('refuses %o beside %s', (change, field, message) => {
    expect(problems(form(change))).toEqual({ [field]: message });
  });

  it('takes the same first and last day: a coupon for one day', () => {
    expect(problems(form({ validTo: '2026-06-01' }))).toEqual({});
  });
});
