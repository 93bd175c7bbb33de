import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountServerMessages, type SessionUser } from '@shop/shared';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { bearer, createVerifiedUser, uniqueIp } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment } from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { checkouts, orders } from '../orders/orders.tables.js';
import { customerOrders } from '../orders/orders.service.js';
import { refreshTokens, users, wishlistItems } from './accounts.tables.js';
import { GUEST_LIFETIME_MS, removeIdleGuests } from './idle-guests.js';

// Runs on each test database; the PostgreSQL run is the one with real concurrent connections.
let ctx: TestContext;
let catalog: CatalogFixture;
beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
});
afterAll(() => ctx.close());

const socks = () => required(catalog.products['wool-socks'], 'the wool socks').defaultItemId;

async function newGuest(remoteAddress = uniqueIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/subscribers/guest', remoteAddress });
}

async function guest(): Promise<SessionUser> {
  const response = await newGuest();
  if (response.statusCode !== 200) throw new Error(`guest session failed: ${response.body}`);
  return response.json<SessionUser>();
}

/** Moves a user's creation and sessions `hours` into the past. */
async function age(userId: string, hours: number) {
  const then = sql`now() - make_interval(hours => ${hours})`;
  await ctx.db.update(users).set({ createdAt: then }).where(eq(users.id, userId));
  await ctx.db
    .update(refreshTokens)
    .set({ createdAt: then })
    .where(eq(refreshTokens.userId, userId));
}

const removeIdle = (db: Database = ctx.db) =>
  removeIdleGuests(db, new Date(Date.now() - GUEST_LIFETIME_MS), customerOrders);

const userExists = async (userId: string) =>
  (await ctx.db.$count(users, eq(users.id, userId))) === 1;

/** The order the provider's webhook makes for a payment nobody came back from. */
async function orderFromWebhook(paymentId: string) {
  const provider = ctx.app.paymentProvider;
  const authorization =
    'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/test',
    headers: { authorization },
    payload: { event: 'payment.reservation.created.v2', data: { paymentId } },
  });
  expect(response.statusCode).toBe(200);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(order, 'the order');
}

describe('guest sessions', () => {
  it('answers the 21st guest session from one address in an hour with 429 and a message; another address still gets one (issue 17.4)', async () => {
    const remoteAddress = uniqueIp();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1)
      codes.push((await newGuest(remoteAddress)).statusCode);
    expect(codes).toEqual(Array(20).fill(200));
    const refused = await newGuest(remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: accountServerMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await newGuest(uniqueIp())).statusCode).toBe(200);
  });

  it('removes a guest older than a day without orders, with its tokens, wishlist and given-up checkouts (issue 17.4)', async () => {
    const idle = await guest();
    await ctx.db.insert(wishlistItems).values({ userId: idle._id, productId: socks() });
    const [givenUp] = await ctx.db
      .insert(checkouts)
      .values({
        provider: 'test',
        paymentId: `given-up-${idle._id}`,
        userId: idle._id,
        status: 'cancelled',
        lines: [],
        itemsTotalOre: 0,
        discountOre: 0,
        shippingOre: 0,
        amountOre: 0,
      })
      .returning();
    await age(idle._id, 25);

    expect(await removeIdle()).toBeGreaterThanOrEqual(1);
    expect(await userExists(idle._id)).toBe(false);
    expect(await ctx.db.$count(refreshTokens, eq(refreshTokens.userId, idle._id))).toBe(0);
    expect(await ctx.db.$count(wishlistItems, eq(wishlistItems.userId, idle._id))).toBe(0);
    expect(await ctx.db.$count(checkouts, eq(checkouts.id, required(givenUp, 'checkout').id))).toBe(
      0,
    );
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribers/refresh',
      remoteAddress: uniqueIp(),
      payload: { refreshToken: idle.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('keeps a guest whose payment became an order, and one whose payment is still open (issue 17.4)', async () => {
    const buyer = await guest();
    const paid = await paidPayment(ctx.app, buyer, [line(socks())], { storePickup: true });
    const order = await orderFromWebhook(paid.paymentId);
    expect(order.userId).toBe(buyer._id);
    const paying = await guest();
    await paidPayment(ctx.app, paying, [line(socks())], { storePickup: true });
    await age(buyer._id, 48);
    await age(paying._id, 48);

    await removeIdle();
    expect(await userExists(buyer._id)).toBe(true);
    expect(await userExists(paying._id)).toBe(true);
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.userId).toBe(buyer._id);
  });

  it('keeps a new guest and one whose session was refreshed within the day (issue 17.4)', async () => {
    const fresh = await guest();
    const returning = await guest();
    await ctx.db
      .update(users)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(users.id, returning._id));

    await removeIdle();
    expect(await userExists(fresh._id)).toBe(true);
    expect(await userExists(returning._id)).toBe(true);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/profile',
      headers: bearer(returning),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('never touches a signed-in account, however old (issue 17.4)', async () => {
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    await age(customer._id, 24 * 30);
    await removeIdle();
    expect(await userExists(customer._id)).toBe(true);
  });

  it('removes idle guests when a server starts (issue 17.4)', async () => {
    const idle = await guest();
    await age(idle._id, 25);
    // Another server on the same database; closing it waits for its start-up sweep.
    const other = await buildApp({
      env: ctx.env,
      database: {
        db: ctx.db,
        kind: ctx.databaseUrl ? 'postgres' : 'pglite',
        migrate: async () => {},
        // Its search index never reads the catalogue; this test does not search.
        listen: async () => async () => {},
        // A process of its own: its jobs never wait for this file's server.
        runAlone: async (_name, work) => ({ ran: true, value: await work() }),
        close: async () => {},
      },
    });
    await other.ready();
    await other.close();
    expect(await userExists(idle._id)).toBe(false);
  });

  it('removes each idle guest once when two processes sweep at the same time (issue 17.4)', async () => {
    const guests = await Promise.all(Array.from({ length: 30 }, () => guest()));
    for (const { _id } of guests) await age(_id, 30);
    const second = ctx.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolSize: 2 })
      : undefined;
    try {
      const removed = await Promise.all([removeIdle(), removeIdle(second?.db)]);
      expect(removed[0] + removed[1]).toBe(30);
    } finally {
      await second?.close();
    }
    const ids = guests.map(({ _id }) => _id);
    expect(await ctx.db.$count(users, inArray(users.id, ids))).toBe(0);
  });

  it('keeps a guest whose order is being stored while the sweep runs (issue 17.4)', async () => {
    const buyer = await guest();
    await age(buyer._id, 30);
    // A second connection holds the order's transaction open while the sweep runs; PGlite has
    // one connection, so there the two only run one after the other.
    const second = ctx.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolSize: 1 })
      : undefined;
    let stored = () => {};
    const orderInserted = new Promise<void>((resolve) => (stored = resolve));
    let commit = () => {};
    const commitAllowed = new Promise<void>((resolve) => (commit = resolve));
    try {
      const placing = (second?.db ?? ctx.db).transaction(async (tx) => {
        const [checkout] = await tx
          .insert(checkouts)
          .values({
            provider: 'test',
            paymentId: `racing-${buyer._id}`,
            userId: buyer._id,
            status: 'ordered',
            lines: [],
            itemsTotalOre: 1000,
            discountOre: 0,
            shippingOre: 0,
            amountOre: 1000,
          })
          .returning();
        await tx.insert(orders).values({
          checkoutId: required(checkout, 'checkout').id,
          userId: buyer._id,
          paymentProvider: 'test',
          paymentId: `racing-${buyer._id}`,
          storePickup: true,
          quickBuy: false,
          itemsTotalOre: 1000,
          discountOre: 0,
          shippingOre: 0,
          grandTotalOre: 1000,
          vatLines: [],
        });
        stored();
        if (second) await commitAllowed;
      });
      if (second) {
        await orderInserted;
        const sweep = removeIdle();
        // A sweep that waits for the order's lock instead of skipping it is let go on commit.
        await Promise.race([sweep, waitingOnALock()]);
        commit();
        await Promise.all([placing, sweep]);
      } else await Promise.all([placing, removeIdle()]);
    } finally {
      commit();
      await second?.close();
    }
    expect(await userExists(buyer._id)).toBe(true);
    const [order] = await ctx.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.paymentId, `racing-${buyer._id}`));
    expect(order?.userId).toBe(buyer._id);
  });
});

/** Resolves once some session of this database waits for a row lock. */
async function waitingOnALock() {
  for (;;) {
    const result = await ctx.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const [row] = (Array.isArray(result) ? result : []) as { waiting: number }[];
    if ((row?.waiting ?? 0) > 0) return;
    await sleep(20);
  }
}
