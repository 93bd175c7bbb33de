import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoSchema } from '@shop/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { DEMO_PROMOTION_CODE, seedDemoPromotionsIfEmpty } from './promotions.service.js';
import { promotions } from './promotions.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.now();

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(promotions).values([
    {
      code: 'Summer',
      type: 'percent',
      value: 15,
      minOrderOre: 50_000,
      validFrom: new Date('2025-01-01T00:00:00Z'),
      validTo: new Date(now + 30 * DAY_MS),
      usageLimit: null,
    },
    {
      code: 'FIXED50',
      type: 'fixed',
      value: 5_000,
      minOrderOre: 0,
      validFrom: new Date(now - DAY_MS),
      validTo: new Date(now + DAY_MS),
      usageLimit: 10,
      usedCount: 9,
    },
    {
      code: 'OLD',
      type: 'percent',
      value: 10,
      validFrom: new Date(now - 10 * DAY_MS),
      validTo: new Date(now - DAY_MS),
    },
    {
      code: 'SOON',
      type: 'percent',
      value: 10,
      validFrom: new Date(now + DAY_MS),
      validTo: new Date(now + 10 * DAY_MS),
    },
    {
      code: 'GONE',
      type: 'fixed',
      value: 1_000,
      validFrom: new Date(now - DAY_MS),
      validTo: new Date(now + DAY_MS),
      usageLimit: 5,
      usedCount: 5,
    },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

const lookup = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/promo/${encodeURIComponent(code)}` });

describe('GET /api/promo/{code}', () => {
  it('API-18 CART-25 CONST-25 answers a percent coupon with its window and minimum order in NOK', async () => {
    const response = await lookup('Summer');
    expect(response.statusCode).toBe(200);
    const promo = promoSchema.parse(response.json());
    expect(promo).toEqual({
      code: 'Summer',
      type: 'percent',
      value: 15,
      minOrder: 500,
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: new Date(now + 30 * DAY_MS).toISOString(),
    });
  });

  it('API-18 matches codes case-insensitively and ignores surrounding spaces', async () => {
    for (const code of ['summer', 'SUMMER', ' sUmMeR ']) {
      const response = await lookup(code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 'Summer' });
    }
  });

  it('API-18 answers a fixed coupon with its value in NOK while uses remain', async () => {
    const response = await lookup('fixed50');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'FIXED50',
      type: 'fixed',
      value: 50,
      minOrder: 0,
    });
  });

  it.each([
    ['UNKNOWN', 'Coupon UNKNOWN is not valid'],
    ['old', 'Coupon old has expired'],
    ['SOON', 'Coupon SOON is not valid yet'],
    ['gone', 'Coupon gone has been used up'],
  ])('API-18 CART-25 answers 404 with the reason for %s', async (code, message) => {
    const response = await lookup(code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message });
  });

  it('API-18 refuses an overlong code with 400', async () => {
    const response = await lookup('X'.repeat(41));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'A coupon code has at most 40 characters' });
  });

  it('ROLE-03 needs no login and is never served from the response cache', async () => {
    const cached = await createTestApp({ RESPONSE_CACHE_SECONDS: '60' });
    try {
      await cached.db.insert(promotions).values({
        code: 'LATER',
        type: 'percent',
        value: 5,
        validFrom: new Date(now - DAY_MS),
        validTo: new Date(now + DAY_MS),
        usageLimit: 1,
      });
      const first = await cached.app.inject({ method: 'GET', url: '/api/promo/LATER' });
      expect(first.statusCode).toBe(200);
      await cached.db.update(promotions).set({ usedCount: 1 });
      const second = await cached.app.inject({ method: 'GET', url: '/api/promo/LATER' });
      expect(second.statusCode).toBe(404);
      expect(second.json()).toEqual({ message: 'Coupon LATER has been used up' });
    } finally {
      await cached.close();
    }
  });
});

describe('promotions table', () => {
  it('CONST-25 keeps codes unique whatever their case', async () => {
    await expect(
      ctx.db.insert(promotions).values({
        code: 'SUMMER',
        type: 'fixed',
        value: 100,
        validFrom: new Date(now),
        validTo: new Date(now + DAY_MS),
      }),
    ).rejects.toThrow();
  });

  it.each([
    ['a percent above 100', { type: 'percent' as const, value: 101 }],
    ['a zero value', { type: 'fixed' as const, value: 0 }],
    ['a window that ends before it starts', { validTo: new Date(now - DAY_MS) }],
    ['a negative minimum order', { minOrderOre: -1 }],
    ['zero uses per customer (issue 17.5)', { usesPerCustomer: 0 }],
  ])('refuses %s', async (_what, override) => {
    await expect(
      ctx.db.insert(promotions).values({
        code: `BAD${Math.random().toString(36).slice(2, 8)}`,
        type: 'percent',
        value: 10,
        validFrom: new Date(now),
        validTo: new Date(now + DAY_MS),
        ...override,
      }),
    ).rejects.toThrow();
  });
});

describe('seedDemoPromotionsIfEmpty', () => {
  it('CONST-24 CONST-25 seeds the demo coupon once, valid for a year, and never again', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoPromotionsIfEmpty(fresh.db)).toBe(1);
      expect(await seedDemoPromotionsIfEmpty(fresh.db)).toBe(0);
      const response = await fresh.app.inject({
        method: 'GET',
        url: `/api/promo/${DEMO_PROMOTION_CODE.toLowerCase()}`,
      });
      expect(response.statusCode).toBe(200);
      const promo = promoSchema.parse(response.json());
      expect(promo).toMatchObject({ code: 'WELCOME10', type: 'percent', value: 10, minOrder: 300 });
      const validDays = (Date.parse(promo.validTo) - Date.parse(promo.validFrom)) / DAY_MS;
      expect(validDays).toBe(365);
      const fifty = await fresh.app.inject({ method: 'GET', url: '/api/promo/FIFTY' });
      expect(fifty.statusCode).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it('(issue 17.5) seeds WELCOME10 once per customer, and migration 0013 makes an existing one so', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoPromotionsIfEmpty(fresh.db);
      const [seeded] = await fresh.db.select().from(promotions);
      expect(seeded).toMatchObject({ code: 'WELCOME10', usageLimit: 1000, usesPerCustomer: 1 });

      // A shop seeded before 0013: its WELCOME10 (in whatever case) had no per-customer limit.
      await fresh.db.update(promotions).set({ code: 'Welcome10', usesPerCustomer: null });
      await fresh.db.insert(promotions).values({
        code: 'OTHER',
        type: 'percent',
        value: 5,
        validFrom: new Date(now),
        validTo: new Date(now + DAY_MS),
      });
      const migration = await fs.readFile(
        path.resolve(
          import.meta.dirname,
          '../../db/migrations/0013_promotion_uses_per_customer.sql',
        ),
        'utf8',
      );
      const updates = migration
        .split('--> statement-breakpoint')
        .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
        .filter((statement) => statement.startsWith('UPDATE'));
      expect(updates).toHaveLength(1);
      for (const statement of updates) await fresh.db.execute(sql.raw(statement));
      const limits = await fresh.db
        .select({ code: promotions.code, usesPerCustomer: promotions.usesPerCustomer })
        .from(promotions)
        .orderBy(promotions.code);
      expect(limits).toEqual([
        { code: 'OTHER', usesPerCustomer: null },
        { code: 'Welcome10', usesPerCustomer: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
