import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '@shop/shared';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { accountTokens, refreshTokens } from './accounts.tables.js';
import { removeExpiredAccountTokens } from './expired-tokens.js';

// Issue 16: the hourly clean-up of tokens that can no longer do anything, on each test database.

let ctx: TestContext;
let user: SessionUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await createVerifiedUser(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

async function accountToken(purpose: 'verify-email' | 'reset-password', expiresInHours: number) {
  const [row] = await ctx.db
    .insert(accountTokens)
    .values({ userId: user._id, purpose, tokenHash: randomUUID(), expiresAt: at(expiresInHours) })
    .returning({ id: accountTokens.id });
  return row?.id ?? '';
}

async function refreshToken(familyId: string, expiresInHours: number, revoked = false) {
  const [row] = await ctx.db
    .insert(refreshTokens)
    .values({
      userId: user._id,
      familyId,
      tokenHash: randomUUID(),
      expiresAt: at(expiresInHours),
      revokedAt: revoked ? new Date() : null,
    })
    .returning({ id: refreshTokens.id });
  return row?.id ?? '';
}

const remaining = async (table: typeof accountTokens | typeof refreshTokens, ids: string[]) =>
  (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map(
    (row) => row.id,
  );

it('(issue 16) removes expired mailed-link tokens, used or not, and keeps the live ones', async () => {
  const expiredReset = await accountToken('reset-password', -2);
  const expiredVerify = await accountToken('verify-email', -1);
  await ctx.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(eq(accountTokens.id, expiredVerify));
  const liveReset = await accountToken('reset-password', 1);

  const removed = await removeExpiredAccountTokens(ctx.db);

  expect(removed.accountTokens).toBe(2);
  expect(await remaining(accountTokens, [expiredReset, expiredVerify, liveReset])).toEqual([
    liveReset,
  ]);
});

it('(issue 16) removes the refresh tokens of ended sessions and keeps every token of a live one, so reuse of a replaced one is still noticed', async () => {
  const ended = randomUUID();
  const endedTokens = [await refreshToken(ended, -48, true), await refreshToken(ended, -24)];
  // Signed out: its last token was revoked, and it has expired too.
  const signedOut = randomUUID();
  const signedOutTokens = [await refreshToken(signedOut, -1, true)];
  const live = randomUUID();
  const liveTokens = [await refreshToken(live, -24, true), await refreshToken(live, 24 * 29)];

  const removed = await removeExpiredAccountTokens(ctx.db);

  expect(removed.refreshTokens).toBe(3);
  expect(
    await remaining(refreshTokens, [...endedTokens, ...signedOutTokens, ...liveTokens]),
  ).toEqual(expect.arrayContaining(liveTokens));
  expect(
    await remaining(refreshTokens, [...endedTokens, ...signedOutTokens, ...liveTokens]),
  ).toHaveLength(2);
  // The user's own session, opened at sign-up, is untouched.
  expect(await ctx.db.$count(refreshTokens, eq(refreshTokens.userId, user._id))).toBe(3);
  expect(await removeExpiredAccountTokens(ctx.db)).toEqual({ accountTokens: 0, refreshTokens: 0 });
});
