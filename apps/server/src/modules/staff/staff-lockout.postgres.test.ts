import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@shop/shared';
import { challengeFromAnywhere, verifyAnswer, wrongTotpCode } from '../../test/staff-guessing.js';
import { createStaffMember, freshTotpCode } from '../../test/staff-session.js';
import { createSecondTestApp, createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { WRONG_CODES_PER_LOCK } from './staff.service.js';
import { staffSecondFactors } from './staff.tables.js';

// Two server processes on one PostgreSQL database: the count of wrong codes lives with the
// account's authenticator row, so guesses spread over both processes and many addresses, all
// at once, still lock it after exactly ten.
let first: TestContext;
let second: Omit<TestContext, 'databaseUrl'>;
beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondTestApp(first);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('locks after exactly 10 wrong codes sent at once to two server processes from 14 addresses, with one mail and one audit entry (issue 29.16)', async () => {
  const member = await createStaffMember(first.app, first.db, { role: 'staff' });
  const servers = [first.app, second.app];
  const challenges = await Promise.all(
    Array.from({ length: WRONG_CODES_PER_LOCK + 4 }, (_, index) =>
      challengeFromAnywhere(servers[index % 2] ?? first.app, member),
    ),
  );
  const answers = await Promise.all(
    challenges.map((challenge, index) =>
      verifyAnswer(servers[index % 2] ?? first.app, challenge, {
        code: wrongTotpCode(member.secret),
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([...Array(9).fill(401), ...Array(5).fill(429)]);
  for (const answer of answers.filter((one) => one.statusCode === 401))
    expect(answer.json()).toEqual({ message: adminMessages.wrongCode });

  const [factor] = await first.db
    .select()
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, member.id));
  expect(factor?.wrongCodes).toBe(WRONG_CODES_PER_LOCK);
  expect(factor?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  expect(
    await first.db.$count(
      mailOutbox,
      and(eq(mailOutbox.recipient, member.email), eq(mailOutbox.kind, 'second-factor-locked')),
    ),
  ).toBe(1);
  expect(
    await first.db.$count(
      auditLog,
      and(eq(auditLog.action, 'lock-second-factor'), eq(auditLog.entityId, member.id)),
    ),
  ).toBe(1);

  // The other process refuses the right code too.
  const right = await verifyAnswer(second.app, await challengeFromAnywhere(second.app, member), {
    code: await freshTotpCode(first.db, member.id, member.secret),
  });
  expect(right.statusCode).toBe(429);
});
