import { z } from 'zod';
import { adminFlagFilter, adminPageFields, adminPagingShape } from './admin-paging.js';
import { adminOrderRowSchema } from './admin-orders.js';
import { MAX_COUPON_CODE_LENGTH } from './cart.js';
import { answerText, idSchema, text } from './common.js';

/** The owner's coupons in the back office (issue 14). Money is øre, as in every admin shape. */

/** NOK 1 million in øre: far above any order, far below integer trouble. */
export const MAX_COUPON_AMOUNT_ORE = 100_000_000;
const MAX_COUPON_USES = 1_000_000;

export const couponTypeValues = ['percent', 'fixed'] as const;
export type CouponType = (typeof couponTypeValues)[number];

/**
 * Where a coupon stands at the server's clock: usable now, switched off by the owner, waiting
 * for its start, past its end, or with every use taken.
 */
export const couponStates = ['current', 'inactive', 'scheduled', 'expired', 'usedUp'] as const;
export type CouponState = (typeof couponStates)[number];

/** The list's filter by the validity window (the `active` switch is a filter of its own). */
export const couponPeriodValues = ['current', 'scheduled', 'expired'] as const;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What the back office's coupon calls answer when they refuse; the admin app shows them. */
export const couponAdminMessages = {
  codeRequired: 'Code is required',
  codeFormat: `A code is letters, digits, dashes and underscores, at most ${MAX_COUPON_CODE_LENGTH}, such as SUMMER-25`,
  codeTaken: (code: string) => `Another coupon already has the code ${code} (codes ignore case)`,
  type: 'Choose percent or fixed amount',
  value: 'The value is a whole number: a percent, or øre for a fixed amount',
  percent: 'A percent is a whole number from 1 to 100',
  amount: `A fixed amount is a whole number of øre from 1 (0,01 kr) to ${MAX_COUPON_AMOUNT_ORE}`,
  minOrder: `The minimum order is a whole number of øre from 0 to ${MAX_COUPON_AMOUNT_ORE}`,
  date: 'Give a date and time with its offset, such as 2026-05-01T00:00:00+02:00',
  validOrder: 'Valid to must be after valid from',
  usageLimit: `Total uses is empty (no limit) or a whole number from 1 to ${MAX_COUPON_USES}`,
  usesPerCustomer: `Uses per customer is empty (no limit) or a whole number from 1 to ${MAX_COUPON_USES}`,
  usageLimitBelowUses: (used: number) =>
    `Total uses cannot be below the ${plural(used, 'use')} so far`,
  active: 'active must be true or false',
  updatedAtRequired:
    'updatedAt is required: send the updatedAt the coupon was loaded with, so no one’s change is overwritten',
  conflict:
    'This coupon was changed by someone else while you were editing. Reload it to see their changes.',
  notFound: 'Coupon not found',
  usedDelete: (code: string, orders: number) =>
    `Coupon ${code} has been used by ${plural(orders, 'order')} and cannot be deleted: deactivate it instead, so the orders keep it.`,
} as const;

const messages = couponAdminMessages;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const limit = (message: string) =>
  wholeNumber(message, 1, MAX_COUPON_USES)
    .nullish()
    .transform((value) => value ?? null);

const moment = z.iso.datetime({ offset: true, error: messages.date });

/** A code as shoppers type it: trimmed, and kept in the case the owner wrote it. */
export const couponCodeSchema = text({ error: messages.codeRequired })
  .trim()
  .min(1, { error: messages.codeRequired })
  .max(MAX_COUPON_CODE_LENGTH, { error: messages.codeFormat })
  .regex(/^[A-Za-z0-9_-]+$/, { error: messages.codeFormat });

const couponFields = {
  code: couponCodeSchema,
  type: z.enum(couponTypeValues, { error: messages.type }),
  /** A percent (1–100) for `percent`, øre (at least 1) for `fixed`. */
  value: z.number({ error: messages.value }).int({ error: messages.value }),
  /** The selling total in øre (product discounts taken off) the cart must reach; 0 for none. */
  minOrderOre: wholeNumber(messages.minOrder, 0, MAX_COUPON_AMOUNT_ORE).default(0),
  validFrom: moment,
  /** The first moment it is no longer valid. */
  validTo: moment,
  /** How many orders may use it in all; null for no limit. */
  usageLimit: limit(messages.usageLimit),
  /** How many orders one customer (an account) may place with it; null for no limit. */
  usesPerCustomer: limit(messages.usesPerCustomer),
};

interface CouponRules {
  type: CouponType;
  value: number;
  validFrom: string;
  validTo: string;
}

/** The rules across fields: a value its type allows, and an end after the start. */
function checkCouponRules(body: CouponRules, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (body.type === 'percent' && (body.value < 1 || body.value > 100))
    issue('value', messages.percent);
  if (body.type === 'fixed' && (body.value < 1 || body.value > MAX_COUPON_AMOUNT_ORE))
    issue('value', messages.amount);
  if (Date.parse(body.validTo) <= Date.parse(body.validFrom)) issue('validTo', messages.validOrder);
}

/** `POST /api/admin/coupons`. */
export const createCouponRequestSchema = z
  .object({
    ...couponFields,
    active: z.boolean({ error: messages.active }).default(true),
  })
  .superRefine(checkCouponRules);
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;

/**
 * `PUT /api/admin/coupons/{id}`: every rule again, with the `updatedAt` the coupon was loaded
 * with. The active switch has its own call.
 */
export const updateCouponRequestSchema = z
  .object({
    ...couponFields,
    updatedAt: z.iso.datetime({ offset: true, error: messages.updatedAtRequired }),
  })
  .superRefine(checkCouponRules);
export type UpdateCouponRequest = z.input<typeof updateCouponRequestSchema>;

/** `PUT /api/admin/coupons/{id}/active`. */
export const couponActiveRequestSchema = z.object({
  active: z.boolean({ error: messages.active }),
});
export type CouponActiveRequest = z.input<typeof couponActiveRequestSchema>;

export const couponIdParamsSchema = z.object({ id: idSchema });

/** `GET /api/admin/coupons`: search by code, the filters combined, newest first. */
export const adminCouponListQuerySchema = z.object({
  q: text({ error: 'q must be text' })
    .max(200, { error: 'q must be at most 200 characters' })
    .default('')
    .transform((q) => q.trim())
    .describe('Part of the code, whatever its case.'),
  active: adminFlagFilter('active').describe('true: switched on; false: switched off.'),
  period: z
    .enum(couponPeriodValues, { error: 'period must be current, scheduled or expired' })
    .optional()
    .describe(
      'current: within its validity window now; scheduled: starts later; expired: has ended.',
    ),
  ...adminPagingShape,
});
export type AdminCouponListQuery = z.input<typeof adminCouponListQuerySchema>;

export const adminCouponSchema = z.object({
  id: idSchema,
  code: answerText(),
  type: z.enum(couponTypeValues),
  /** A percent for `percent`, øre for `fixed`. */
  value: z.number().int(),
  minOrderOre: z.number().int(),
  validFrom: answerText(),
  validTo: answerText(),
  usageLimit: z.number().int().nullable(),
  usesPerCustomer: z.number().int().nullable(),
  /** Orders placed with it so far. */
  usedCount: z.number().int(),
  active: z.boolean(),
  state: z.enum(couponStates),
  createdAt: answerText(),
  /** Send it back with an edit: a coupon changed since is refused with 409. */
  updatedAt: answerText(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListSchema = z.object({
  coupons: z.array(adminCouponSchema),
  ...adminPageFields,
});
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

/** One coupon with the latest orders that used it; the orders list filtered by it has them all. */
export const adminCouponDetailSchema = adminCouponSchema.extend({
  orders: z.array(adminOrderRowSchema),
  /** Every order that used it (the latest ones are in `orders`). */
  orderCount: z.number().int(),
});
export type AdminCouponDetail = z.infer<typeof adminCouponDetailSchema>;
