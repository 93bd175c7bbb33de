import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, adminVerifyResponseSchema, auditPageSchema } from '@shop/shared';
import { bearer, linkPath } from '../../test/account-fixtures.js';
import { challengeFromAnywhere, verifyAnswer, wrongTotpCode } from '../../test/staff-guessing.js';
import { createStaffMember, freshTotpCode, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { users } from '../accounts/accounts.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { deliveredCopy } from '../../test/account-fixtures.js';
import { FIRST_LOCK_MS, WRONG_CODES_PER_LOCK } from './staff.service.js';
import { staffSecondFactors } from './staff.tables.js';

let ctx: TestContext;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const factorOf = async (member: StaffMember) => {
  const [factor] = await ctx.db
    .select()
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, member.id));
  return factor;
};

const lockMails = (member: StaffMember) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, member.email), eq(mailOutbox.kind, 'second-factor-locked')))
    .orderBy(mailOutbox.createdAt);

/** Wrong codes, each on a challenge of its own from an address of its own; their answers. */
async function guessWrong(member: StaffMember, count: number) {
  const answers = [];
  for (let guess = 0; guess < count; guess += 1) {
    const challenge = await challengeFromAnywhere(ctx.app, member);
    answers.push(await verifyAnswer(ctx.app, challenge, { code: wrongTotpCode(member.secret) }));
  }
  return answers;
}

/** Lets the lock's time pass, as the clock would. */
const endLock = (member: StaffMember) =>
  ctx.db
    .update(staffSecondFactors)
    .set({ lockedUntil: new Date(Date.now() - 1_000) })
    .where(eq(staffSecondFactors.userId, member.id));

describe('wrong second-factor codes per account, from any address (issue 29.16)', () => {
  it('locks the app codes after 10 wrong in a row over many addresses and challenges, mails the member and writes the audit log; a recovery code still gets in', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Ida Ansatt' });
    // A member who chose English: staff mails are in the member's language (issue 31.7).
    await ctx.db.update(users).set({ locale: 'en' }).where(eq(users.id, member.id));
    const answers = await guessWrong(member, WRONG_CODES_PER_LOCK);
    const firstNine = answers.slice(0, -1);
    expect(firstNine.map((answer) => answer.statusCode)).toEqual(firstNine.map(() => 401));
    expect(firstNine.map((answer) => answer.json())).toEqual(
      firstNine.map(() => ({ message: adminMessages.wrongCode })),
    );
    const locking = answers.at(-1);
    expect(locking?.statusCode).toBe(429);
    const { message } = locking?.json<{ message: string }>() ?? { message: '' };
    expect(message).toMatch(
      /^Too many wrong codes for this account\. Codes from your authenticator app are refused until \d{1,2} \w+ at \d\d:\d\d \(Norwegian time\); a recovery code still works\./,
    );

    const factor = await factorOf(member);
    expect(factor?.wrongCodes).toBe(WRONG_CODES_PER_LOCK);
    const lockLeft = (factor?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockLeft).toBeGreaterThan(FIRST_LOCK_MS - 60_000);
    expect(lockLeft).toBeLessThanOrEqual(FIRST_LOCK_MS);

    // Even the right code waits now: a guesser learns nothing from the answers of the lock.
    const right = await verifyAnswer(ctx.app, await challengeFromAnywhere(ctx.app, member), {
      code: await freshTotpCode(ctx.db, member.id, member.secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message });

    const [mail, ...more] = await lockMails(member);
    expect(more).toEqual([]);
    const copy = await deliveredCopy(ctx.app, mail?.id ?? '');
    expect(copy.subject).toBe('Sign-in codes paused for your Nordic Trading back office account');
    expect(copy.text).toContain('Hi Ida Ansatt,');
    expect(copy.text).toContain('then 10 wrong codes were entered in a row');
    expect(copy.text).toContain('sign in now with one of your recovery codes');
    expect(linkPath(copy.text, '/forgot-password')).toBe('/forgot-password');

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=staff&action=lock-second-factor&entityId=${member.id}`,
      headers: bearer(owner.session),
    });
    expect(audit.statusCode).toBe(200);
    expect(auditPageSchema.parse(audit.json()).entries).toEqual([
      expect.objectContaining({
        actorEmail: member.email,
        changes: {
          wrongCodes: { from: WRONG_CODES_PER_LOCK - 1, to: WRONG_CODES_PER_LOCK },
          lockedUntil: { from: null, to: factor?.lockedUntil?.toISOString() },
        },
      }),
    ]);

    const recovered = await verifyAnswer(ctx.app, await challengeFromAnywhere(ctx.app, member), {
      recoveryCode: member.recoveryCodes[0] ?? '',
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(adminVerifyResponseSchema.parse(recovered.json()).session.email).toBe(member.email);
    expect(await factorOf(member)).toMatchObject({ wrongCodes: 0, lockedUntil: null });
  });

  it('counts wrong recovery codes too, and lets the codes in again when the lock ends; each further lock in a row lasts twice as long', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Ola Ansatt' });
    await guessWrong(member, WRONG_CODES_PER_LOCK - 1);
    const wrongRecovery = await verifyAnswer(
      ctx.app,
      await challengeFromAnywhere(ctx.app, member),
      { recoveryCode: '00000-00000-00000' },
    );
    expect(wrongRecovery.statusCode).toBe(429);
    await endLock(member);

    const again = await guessWrong(member, WRONG_CODES_PER_LOCK);
    expect(again.at(-1)?.statusCode).toBe(429);
    const factor = await factorOf(member);
    expect(factor?.wrongCodes).toBe(2 * WRONG_CODES_PER_LOCK);
    const lockLeft = (factor?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockLeft).toBeGreaterThan(2 * FIRST_LOCK_MS - 60_000);
    expect(lockLeft).toBeLessThanOrEqual(2 * FIRST_LOCK_MS);
    expect(await lockMails(member)).toHaveLength(2);

    await endLock(member);
    const right = await verifyAnswer(ctx.app, await challengeFromAnywhere(ctx.app, member), {
      code: await freshTotpCode(ctx.db, member.id, member.secret),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await factorOf(member)).toMatchObject({ wrongCodes: 0, lockedUntil: null });
  });

  it('a right code between wrong ones starts the count again: a member who mistypes now and then is never locked', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Kari Ansatt' });
    // Right answers of either kind; a code of the app is taken once per time step.
    const rightAnswers = [
      async () => ({ code: await freshTotpCode(ctx.db, member.id, member.secret) }),
      async () => ({ recoveryCode: member.recoveryCodes[0] ?? '' }),
      async () => ({ recoveryCode: member.recoveryCodes[1] ?? '' }),
    ];
    for (const rightAnswer of rightAnswers) {
      await guessWrong(member, WRONG_CODES_PER_LOCK - 1);
      const right = await verifyAnswer(
        ctx.app,
        await challengeFromAnywhere(ctx.app, member),
        await rightAnswer(),
      );
      expect(right.statusCode, right.body).toBe(200);
    }
    expect(await factorOf(member)).toMatchObject({ wrongCodes: 0, lockedUntil: null });
    expect(await lockMails(member)).toEqual([]);
  });
});
