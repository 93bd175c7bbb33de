import { eq, sql } from 'drizzle-orm';
import { type InOre, nokToOre, ore, type Ore, type Promo } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { InvalidError, NotFoundError } from '../../domain-errors.js';
import type { KeyedMessage, MessageKey } from '../../i18n/i18n.js';
import { promotions } from './promotions.tables.js';

export type Promotion = typeof promotions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a code cannot be used: the cart and the checkout show it the shopper in their language. */
const couponProblem = (key: MessageKey, code: string, count?: number): KeyedMessage => ({
  key,
  values: { code, count },
});

/**
 * The shopper a coupon is checked for. `uses` counts the customer's orders with a promotion:
 * orders belong to the orders module, which answers it.
 */
export interface CouponCustomer {
  userId: string;
  uses: (promotionId: string) => Promise<number>;
}

/**
 * How many orders a customer has placed with a promotion. Orders are the orders module's, so it
 * answers this; app.ts hands its answer to the modules that price coupons.
 */
export type CouponUseCount = (
  db: Database | Transaction,
  userId: string,
  promotionId: string,
) => Promise<number>;

/**
 * The customer a per-customer coupon limit counts for: a registered account. A guest session is
 * not one, since anyone can take a new one for each order.
 */
export function couponCustomerOf(
  db: Database | Transaction,
  user: { id: string; provider: string } | undefined,
  countUses: CouponUseCount,
): CouponCustomer | undefined {
  if (!user || user.provider === 'guest') return undefined;
  return { userId: user.id, uses: (promotionId) => countUses(db, user.id, promotionId) };
}

/**
 * Who may redeem a limited coupon: while the cart is priced an anonymous shopper may still sign
 * in before paying, so only a known customer who has used it up is refused there; the payment
 * and the order need the customer (a registered account: see `couponCustomerOf`).
 */
type CustomerCheck = { customer: CouponCustomer | undefined; required: boolean };

/**
 * Why a code cannot be used now, in words the cart shows under its coupon field. A code the
 * owner switched off reads as unknown: it may be switched on again, and shoppers need not learn
 * that a paused code exists.
 */
function promotionProblem(code: string, promotion: Promotion, now: Date) {
  if (!promotion.active) return couponProblem('errors.coupons.notValid', code);
  if (now < promotion.validFrom) return couponProblem('errors.coupons.notValidYet', code);
  if (now > promotion.validTo) return couponProblem('errors.coupons.expired', code);
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) {
    return couponProblem('errors.coupons.usedUp', code);
  }
  return undefined;
}

/** Why this customer cannot use the promotion (any more), when it has a per-customer limit. */
async function customerProblem(
  code: string,
  promotion: Promotion,
  { customer, required }: CustomerCheck,
) {
  if (promotion.usesPerCustomer === null) return undefined;
  if (!customer) return required ? couponProblem('errors.coupons.signInToUse', code) : undefined;
  const uses = await customer.uses(promotion.id);
  return uses >= promotion.usesPerCustomer
    ? couponProblem('errors.coupons.usedByCustomer', code, promotion.usesPerCustomer)
    : undefined;
}

/**
 * The promotion a shopper's code names, matched case-insensitively, or the reason it cannot be
 * used now: unknown, not yet valid, expired, used up, or used up by this customer.
 */
async function resolvePromotion(
  db: Database,
  typedCode: string,
  now: Date,
  check: CustomerCheck,
): Promise<{ promotion: Promotion; problem?: undefined } | { problem: KeyedMessage }> {
  const code = typedCode.trim();
  const [promotion] = await db
    .select()
    .from(promotions)
    .where(eq(sql`lower(${promotions.code})`, code.toLowerCase()))
    .limit(1);
  if (!promotion) return { problem: couponProblem('errors.coupons.notValid', code) };
  const problem =
    promotionProblem(code, promotion, now) ?? (await customerProblem(code, promotion, check));
  return problem ? { problem } : { promotion };
}

/**
 * A coupon as the lookup answers it, in øre (`promoToWire` sends it in NOK): a fixed coupon's
 * value is an amount, a percent coupon's is not money.
 */
export type PromoInOre = InOre<Omit<Promo, 'type' | 'value'>, 'minOrder'> &
  ({ type: 'percent'; percent: number } | { type: 'fixed'; valueOre: Ore });

function toPromo(promotion: Promotion): PromoInOre {
  const shared = {
    code: promotion.code,
    minOrderOre: ore(promotion.minOrderOre),
    validFrom: promotion.validFrom.toISOString(),
    validTo: promotion.validTo.toISOString(),
  };
  return promotion.type === 'fixed'
    ? { ...shared, type: 'fixed', valueOre: ore(promotion.value) }
    : { ...shared, type: 'percent', percent: promotion.value };
}

/**
 * `GET /api/promo/{code}`: a code that cannot be used now is a 404 with the reason. With a
 * signed-in customer, a code they have used as often as it allows is one of those.
 */
export async function getPromo(
  db: Database,
  code: string,
  customer?: CouponCustomer,
  now = new Date(),
): Promise<PromoInOre> {
  const result = await resolvePromotion(db, code, now, { customer, required: false });
  if (result.problem !== undefined)
    throw new NotFoundError(result.problem.key, { values: result.problem.values });
  return toPromo(result.promotion);
}

/**
 * A coupon sent with a cart (`required` false) or a payment (`required` true: a coupon with a
 * per-customer limit needs a signed-in customer). Unlike the lookup, an unusable code is the
 * request's fault (400) about its `couponCode`: the cart shows the reason instead of silently
 * pricing without it, and the payment page offers to go on without the coupon.
 */
export async function couponForCart(
  db: Database,
  code: string | undefined,
  check: CustomerCheck = { customer: undefined, required: false },
  now = new Date(),
): Promise<Promotion | undefined> {
  if (!code) return undefined;
  const result = await resolvePromotion(db, code, now, check);
  if (result.problem !== undefined)
    throw new InvalidError(result.problem.key, {
      values: result.problem.values,
      field: 'couponCode',
    });
  return result.promotion;
}

/**
 * Marks a coupon used by an order being stored in `tx`, or answers why it cannot be. The
 * promotion row stays locked until the order commits, so concurrent orders with the same code,
 * by anyone or by the same customer, are counted one after the other and never pass a limit.
 * Neither the validity window nor the active switch is checked again: the shopper has paid an
 * amount priced while the code was usable, and refusing now would only hand the money back
 * after the fact. The limits are what keep the owner's cost bounded, so those are checked.
 */
export async function redeemCoupon(
  tx: Transaction,
  code: string,
  customer: CouponCustomer | undefined,
): Promise<{ promotionId: string; problem?: undefined } | { problem: KeyedMessage }> {
  const [promotion] = await tx
    .select()
    .from(promotions)
    .where(eq(sql`lower(${promotions.code})`, code.toLowerCase()))
    .for('update');
  if (!promotion || (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit))
    return { problem: couponProblem('errors.coupons.usedUp', code) };
  const problem = await customerProblem(code, promotion, { customer, required: true });
  if (problem) return { problem };
  await tx
    .update(promotions)
    .set({ usedCount: sql`${promotions.usedCount} + 1` })
    .where(eq(promotions.id, promotion.id));
  return { promotionId: promotion.id };
}

/** The demo shop's one coupon, so the cart's coupon field can be tried on a fresh install. */
export const DEMO_PROMOTION_CODE = 'WELCOME10';

/** The demo coupon: 10 % off from 300 kr, valid for a year, once per customer. */
export function demoPromotion(now = new Date()): typeof promotions.$inferInsert {
  return {
    code: DEMO_PROMOTION_CODE,
    type: 'percent',
    value: 10,
    minOrderOre: nokToOre(300),
    validFrom: now,
    validTo: new Date(now.getTime() + 365 * DAY_MS),
    usageLimit: 1000,
    usesPerCustomer: 1,
  };
}

/** Seeds the demo coupon when there are no promotions yet; answers how many it wrote. */
export async function seedDemoPromotionsIfEmpty(db: Database, now = new Date()): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(promotions);
  if ((existing?.count ?? 0) > 0) return 0;
  const inserted = await db
    .insert(promotions)
    .values(demoPromotion(now))
    .onConflictDoNothing()
    .returning({ id: promotions.id });
  return inserted.length;
}
