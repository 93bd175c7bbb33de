import { and, count, desc, eq, gt, gte, ilike, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  type AdminCoupon,
  type AdminCouponDetail,
  type AdminCouponList,
  type CouponState,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ConflictError, NotFoundError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { promotions } from './promotions.tables.js';
import type { Promotion } from './promotions.service.js';

/**
 * The owner's coupons: list, one with the orders that used it, create, edit, switch on and off,
 * delete an unused one. Whether a shopper may use a code stays with `promotions.service.ts`.
 */

type Executor = Database | Transaction;

/**
 * The orders that used a coupon. They are the orders module's, which answers; app.ts wires the
 * answer in.
 */
export interface CouponOrders {
  /** The newest `count` orders that used the coupon, and how many did in all. */
  latest(
    db: Database,
    couponId: string,
    count: number,
  ): Promise<{ orders: AdminCouponDetail['orders']; total: number }>;
  /** How many orders used the coupon, cancelled ones included. */
  count(db: Executor, couponId: string): Promise<number>;
}

/** How many orders the coupon page lists; the orders list filtered by the coupon has them all. */
const LATEST_ORDERS = 5;

/** Where a coupon stands at `now`, by the rules the storefront's lookup applies. */
export function couponState(promotion: Promotion, now: Date): CouponState {
  if (!promotion.active) return 'inactive';
  if (now < promotion.validFrom) return 'scheduled';
  if (now > promotion.validTo) return 'expired';
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) return 'usedUp';
  return 'current';
}

function toAdminCoupon(promotion: Promotion, now: Date): AdminCoupon {
  return {
    id: promotion.id,
    code: promotion.code,
    type: promotion.type,
    value: promotion.value,
    minOrderOre: promotion.minOrderOre,
    validFrom: promotion.validFrom.toISOString(),
    validTo: promotion.validTo.toISOString(),
    usageLimit: promotion.usageLimit,
    usesPerCustomer: promotion.usesPerCustomer,
    usedCount: promotion.usedCount,
    active: promotion.active,
    state: couponState(promotion, now),
    createdAt: promotion.createdAt.toISOString(),
    updatedAt: promotion.updatedAt.toISOString(),
  };
}

/** The search matches as typed: wildcards in it are plain characters. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function periodCondition(period: 'current' | 'scheduled' | 'expired' | undefined, now: Date) {
  if (period === 'scheduled') return gt(promotions.validFrom, now);
  if (period === 'expired') return lt(promotions.validTo, now);
  if (period === 'current')
    return and(lte(promotions.validFrom, now), gte(promotions.validTo, now));
  return undefined;
}

/** `GET /api/admin/coupons`: one page, newest first, with the search and filters combined. */
export async function listCoupons(
  db: Database,
  query: {
    q: string;
    active?: boolean | undefined;
    period?: 'current' | 'scheduled' | 'expired' | undefined;
    page: number;
    pageSize: number;
  },
  now: Date,
): Promise<AdminCouponList> {
  const where: SQL | undefined = and(
    query.q ? ilike(promotions.code, containing(query.q)) : undefined,
    query.active === undefined ? undefined : eq(promotions.active, query.active),
    periodCondition(query.period, now),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.createdAt), promotions.code)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(promotions).where(where),
  ]);
  return {
    coupons: rows.map((row) => toAdminCoupon(row, now)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findCoupon(db: Executor, id: string, lock = false): Promise<Promotion> {
  const select = db.select().from(promotions).where(eq(promotions.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new NotFoundError('errors.coupons.notFound');
  return row;
}

/**
 * `GET /api/admin/coupons/{id}`: the coupon with the latest orders placed with it, asked of the
 * orders module's own list so the page and `/orders?couponId=…` never disagree.
 */
export async function getCoupon(
  db: Database,
  id: string,
  now: Date,
  couponOrders: CouponOrders,
): Promise<AdminCouponDetail> {
  const promotion = await findCoupon(db, id);
  const latest = await couponOrders.latest(db, id, LATEST_ORDERS);
  return { ...toAdminCoupon(promotion, now), orders: latest.orders, orderCount: latest.total };
}

interface CouponRules {
  code: string;
  type: 'percent' | 'fixed';
  value: number;
  minOrderOre: number;
  validFrom: string;
  validTo: string;
  usageLimit: number | null;
  usesPerCustomer: number | null;
}

const rulesOf = (body: CouponRules) => ({
  code: body.code,
  type: body.type,
  value: body.value,
  minOrderOre: body.minOrderOre,
  validFrom: new Date(body.validFrom),
  validTo: new Date(body.validTo),
  usageLimit: body.usageLimit,
  usesPerCustomer: body.usesPerCustomer,
});

/** The audited fields, dates as ISO text so the log reads them as they were sent. */
const audited = (row: ReturnType<typeof rulesOf> & { active: boolean }) => ({
  code: row.code,
  type: row.type,
  value: row.value,
  minOrderOre: row.minOrderOre,
  validFrom: row.validFrom.toISOString(),
  validTo: row.validTo.toISOString(),
  usageLimit: row.usageLimit,
  usesPerCustomer: row.usesPerCustomer,
  active: row.active,
});

/** Codes are unique whatever their case, as shoppers type them (the index says the same). */
async function assertCodeFree(tx: Transaction, code: string, ownId?: string): Promise<void> {
  const [holder] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(sql`lower(${promotions.code})`, code.toLowerCase()),
        ownId ? ne(promotions.id, ownId) : undefined,
      ),
    )
    .limit(1);
  if (holder)
    throw new ConflictError('errors.coupons.codeTaken', { values: { code }, field: 'code' });
}

/** Two owners saving the same new code at once: the index lets one through, the other hears why. */
async function sameCodeRace<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError('errors.coupons.codeTaken', { values: { code }, field: 'code' });
    throw error;
  }
}

/**
 * The next `updatedAt`: the wire carries milliseconds, so each change moves it on by at least
 * one, and a stamp written by the database's `now()` (microseconds) is compared at that grain.
 */
const nextStamp = (before: Date) => new Date(Math.max(Date.now(), before.getTime() + 1));

/** `POST /api/admin/coupons`. */
export async function createCoupon(
  db: Database,
  actor: Actor,
  body: CouponRules & { active: boolean },
  now: Date,
): Promise<AdminCoupon> {
  const values = { ...rulesOf(body), active: body.active };
  const row = await sameCodeRace(body.code, () =>
    db.transaction(async (tx) => {
      await assertCodeFree(tx, body.code);
      const [inserted] = await tx
        .insert(promotions)
        .values({ ...values, updatedAt: new Date() })
        .returning();
      if (!inserted) throw new Error('insert returned no coupon');
      await recordAudit(tx, {
        actor,
        action: 'create',
        entity: 'coupon',
        entityId: inserted.id,
        changes: changedFields({}, audited(values)),
      });
      return inserted;
    }),
  );
  return toAdminCoupon(row, now);
}

/**
 * `PUT /api/admin/coupons/{id}`: new rules for a coupon, refused when someone changed it since
 * it was loaded. The row is locked first: an order redeeming the coupon holds the same lock, so
 * the uses a new total is checked against cannot grow meanwhile.
 */
export async function updateCoupon(
  db: Database,
  actor: Actor,
  id: string,
  body: CouponRules & { updatedAt: string },
  now: Date,
): Promise<AdminCoupon> {
  const row = await sameCodeRace(body.code, () =>
    db.transaction(async (tx) => {
      const before = await findCoupon(tx, id, true);
      if (before.updatedAt.getTime() !== Date.parse(body.updatedAt))
        throw new ConflictError('errors.coupons.conflict');
      if (body.usageLimit !== null && body.usageLimit < before.usedCount)
        throw new ConflictError('errors.coupons.usageLimitBelowUses', {
          values: { count: before.usedCount },
          field: 'usageLimit',
        });
      if (body.code.toLowerCase() !== before.code.toLowerCase())
        await assertCodeFree(tx, body.code, id);
      const after = rulesOf(body);
      const changes = changedFields(audited(before), audited({ ...after, active: before.active }));
      if (Object.keys(changes).length === 0) return before;
      const [saved] = await tx
        .update(promotions)
        .set({ ...after, updatedAt: nextStamp(before.updatedAt) })
        .where(eq(promotions.id, id))
        .returning();
      if (!saved) throw new NotFoundError('errors.coupons.notFound');
      await recordAudit(tx, { actor, action: 'update', entity: 'coupon', entityId: id, changes });
      return saved;
    }),
  );
  return toAdminCoupon(row, now);
}

/**
 * `PUT /api/admin/coupons/{id}/active`: switches a coupon on or off. Setting what is already set
 * changes nothing; a change moves `updatedAt`, so an edit opened before it is refused rather
 * than saved over a state its author never saw.
 */
export async function setCouponActive(
  db: Database,
  actor: Actor,
  id: string,
  active: boolean,
  now: Date,
): Promise<AdminCoupon> {
  const row = await db.transaction(async (tx) => {
    const before = await findCoupon(tx, id, true);
    if (before.active === active) return before;
    const [saved] = await tx
      .update(promotions)
      .set({ active, updatedAt: nextStamp(before.updatedAt) })
      .where(eq(promotions.id, id))
      .returning();
    if (!saved) throw new NotFoundError('errors.coupons.notFound');
    await recordAudit(tx, {
      actor,
      action: active ? 'activate' : 'deactivate',
      entity: 'coupon',
      entityId: id,
      changes: changedFields({ active: before.active }, { active }),
    });
    return saved;
  });
  return toAdminCoupon(row, now);
}

/**
 * `DELETE /api/admin/coupons/{id}`: only a coupon no order used, so every order keeps the coupon
 * it names; a used one is to be switched off instead.
 */
export async function deleteCoupon(
  db: Database,
  actor: Actor,
  id: string,
  couponOrders: CouponOrders,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCoupon(tx, id, true);
    const used = Math.max(before.usedCount, await couponOrders.count(tx, id));
    if (used > 0)
      throw new ConflictError('errors.coupons.usedDelete', {
        values: { code: before.code, count: used },
      });
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'coupon',
      entityId: id,
      changes: changedFields(
        audited(before),
        Object.fromEntries(Object.keys(audited(before)).map((field) => [field, null])),
      ),
    });
  });
}
