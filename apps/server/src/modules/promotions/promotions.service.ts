import { eq, sql } from 'drizzle-orm';
import { nokToOre, oreToNok, type Promo } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../plugins/error-handler.js';
import { promotions } from './promotions.tables.js';

export type Promotion = typeof promotions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a code cannot be used now, in words the cart shows under its coupon field. */
function promotionProblem(code: string, promotion: Promotion, now: Date) {
  if (now < promotion.validFrom) return `Coupon ${code} is not valid yet`;
  if (now > promotion.validTo) return `Coupon ${code} has expired`;
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) {
    return `Coupon ${code} has been used up`;
  }
  return undefined;
}

/**
 * The promotion a shopper's code names, matched case-insensitively, or the reason it cannot be
 * used now: unknown, not yet valid, expired or used up.
 */
async function resolvePromotion(
  db: Database,
  typedCode: string,
  now: Date,
): Promise<{ promotion: Promotion; problem?: undefined } | { problem: string }> {
  const code = typedCode.trim();
  const [promotion] = await db
    .select()
    .from(promotions)
    .where(eq(sql`lower(${promotions.code})`, code.toLowerCase()))
    .limit(1);
  if (!promotion) return { problem: `Coupon ${code} is not valid` };
  const problem = promotionProblem(code, promotion, now);
  return problem ? { problem } : { promotion };
}

function toPromo(promotion: Promotion): Promo {
  return {
    code: promotion.code,
    type: promotion.type,
    value: promotion.type === 'fixed' ? oreToNok(promotion.value) : promotion.value,
    minOrder: oreToNok(promotion.minOrderOre),
    validFrom: promotion.validFrom.toISOString(),
    validTo: promotion.validTo.toISOString(),
  };
}

/** `GET /api/promo/{code}`: a code that cannot be used now is a 404 with the reason. */
export async function getPromo(db: Database, code: string, now = new Date()): Promise<Promo> {
  const result = await resolvePromotion(db, code, now);
  if (result.problem !== undefined) throw notFound(result.problem);
  return toPromo(result.promotion);
}

/**
 * A coupon sent with a cart. Unlike the lookup, an unusable code is the request's fault (400):
 * the cart shows the reason instead of silently pricing without the coupon.
 */
export async function couponForCart(
  db: Database,
  code: string | undefined,
  now = new Date(),
): Promise<Promotion | undefined> {
  if (!code) return undefined;
  const result = await resolvePromotion(db, code, now);
  if (result.problem !== undefined) throw badRequest(result.problem);
  return result.promotion;
}

/** The demo shop's one coupon, so the cart's coupon field can be tried on a fresh install. */
export const DEMO_PROMOTION_CODE = 'WELCOME10';

/** Seeds the demo coupon when there are no promotions yet; answers how many it wrote. */
export async function seedDemoPromotionsIfEmpty(db: Database, now = new Date()): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(promotions);
  if ((existing?.count ?? 0) > 0) return 0;
  const inserted = await db
    .insert(promotions)
    .values({
      code: DEMO_PROMOTION_CODE,
      type: 'percent',
      value: 10,
      minOrderOre: nokToOre(300),
      validFrom: now,
      validTo: new Date(now.getTime() + 365 * DAY_MS),
      usageLimit: 1000,
    })
    .onConflictDoNothing()
    .returning({ id: promotions.id });
  return inserted.length;
}
