import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCustomerDetailSchema,
  adminCustomerMessages,
  adminCustomerPageSchema,
  adminMessages,
  blockedAccountMessage,
  customerExportSchema,
  serverMessages,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  deliveredTo,
  latestMail,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { required, type CatalogFixture } from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import type { StaffMember } from '../../test/staff-session.js';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import type { TestContext } from '../../test/test-app.js';
import { users } from '../accounts/accounts.tables.js';
import { auditLog } from '../audit/audit.tables.js';
import { enquiries } from '../enquiries/enquiries.tables.js';
import { orders } from '../orders/orders.tables.js';
import { reviews } from '../reviews/reviews.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ({ ctx, catalog, owner, staff } = await createBackOfficeTestApp());
});
afterAll(() => ctx.close());

const teaItem = () => required(catalog.products['green-tea']?.itemIds[''], 'green tea item');
const teaFamily = () => required(catalog.products['green-tea'], 'green tea').id;

type Session = { accessToken: string };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  session?: Session,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });

/** A verified customer with an Oslo address, one paid order of green tea and a review of it. */
async function customerWithHistory(name = 'Kari Nordmann') {
  const email = uniqueEmail('customer');
  const user = await createVerifiedUser(ctx.app, ctx.db, { email, name });
  await saveOsloAddress(ctx.app, user);
  const lines = [line(teaItem(), 2)];
  const payment = await paidPayment(ctx.app, user, lines);
  const placed = await placeOrder(ctx.app, user, payment.paymentId, lines);
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  const orderId = placed.json<{ _id: string }>()._id;
  await ctx.db
    .insert(reviews)
    .values({ productId: teaFamily(), userId: user._id, rating: 4, review: 'Fresh and green.' });
  const wish = await call('PUT', '/api/products/wishlist', user, { productId: teaItem() });
  expect(wish.statusCode).toBe(201);
  await ctx.db.insert(enquiries).values({
    fullname: name,
    email,
    phone: '+47 912 34 567',
    message: 'Office cleaning?',
  });
  return { user, email, orderId };
}

const login = (email: string, password = strongPassword) =>
  ctx.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/subscribers/login',
    payload: { email, password },
  });
const refresh = (user: SessionUser) =>
  ctx.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/subscribers/refresh',
    payload: { refreshToken: user.refreshToken },
  });

describe('customers in the back office (issue 13)', () => {
  it('lists customers only (no staff, no guests), searches by name or address, filters verified and blocked', async () => {
    // Letters only, so the tag can be part of a name (the name rule refuses digits).
    const tag = randomUUID()
      .slice(0, 8)
      .replace(/\d/g, (digit) => String.fromCharCode(103 + Number(digit)));
    const verified = await createVerifiedUser(ctx.app, ctx.db, { name: `Verified ${tag}` });
    const unverifiedEmail = uniqueEmail(`unverified-${tag}`);
    const signup = await ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers',
      payload: {
        name: 'Not Yet',
        email: unverifiedEmail,
        password: strongPassword,
        provider: 'local',
      },
    });
    expect(signup.statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/subscribers/guest' });
    const list = async (query: string) => {
      const response = await call('GET', `/api/admin/customers?${query}`, staff.session);
      expect(response.statusCode, response.body).toBe(200);
      return adminCustomerPageSchema.parse(response.json());
    };
    expect((await list(`q=${tag}`)).customers.map((row) => row.email)).toEqual([
      unverifiedEmail,
      verified.email,
    ]);
    expect((await list(`q=Verified%20${tag}`)).customers).toEqual([
      expect.objectContaining({
        id: verified._id,
        verified: true,
        blocked: null,
        provider: 'local',
      }),
    ]);
    expect((await list(`q=${tag}&verified=false`)).customers.map((row) => row.email)).toEqual([
      unverifiedEmail,
    ]);
    expect((await list(`q=${tag}&blocked=true`)).total).toBe(0);
    const everyone = await list('pageSize=100');
    const roles = await ctx.db
      .select({ id: users.id, role: users.role, provider: users.provider })
      .from(users);
    const byId = new Map(roles.map((row) => [row.id, row]));
    for (const row of everyone.customers) {
      expect(byId.get(row.id)?.role).toBe('customer');
      expect(byId.get(row.id)?.provider).not.toBe('guest');
    }
    expect(everyone.customers.map((row) => row.id)).not.toContain(staff.id);
    expect((await list(`q=${encodeURIComponent(staff.email)}`)).total).toBe(0);
  });

  it('the detail has profile, verified state, addresses, orders with their states and reviews', async () => {
    const { user, email, orderId } = await customerWithHistory('Åse Øren');
    const response = await call('GET', `/api/admin/customers/${user._id}`, staff.session);
    expect(response.statusCode, response.body).toBe(200);
    const detail = adminCustomerDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id: user._id,
      name: 'Åse Øren',
      email,
      verified: true,
      blocked: null,
    });
    expect(detail.shippingDetails?.city).toBe('Oslo');
    expect(detail.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        itemCount: 2,
        deliveryStatus: 'PENDING',
        refundedOre: 0,
      }),
    ]);
    expect(detail.orders[0]?.grandTotalOre).toBeGreaterThan(0);
    expect(detail.reviews).toEqual([
      expect.objectContaining({ productId: teaFamily(), rating: 4, status: 'PENDING' }),
    ]);
  });

  it('the owner exports everything held about the customer as JSON; staff may not (403); audited', async () => {
    const { user, email, orderId } = await customerWithHistory('Per Hansen');
    const asStaff = await call('GET', `/api/admin/customers/${user._id}/export`, staff.session);
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json()).toEqual({ message: adminMessages.ownerOnly });
    const response = await call('GET', `/api/admin/customers/${user._id}/export`, owner.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`customer-${user._id}.json`);
    const data = customerExportSchema.parse(response.json());
    expect(data.profile).toMatchObject({ id: user._id, email, name: 'Per Hansen', signInWith: [] });
    expect(data.addresses.shippingDetails?.city).toBe('Oslo');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ _id: orderId, paymentStatus: expect.any(String) });
    expect(data.orders[0]?.orderItems).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(data.orders[0]?.shippingDetails?.city).toBe('Oslo');
    expect(data.reviews).toEqual([expect.objectContaining({ review: 'Fresh and green.' })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ itemId: teaItem() })]);
    expect(data.enquiries).toEqual([
      expect.objectContaining({ email, message: 'Office cleaning?', replies: [] }),
    ]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, user._id)));
    expect(audit.map((row) => [row.action, row.actorEmail])).toEqual([['export', owner.email]]);
  });

  it('a blocked customer is signed out at once, and login and refresh are refused with the reason; unblocking restores login', async () => {
    const email = uniqueEmail('blocked');
    const user = await createVerifiedUser(ctx.app, ctx.db, { email });
    const reason = 'Repeated abusive messages';
    const asStaff = await call('POST', `/api/admin/customers/${user._id}/block`, staff.session, {
      reason,
    });
    expect(asStaff.statusCode).toBe(403);
    const blocked = await call('POST', `/api/admin/customers/${user._id}/block`, owner.session, {
      reason: `  ${reason} `,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(adminCustomerDetailSchema.parse(blocked.json()).blocked).toMatchObject({ reason });

    const profile = await call('GET', '/api/subscribers/profile', user);
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ message: serverMessages.notAuthorized });
    const message = blockedAccountMessage(reason);
    expect(message).toBe(`This account is blocked: ${reason}. Contact the shop.`);
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message });
    // A wrong password still tells a stranger nothing.
    expect((await login(email, 'Wrong pass 1!')).statusCode).toBe(401);
    const refreshed = await refresh(user);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json()).toEqual({ message });

    const filtered = adminCustomerPageSchema.parse(
      (
        await call(
          'GET',
          `/api/admin/customers?blocked=true&q=${encodeURIComponent(email)}`,
          staff.session,
        )
      ).json(),
    );
    expect(filtered.customers.map((row) => row.id)).toEqual([user._id]);

    const unblocked = await call('POST', `/api/admin/customers/${user._id}/unblock`, owner.session);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ blocked: null });
    expect((await login(email)).statusCode).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, user._id)))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['block', 'unblock']);
  });

  it('staff resend the verification mail of an unverified customer; a verified one is 409', async () => {
    const email = uniqueEmail('resend');
    await ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers',
      payload: { name: 'Ola Nordmann', email, password: strongPassword, provider: 'local' },
    });
    const first = await latestMail(ctx.db, email, 'verify-email');
    const [account] = await ctx.db.select().from(users).where(eq(users.email, email));
    const id = required(account, 'account').id;
    const resent = await call(
      'POST',
      `/api/admin/customers/${id}/resend-verification`,
      staff.session,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ message: adminCustomerMessages.verificationSent });
    const second = await latestMail(ctx.db, email, 'verify-email');
    expect(second?.id).not.toBe(first?.id);
    const verified = await createVerifiedUser(ctx.app, ctx.db);
    const again = await call(
      'POST',
      `/api/admin/customers/${verified._id}/resend-verification`,
      staff.session,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: adminCustomerMessages.alreadyVerified });
  });

  it('the owner deletes an account as the customer can: orders kept with addresses cleared; staff 403', async () => {
    const { user, email, orderId } = await customerWithHistory('Eva Lie');
    expect(
      (await call('DELETE', `/api/admin/customers/${user._id}`, staff.session)).statusCode,
    ).toBe(403);
    const deleted = await call('DELETE', `/api/admin/customers/${user._id}`, owner.session);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await ctx.db.select().from(users).where(eq(users.id, user._id))).toEqual([]);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, shippingDetails: null, billingDetails: null });
    expect(order?.grandTotalOre).toBeGreaterThan(0);
    expect((await deliveredTo(ctx.app, 'account-deleted', email)).subject).toBe(
      'Your Nordic Trading account was deleted',
    );
    expect((await login(email)).statusCode).toBe(401);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'customer'),
          eq(auditLog.action, 'delete'),
          eq(auditLog.entityId, user._id),
        ),
      );
    expect(audit?.actorEmail).toBe(owner.email);
    expect((await call('GET', `/api/admin/customers/${user._id}`, staff.session)).statusCode).toBe(
      404,
    );
  });

  it('403 for customers, 404 for unknown ids and staff accounts, 400 for bad input, never 500', async () => {
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/customers', undefined],
      ['GET', `/api/admin/customers/${customer._id}`, undefined],
      ['POST', `/api/admin/customers/${customer._id}/resend-verification`, undefined],
      ['POST', `/api/admin/customers/${customer._id}/block`, { reason: 'x' }],
      ['GET', `/api/admin/customers/${customer._id}/export`, undefined],
      ['DELETE', `/api/admin/customers/${customer._id}`, undefined],
    ] as const) {
      const response = await call(method, url, customer, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: adminMessages.staffOnly });
    }
    for (const id of [randomUUID(), staff.id, owner.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/admin/customers/${id}`, undefined],
        ['POST', `/api/admin/customers/${id}/resend-verification`, undefined],
        ['POST', `/api/admin/customers/${id}/block`, { reason: 'x' }],
        ['POST', `/api/admin/customers/${id}/unblock`, undefined],
        ['GET', `/api/admin/customers/${id}/export`, undefined],
        ['DELETE', `/api/admin/customers/${id}`, undefined],
      ] as const) {
        const response = await call(method, url, owner.session, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: adminCustomerMessages.notFound });
      }
    }
    for (const payload of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 'a\nb' }]) {
      const response = await call(
        'POST',
        `/api/admin/customers/${customer._id}/block`,
        owner.session,
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/api/admin/customers/not-an-id', staff.session)).statusCode).toBe(
      400,
    );
    for (const query of ['verified=yes', 'blocked=1', 'page=0', 'pageSize=1000'])
      expect((await call('GET', `/api/admin/customers?${query}`, staff.session)).statusCode).toBe(
        400,
      );
    expect((await login(customer.email)).statusCode).toBe(200);
  });
});
