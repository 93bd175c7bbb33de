// The postgres project only (vitest.config.ts): two processes need two connections.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '@shop/shared';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { accountTokens, refreshTokens } from './accounts.tables.js';
import { removeExpiredAccountTokens } from './expired-tokens.js';

// Issue 16: the clean-up of expired tokens run by two processes at once, and beside a request
// that holds a token.

let ctx: TestContext;
let second: DatabaseHandle;
let user: SessionUser;
beforeAll(async () => {
  ctx = await createTestApp();
  if (!ctx.databaseUrl) throw new Error('this file runs in the postgres project only');
  second = await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolSize: 2 });
  user = await createVerifiedUser(ctx.app, ctx.db);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

/** Fails instead of waiting for ever when the clean-up waits for a lock. */
function within<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

it('(issue 16) two processes cleaning at once remove each expired token once, without an error', async () => {
  const rows = Array.from({ length: 1_200 }, () => ({
    userId: user._id,
    purpose: 'reset-password' as const,
    tokenHash: randomUUID(),
    expiresAt: yesterday(),
  }));
  const ids = (
    await ctx.db.insert(accountTokens).values(rows).returning({ id: accountTokens.id })
  ).map((row) => row.id);

  const removed = await within(
    Promise.all([removeExpiredAccountTokens(ctx.db), removeExpiredAccountTokens(second.db)]),
  );

  expect(removed[0].accountTokens + removed[1].accountTokens).toBe(ids.length);
  expect(await ctx.db.$count(accountTokens, inArray(accountTokens.id, ids))).toBe(0);
});

it('(issue 16) a token a request holds is left for the next round, not waited for', async () => {
  const familyId = randomUUID();
  const [held] = await ctx.db
    .insert(refreshTokens)
    .values(
      [0, 1].map(() => ({
        userId: user._id,
        familyId,
        tokenHash: randomUUID(),
        expiresAt: yesterday(),
      })),
    )
    .returning({ id: refreshTokens.id });
  let release = () => {};
  let holding = () => {};
  const isHeld = new Promise<void>((resolve) => (holding = resolve));
  // A rotation on another connection has locked the token and not yet committed.
  const rotation = second.db.transaction(async (tx) => {
    await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.id, held?.id ?? ''))
      .for('update');
    holding();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isHeld;
  try {
    const removed = await within(removeExpiredAccountTokens(ctx.db));
    expect(removed.refreshTokens).toBe(1);
    const left = await ctx.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId));
    expect(left.map((row) => row.id)).toEqual([held?.id]);
  } finally {
    release();
    await rotation;
  }
  expect((await removeExpiredAccountTokens(ctx.db)).refreshTokens).toBe(1);
  expect(await ctx.db.$count(refreshTokens, eq(refreshTokens.familyId, familyId))).toBe(0);
});
