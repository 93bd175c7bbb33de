import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponAdminMessages,
  type AdminCoupon,
  type AdminCouponDetail,
  type AdminCouponList,
  type AdminOrderList,
  type CreateCouponRequest,
  type Order,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  paidPayment,
  placeOrder,
  saveOsloAddress,
} from '../../test/checkout-fixtures.js';
import { auditLog } from '../audit/audit.tables.js';
import { promotions } from './promotions.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// The shop's clock, fixed: the states and filters are read at it.
const now = new Date();
const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

let app: BackOfficeTestApp;
beforeAll(async () => {
  app = await createBackOfficeTestApp({}, { clock: () => now });
});
afterAll(() => app.ctx.close());

type Who = 'owner' | 'staff' | 'nobody';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Who = 'owner',
) {
  return app.ctx.app.inject({
    method,
    url,
    headers: who === 'nobody' ? {} : bearer(app[who].session),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const couponBody = (code: string, extra: Partial<CreateCouponRequest> = {}) => ({
  code,
  type: 'percent' as const,
  value: 10,
  minOrderOre: 0,
  validFrom: at(-1),
  validTo: at(30),
  ...extra,
});

async function create(code: string, extra: Partial<CreateCouponRequest> = {}) {
  const response = await call('POST', '/api/admin/coupons', couponBody(code, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminCoupon>();
}

const editBody = (coupon: AdminCoupon, changes: Record<string, unknown> = {}) => ({
  code: coupon.code,
  type: coupon.type,
  value: coupon.value,
  minOrderOre: coupon.minOrderOre,
  validFrom: coupon.validFrom,
  validTo: coupon.validTo,
  usageLimit: coupon.usageLimit,
  usesPerCustomer: coupon.usesPerCustomer,
  updatedAt: coupon.updatedAt,
  ...changes,
});

const auditOf = (id: string) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.id));

const itemOf = (slug: string) => required(app.catalog.products[slug], slug).defaultItemId;

async function shopper() {
  const user = await createVerifiedUser(app.ctx.app, app.ctx.db);
  await saveOsloAddress(app.ctx.app, user);
  return user;
}

describe('who may manage coupons', () => {
  it.each([
    ['GET', '/api/admin/coupons'],
    ['POST', '/api/admin/coupons'],
    ['GET', '/api/admin/coupons/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/admin/coupons/00000000-0000-4000-8000-000000000000/active'],
    ['DELETE', '/api/admin/coupons/00000000-0000-4000-8000-000000000000'],
  ] as const)('(issue 14) %s %s: 401 without a session, 403 for staff', async (method, url) => {
    // A valid body: the body is checked before who is asking.
    const body =
      method === 'POST' ? couponBody('NOPE') : method === 'PUT' ? { active: true } : undefined;
    expect((await call(method, url, body, 'nobody')).statusCode).toBe(401);
    expect((await call(method, url, body, 'staff')).statusCode).toBe(403);
    const customer = await createVerifiedUser(app.ctx.app, app.ctx.db);
    const asCustomer = await app.ctx.app.inject({
      method,
      url,
      headers: bearer(customer),
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('creating a coupon', () => {
  it('(issue 14) creates a coupon with its rules, in øre, and logs who did it', async () => {
    const coupon = await create('Spring-25', {
      type: 'fixed',
      value: 5_000,
      minOrderOre: 30_000,
      usageLimit: 100,
      usesPerCustomer: 2,
    });
    expect(coupon).toMatchObject({
      code: 'Spring-25',
      type: 'fixed',
      value: 5_000,
      minOrderOre: 30_000,
      usageLimit: 100,
      usesPerCustomer: 2,
      usedCount: 0,
      active: true,
      state: 'current',
    });
    const [entry] = await auditOf(coupon.id);
    expect(entry).toMatchObject({ action: 'create', actorEmail: app.owner.email });
    expect(entry?.changes).toMatchObject({ code: { to: 'Spring-25' }, value: { to: 5_000 } });
    const promo = await call('GET', '/api/promo/spring-25', undefined, 'nobody');
    expect(promo.json()).toMatchObject({ code: 'Spring-25', value: 50, minOrder: 300 });
  });

  it.each([
    ['an empty code', { code: '  ' }, 'code', couponAdminMessages.codeRequired],
    ['a code with a space', { code: 'TWO WORDS' }, 'code', couponAdminMessages.codeFormat],
    ['a code over 40 characters', { code: 'X'.repeat(41) }, 'code', couponAdminMessages.codeFormat],
    ['a percent of 0', { value: 0 }, 'value', couponAdminMessages.percent],
    ['a percent above 100', { value: 101 }, 'value', couponAdminMessages.percent],
    ['a fixed amount of 0 øre', { type: 'fixed', value: 0 }, 'value', couponAdminMessages.amount],
    ['a value with decimals', { value: 10.5 }, 'value', couponAdminMessages.value],
    ['an unknown type', { type: 'free' }, 'type', couponAdminMessages.type],
    ['a negative minimum order', { minOrderOre: -1 }, 'minOrderOre', couponAdminMessages.minOrder],
    ['an end before the start', { validTo: at(-2) }, 'validTo', couponAdminMessages.validOrder],
    ['an end equal to the start', { validTo: at(-1) }, 'validTo', couponAdminMessages.validOrder],
    [
      'a date without an offset',
      { validFrom: '2026-05-01T00:00:00' },
      'validFrom',
      couponAdminMessages.date,
    ],
    ['total uses of 0', { usageLimit: 0 }, 'usageLimit', couponAdminMessages.usageLimit],
    [
      'uses per customer of 0',
      { usesPerCustomer: 0 },
      'usesPerCustomer',
      couponAdminMessages.usesPerCustomer,
    ],
    ['active as text', { active: 'yes' }, 'active', couponAdminMessages.active],
  ])(
    '(issue 14) refuses %s with 400 beside its field and stores nothing',
    async (_what, change, field, message) => {
      const before = await app.ctx.db.$count(promotions);
      const response = await call('POST', '/api/admin/coupons', {
        ...couponBody(`BAD${Math.random().toString(36).slice(2, 8)}`),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toMatchObject({ [field]: message });
      expect(await app.ctx.db.$count(promotions)).toBe(before);
    },
  );

  it('(issue 14) refuses a code another coupon has in any case with 409 beside the code', async () => {
    await create('Autumn');
    const response = await call('POST', '/api/admin/coupons', couponBody(' AUTUMN '));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: couponAdminMessages.codeTaken('AUTUMN'),
      fieldErrors: { code: couponAdminMessages.codeTaken('AUTUMN') },
    });
  });
});

describe('the list', () => {
  it('(issue 14) searches by part of the code and filters by the switch and the validity window', async () => {
    const tag = `L${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const current = await create(`${tag}-NOW`);
    const scheduled = await create(`${tag}-SOON`, { validFrom: at(2), validTo: at(9) });
    const expired = await create(`${tag}-PAST`, { validFrom: at(-9), validTo: at(-2) });
    const off = await create(`${tag}-OFF`, { active: false });
    const usedUp = await create(`${tag}-GONE`, { usageLimit: 1 });
    await app.ctx.db.update(promotions).set({ usedCount: 1 }).where(eq(promotions.id, usedUp.id));

    const list = async (query: string) => {
      const response = await call('GET', `/api/admin/coupons?q=${tag.toLowerCase()}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminCouponList>();
    };
    const all = await list('');
    expect(all.total).toBe(5);
    expect(Object.fromEntries(all.coupons.map((coupon) => [coupon.code, coupon.state]))).toEqual({
      [current.code]: 'current',
      [scheduled.code]: 'scheduled',
      [expired.code]: 'expired',
      [off.code]: 'inactive',
      [usedUp.code]: 'usedUp',
    });
    const codes = async (query: string) =>
      (await list(query)).coupons.map((coupon) => coupon.code).sort();
    expect(await codes('&active=false')).toEqual([off.code]);
    expect(await codes('&period=scheduled')).toEqual([scheduled.code]);
    expect(await codes('&period=expired')).toEqual([expired.code]);
    expect(await codes('&period=current&active=true')).toEqual([current.code, usedUp.code].sort());
    const page = await list('&pageSize=2&page=3');
    expect(page).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(page.coupons).toHaveLength(1);
    const wrong = await call('GET', '/api/admin/coupons?period=soon');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('period must be current, scheduled or expired');
  });
});

describe('editing a coupon', () => {
  it('(issue 14) saves new rules, logs the changed fields, and answers a new updatedAt', async () => {
    const coupon = await create('EDIT-ME');
    const response = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { code: 'Edited', value: 25, minOrderOre: 50_000, usageLimit: 10 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<AdminCoupon>();
    expect(saved).toMatchObject({ code: 'Edited', value: 25, minOrderOre: 50_000, usageLimit: 10 });
    expect(saved.updatedAt).not.toBe(coupon.updatedAt);
    const [entry] = await auditOf(coupon.id);
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry?.changes).toEqual({
      code: { from: 'EDIT-ME', to: 'Edited' },
      value: { from: 10, to: 25 },
      minOrderOre: { from: 0, to: 50_000 },
      usageLimit: { from: null, to: 10 },
    });
  });

  it('(issue 14) refuses a save from a coupon loaded before someone else changed it, and one without updatedAt', async () => {
    const coupon = await create('STALE');
    const first = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { value: 12 }),
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { value: 30 }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: couponAdminMessages.conflict });
    const missing = await call('PUT', `/api/admin/coupons/${coupon.id}`, {
      ...editBody(coupon),
      updatedAt: undefined,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      updatedAt: couponAdminMessages.updatedAtRequired,
    });
    const [row] = await app.ctx.db.select().from(promotions).where(eq(promotions.id, coupon.id));
    expect(row?.value).toBe(12);
  });

  it('(issue 14) a coupon switched off after an edit form was opened refuses that form’s save', async () => {
    const coupon = await create('SWITCHED');
    expect(
      (await call('PUT', `/api/admin/coupons/${coupon.id}/active`, { active: false })).statusCode,
    ).toBe(200);
    const save = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { value: 11 }),
    );
    expect(save.statusCode).toBe(409);
  });

  it('(issue 14) refuses total uses below the uses so far, and a code another coupon has', async () => {
    const coupon = await create('USED-FOUR', { usageLimit: 10 });
    await app.ctx.db.update(promotions).set({ usedCount: 4 }).where(eq(promotions.id, coupon.id));
    const below = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { usageLimit: 3 }),
    );
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      message: 'Total uses cannot be below the 4 uses so far',
      fieldErrors: { usageLimit: 'Total uses cannot be below the 4 uses so far' },
    });
    const equal = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(coupon, { usageLimit: 4 }),
    );
    expect(equal.statusCode).toBe(200);
    expect(equal.json()).toMatchObject({ usageLimit: 4, state: 'usedUp' });

    await create('TAKEN-CODE');
    const fresh = equal.json<AdminCoupon>();
    const clash = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(fresh, { code: 'taken-code' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ code: couponAdminMessages.codeTaken('taken-code') });
    // Its own code in another case is no clash.
    const recased = await call(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      editBody(fresh, { code: 'Used-Four' }),
    );
    expect(recased.statusCode).toBe(200);
  });

  it('(issue 14) answers 404 for an unknown coupon and 400 for a malformed id', async () => {
    const unknown = await call('GET', '/api/admin/coupons/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: couponAdminMessages.notFound });
    expect((await call('GET', '/api/admin/coupons/not-an-id')).statusCode).toBe(400);
  });
});

describe('switching a coupon off', () => {
  it('(issue 14) CART-25 an inactive coupon is refused as not valid by the lookup, the cart and the checkout, and works again once on', async () => {
    const coupon = await create('PAUSED');
    const switchTo = async (active: boolean) => {
      const response = await call('PUT', `/api/admin/coupons/${coupon.id}/active`, { active });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ active, state: active ? 'current' : 'inactive' });
    };
    await switchTo(false);
    const lines = [line(itemOf('ethiopian-coffee-beans'))];
    const lookup = await call('GET', '/api/promo/paused', undefined, 'nobody');
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json()).toEqual({ message: 'Coupon paused is not valid' });
    const cart = await app.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart',
      payload: { cartItems: lines, currencyCode: 'NOK', couponCode: 'PAUSED' },
    });
    expect(cart.statusCode).toBe(400);
    expect(cart.json()).toEqual({ message: 'Coupon PAUSED is not valid', field: 'couponCode' });
    const buyer = await shopper();
    const payment = await createPayment(app.ctx.app, buyer, lines, { couponCode: 'PAUSED' });
    expect(payment.statusCode).toBe(400);
    expect(payment.json()).toEqual({ message: 'Coupon PAUSED is not valid', field: 'couponCode' });

    await switchTo(true);
    expect((await call('GET', '/api/promo/paused', undefined, 'nobody')).statusCode).toBe(200);
    expect(
      (await createPayment(app.ctx.app, buyer, lines, { couponCode: 'PAUSED' })).statusCode,
    ).toBe(200);
    const actions = (await auditOf(coupon.id)).map((entry) => entry.action);
    expect(actions).toEqual(['activate', 'deactivate', 'create']);
    // Setting what is set changes nothing and logs nothing.
    await switchTo(true);
    expect(await auditOf(coupon.id)).toHaveLength(3);
  });

  it('(issue 14) a payment made while the coupon was on still becomes its order after it is switched off', async () => {
    const coupon = await create('LATE-OFF');
    const buyer = await shopper();
    const lines = [line(itemOf('green-tea'))];
    const payment = await paidPayment(app.ctx.app, buyer, lines, { couponCode: 'LATE-OFF' });
    await call('PUT', `/api/admin/coupons/${coupon.id}/active`, { active: false });
    const order = await placeOrder(app.ctx.app, buyer, payment.paymentId, lines);
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({ couponCode: 'LATE-OFF' });
  });
});

describe('a coupon’s uses', () => {
  it('(issue 14) the coupon page counts the uses and lists the orders, as the orders list filtered by it does; the minimum order holds at checkout', async () => {
    const coupon = await create('TEN-FROM-300', { minOrderOre: 30_000 });
    const buyer = await shopper();
    const below = [line(itemOf('ethiopian-coffee-beans'))];
    const above = [line(itemOf('ethiopian-coffee-beans'), 2)];
    // 199 kr is below the minimum: no discount; 398 kr gets 10 %.
    const cart = async (lines: typeof below) =>
      (
        await app.ctx.app.inject({
          method: 'POST',
          url: '/api/orders/cart',
          payload: { cartItems: lines, currencyCode: 'NOK', couponCode: 'TEN-FROM-300' },
        })
      ).json();
    expect(await cart(below)).toMatchObject({ discount: 0, grandTotal: 199 });
    expect(await cart(above)).toMatchObject({ discount: 39.8, grandTotal: 358.2 });

    const payment = await paidPayment(app.ctx.app, buyer, above, { couponCode: 'TEN-FROM-300' });
    const placed = await placeOrder(app.ctx.app, buyer, payment.paymentId, above);
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({ couponCode: 'TEN-FROM-300', discount: 39.8 });

    const detail = await call('GET', `/api/admin/coupons/${coupon.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json<AdminCouponDetail>();
    expect(body).toMatchObject({ usedCount: 1, orderCount: 1 });
    expect(body.orders.map((row) => row.id)).toEqual([order._id]);
    const filtered = await call('GET', `/api/admin/orders?couponId=${coupon.id}`);
    expect(filtered.json<AdminOrderList>().orders.map((row) => row.id)).toEqual([order._id]);
    // The orders list's filter is staff's too, like the rest of the orders list.
    expect(
      (await call('GET', `/api/admin/orders?couponId=${coupon.id}`, undefined, 'staff')).statusCode,
    ).toBe(200);
  });
});

describe('deleting a coupon', () => {
  it('(issue 14) deletes an unused coupon and logs it; refuses a used one, saying to switch it off', async () => {
    const unused = await create('NEVER-USED');
    expect((await call('DELETE', `/api/admin/coupons/${unused.id}`)).statusCode).toBe(204);
    expect(await app.ctx.db.$count(promotions, eq(promotions.id, unused.id))).toBe(0);
    const [entry] = await auditOf(unused.id);
    expect(entry).toMatchObject({ action: 'delete' });
    expect(entry?.changes).toMatchObject({ code: { from: 'NEVER-USED', to: null } });

    const used = await create('USED-ONCE');
    const buyer = await shopper();
    const lines = [line(itemOf('wool-socks'))];
    const payment = await paidPayment(app.ctx.app, buyer, lines, { couponCode: 'USED-ONCE' });
    expect((await placeOrder(app.ctx.app, buyer, payment.paymentId, lines)).statusCode).toBe(201);
    const refused = await call('DELETE', `/api/admin/coupons/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: couponAdminMessages.usedDelete('USED-ONCE', 1) });
    expect(await app.ctx.db.$count(promotions, eq(promotions.id, used.id))).toBe(1);
  });
});
