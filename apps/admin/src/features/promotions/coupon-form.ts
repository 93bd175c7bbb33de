import {
  couponAdminMessages,
  couponCodeSchema,
  MAX_COUPON_AMOUNT_ORE,
  type AdminCoupon,
  type CouponState,
  type CreateCouponRequest,
} from '@shop/shared';
import { z } from 'zod';
import { parseNokAmount } from '../../lib/nok-amount.js';

/**
 * The coupon dialog's fields as typed: amounts in kroner, the validity as whole days in Norway
 * (from the start of the first to the end of the last), limits empty for none. The names are
 * the request's, so the server's refusals land beside the right field.
 */
export interface CouponFormValues {
  code: string;
  type: 'percent' | 'fixed';
  /** A percent, or kroner for a fixed amount. */
  value: string;
  /** Kroner; empty for none. */
  minOrderOre: string;
  /** The first day it is valid (YYYY-MM-DD). */
  validFrom: string;
  /** The last day it is valid. */
  validTo: string;
  usageLimit: string;
  usesPerCustomer: string;
  active: boolean;
}

/** The browser's own rules' words: catalogue keys, which `FormField` shows in the staff's language. */
export const couponFormMessages = {
  dayRequired: 'promotions.couponForm.dayRequired',
  lastDayBeforeFirst: 'promotions.couponForm.lastDayBeforeFirst',
} as const;

const OSLO = 'Europe/Oslo';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: OSLO, dateStyle: 'short' });
const offsetFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: OSLO,
  timeZoneName: 'longOffset',
});

/** The day in Norway a moment falls on, as YYYY-MM-DD. */
export const osloDay = (moment: Date) => dayFormat.format(moment);

/** Norway's offset from UTC at a moment, in minutes: 60 in winter, 120 in summer. */
function osloOffsetMinutes(moment: Date): number {
  const name = offsetFormat.formatToParts(moment).find((part) => part.type === 'timeZoneName');
  const match = /([+-])(\d{2}):(\d{2})/.exec(name?.value ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Midnight in Norway at the start of a day. The clocks change at 01:00 UTC, after midnight in
 * Norway, so the offset at midnight UTC is the one that held at Norway's midnight.
 */
export function osloDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - osloOffsetMinutes(utcMidnight) * 60_000);
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** A coupon's last valid day: its end is the first moment it is no longer valid. */
export const lastValidDay = (validTo: string) => osloDay(new Date(Date.parse(validTo) - 1));

const optionalLimit = (value: string) => {
  const text = value.trim();
  return text === '' ? null : Number(text);
};

const isLimit = (value: string) => {
  const text = value.trim();
  return text === '' || (/^\d{1,7}$/.test(text) && Number(text) >= 1);
};

/**
 * The dialog's check in the browser, with the server's words where the rule is the server's;
 * the server checks it all again.
 */
export const couponFormSchema = z
  .object({
    code: couponCodeSchema,
    type: z.enum(['percent', 'fixed']),
    value: z.string(),
    minOrderOre: z.string(),
    validFrom: z.string().min(1, { error: couponFormMessages.dayRequired }),
    validTo: z.string().min(1, { error: couponFormMessages.dayRequired }),
    usageLimit: z.string().refine(isLimit, { error: couponAdminMessages.usageLimit }),
    usesPerCustomer: z.string().refine(isLimit, { error: couponAdminMessages.usesPerCustomer }),
    active: z.boolean(),
  })
  .superRefine((values, context) => {
    const issue = (path: keyof CouponFormValues, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.type === 'percent') {
      const percent = values.value.trim();
      if (!/^\d{1,3}$/.test(percent) || Number(percent) < 1 || Number(percent) > 100)
        issue('value', couponAdminMessages.percent);
    } else {
      const amount = parseNokAmount(values.value);
      if ('error' in amount) issue('value', amount.error);
      else if (amount.ore > MAX_COUPON_AMOUNT_ORE) issue('value', couponAdminMessages.amount);
    }
    if (values.minOrderOre.trim() !== '') {
      const minimum = parseNokAmount(values.minOrderOre, { allowZero: true });
      if ('error' in minimum) issue('minOrderOre', minimum.error);
      else if (minimum.ore > MAX_COUPON_AMOUNT_ORE)
        issue('minOrderOre', couponAdminMessages.minOrder);
    }
    if (values.validFrom && values.validTo && values.validTo < values.validFrom)
      issue('validTo', couponFormMessages.lastDayBeforeFirst);
  });

const kroner = (ore: number) => (ore / 100).toFixed(2).replace('.', ',').replace(/,00$/, '');

/** The dialog's fields for a coupon, or for a new one valid from today for 30 days. */
export function couponFormValues(coupon: AdminCoupon | undefined, today: Date): CouponFormValues {
  if (!coupon) {
    const first = osloDay(today);
    const last = osloDay(new Date(osloDayStart(first).getTime() + 30 * 24 * 60 * 60 * 1000));
    return {
      code: '',
      type: 'percent',
      value: '',
      minOrderOre: '',
      validFrom: first,
      validTo: last,
      usageLimit: '',
      usesPerCustomer: '',
      active: true,
    };
  }
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === 'percent' ? String(coupon.value) : kroner(coupon.value),
    minOrderOre: coupon.minOrderOre === 0 ? '' : kroner(coupon.minOrderOre),
    validFrom: osloDay(new Date(coupon.validFrom)),
    validTo: lastValidDay(coupon.validTo),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    usesPerCustomer: coupon.usesPerCustomer === null ? '' : String(coupon.usesPerCustomer),
    active: coupon.active,
  };
}

const ore = (amount: string, allowZero = false) => {
  const parsed = parseNokAmount(amount, { allowZero });
  return 'ore' in parsed ? parsed.ore : Number.NaN;
};

/**
 * The request for checked fields. A day left as it was keeps the coupon's own moment, so a
 * coupon made elsewhere at another hour does not move by saving it.
 */
export function couponRequest(
  values: CouponFormValues,
  coupon?: AdminCoupon,
): Omit<CreateCouponRequest, 'active'> {
  const validFrom =
    coupon && values.validFrom === osloDay(new Date(coupon.validFrom))
      ? coupon.validFrom
      : osloDayStart(values.validFrom).toISOString();
  const validTo =
    coupon && values.validTo === lastValidDay(coupon.validTo)
      ? coupon.validTo
      : osloDayStart(nextDay(values.validTo)).toISOString();
  return {
    code: values.code.trim(),
    type: values.type,
    value: values.type === 'percent' ? Number(values.value.trim()) : ore(values.value),
    minOrderOre: values.minOrderOre.trim() === '' ? 0 : ore(values.minOrderOre, true),
    validFrom,
    validTo,
    usageLimit: optionalLimit(values.usageLimit),
    usesPerCustomer: optionalLimit(values.usesPerCustomer),
  };
}

export const couponStateColours: Record<CouponState, string> = {
  current: 'success',
  inactive: 'secondary',
  scheduled: 'info',
  expired: 'dark',
  usedUp: 'warning',
};
