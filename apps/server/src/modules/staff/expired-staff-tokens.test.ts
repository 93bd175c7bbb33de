import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { removeExpiredStaffTokens } from './expired-staff-tokens.js';
import { staffChallenges, staffInvitations } from './staff.tables.js';

// Issue 16: the hourly clean-up of the staff's expired tokens, on each test database.

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function invitation(expiresInMinutes: number, state: 'open' | 'accepted' | 'revoked') {
  const [row] = await ctx.db
    .insert(staffInvitations)
    .values({
      email: `${randomUUID()}@example.no`,
      role: 'staff',
      tokenHash: randomUUID(),
      invitedBy: owner.id,
      expiresAt: at(expiresInMinutes),
      acceptedAt: state === 'accepted' ? new Date() : null,
      revokedAt: state === 'revoked' ? new Date() : null,
    })
    .returning({ id: staffInvitations.id });
  return row?.id ?? '';
}

async function challenge(expiresInMinutes: number) {
  const [row] = await ctx.db
    .insert(staffChallenges)
    .values({ userId: owner.id, tokenHash: randomUUID(), expiresAt: at(expiresInMinutes) })
    .returning({ id: staffChallenges.id });
  return row?.id ?? '';
}

it('(issue 16) removes invitations past their expiry, whatever became of them, and expired second-factor challenges; keeps the rest', async () => {
  const gone = [
    await invitation(-1, 'open'),
    await invitation(-60, 'accepted'),
    await invitation(-60, 'revoked'),
  ];
  const open = await invitation(60 * 24, 'open');
  const expiredChallenge = await challenge(-1);
  const liveChallenge = await challenge(5);

  expect(await removeExpiredStaffTokens(ctx.db)).toEqual({ challenges: 1, invitations: 3 });

  const invitations = await ctx.db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(inArray(staffInvitations.id, [...gone, open]));
  expect(invitations.map((row) => row.id)).toEqual([open]);
  const challenges = await ctx.db
    .select({ id: staffChallenges.id })
    .from(staffChallenges)
    .where(inArray(staffChallenges.id, [expiredChallenge, liveChallenge]));
  expect(challenges.map((row) => row.id)).toEqual([liveChallenge]);
});
