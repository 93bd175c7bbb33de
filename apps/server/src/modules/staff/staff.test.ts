import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminEnrolResponseSchema,
  adminLoginResponseSchema,
  adminMessages,
  adminSessionSchema,
  adminVerifyResponseSchema,
  staffMembersSchema,
  type AdminSession,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import {
  createStaffMember,
  freshTotpCode,
  signInStaff,
  staffLogin,
  type StaffMember,
} from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { refreshTokens, users } from '../accounts/accounts.tables.js';
import { hashToken } from '../accounts/session-tokens.js';
import { createOwnerAccount } from '../accounts/users.service.js';
import { recoveryCodeHash, totpCode } from './second-factor.js';
import { MAX_WRONG_CODES, WRONG_CODES_PER_LOCK } from './staff.service.js';
import { staffChallenges, staffRecoveryCodes, staffSecondFactors } from './staff.tables.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: unknown, remoteAddress = uniqueIp(), token?: string) =>
  ctx.app.inject({
    remoteAddress,
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = (url: string, user?: Pick<SessionUser, 'accessToken'>) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

/** A new owner (or staff member) account as `create-owner` makes it, not signed in yet. */
async function newAccount(role: 'owner' | 'staff' = 'owner') {
  const email = uniqueEmail(role);
  const id = await createOwnerAccount(ctx.db, {
    email,
    name: 'Olga Owner',
    password: strongPassword,
  });
  if (role === 'staff') await ctx.db.update(users).set({ role }).where(eq(users.id, id));
  return { id, email, password: strongPassword, remoteAddress: uniqueIp() };
}

async function loginAnswer(account: { email: string; password: string; remoteAddress: string }) {
  return adminLoginResponseSchema.parse(await staffLogin(ctx.app, account));
}

const verify = (member: StaffMember, challengeToken: string, answer: object) =>
  post('/api/admin/auth/verify', { challengeToken, ...answer }, member.remoteAddress);

async function verifyChallenge(member: StaffMember): Promise<string> {
  const login = await loginAnswer(member);
  expect(login.step).toBe('verify');
  return login.challengeToken;
}

describe('staff sign-in with a second factor (issue 12)', () => {
  it('enrols an authenticator at the first sign-in, then verifies its codes; me names the member', async () => {
    const account = await newAccount();
    const first = await loginAnswer(account);
    const second = await loginAnswer(account);
    if (first.step !== 'enrol' || second.step !== 'enrol') throw new Error('expected enrolment');
    // Until an app is confirmed, each sign-in makes a new secret (a QR code seen by someone
    // else is worth nothing once the owner signs in again).
    expect(second.secret).not.toBe(first.secret);
    const uri = new URL(second.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(second.secret);
    expect(uri.searchParams.get('issuer')).toBe('Nordic Trading Shop');
    expect(decodeURIComponent(uri.pathname)).toContain(account.email);

    const enrol = await post(
      '/api/admin/auth/enrol',
      { challengeToken: second.challengeToken, code: totpCode(second.secret) },
      account.remoteAddress,
    );
    expect(enrol.statusCode).toBe(200);
    const { recoveryCodes, session } = adminEnrolResponseSchema.parse(enrol.json());
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^\d{5}-\d{5}-\d{5}$/);
    expect(session).toMatchObject({ _id: account.id, email: account.email, role: 'owner' });

    // Only hashes are kept, and the session is marked as opened with the second factor.
    const stored = await ctx.db
      .select({ codeHash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, account.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(
      recoveryCodes.map(recoveryCodeHash).sort(),
    );
    const [token] = await ctx.db
      .select({ secondFactor: refreshTokens.secondFactor })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
    expect(token).toEqual({ secondFactor: true });

    const me = await get('/api/admin/auth/me', session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: account.id,
      name: 'Olga Owner',
      email: account.email,
      role: 'owner',
    });

    // Enrolled: the next sign-in asks for a code and shows no secret.
    const member: StaffMember = { ...account, secret: second.secret, recoveryCodes, session };
    const login = await loginAnswer(member);
    expect(login).toEqual({ step: 'verify', challengeToken: expect.any(String) });
    const verified = await verify(member, login.challengeToken, {
      code: await freshTotpCode(ctx.db, account.id, second.secret),
    });
    expect(verified.statusCode).toBe(200);
    const again = adminVerifyResponseSchema.parse(verified.json()).session;
    expect((await get('/api/admin/auth/me', again)).statusCode).toBe(200);
    // The challenge was spent by the right code: whatever comes with it now is refused.
    const replayed = await verify(member, login.challengeToken, { code: '123456' });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: adminMessages.challengeExpired });
  });

  it('enrols and verifies against the RFC 6238 test vectors, and refuses a code played again', async () => {
    const account = await newAccount();
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of "12345678901234567890"
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(1111111109 * 1000));
    const login = await loginAnswer(account);
    await ctx.db
      .update(staffSecondFactors)
      .set({ secret: rfcSecret })
      .where(eq(staffSecondFactors.userId, account.id));
    const enrol = await post(
      '/api/admin/auth/enrol',
      { challengeToken: login.challengeToken, code: '081804' },
      account.remoteAddress,
    );
    expect(enrol.statusCode).toBe(200);
    const member: StaffMember = {
      ...account,
      secret: rfcSecret,
      ...adminEnrolResponseSchema.parse(enrol.json()),
    };

    vi.setSystemTime(new Date(1111111111 * 1000));
    const sameCode = await verify(member, await verifyChallenge(member), { code: '081804' });
    expect(sameCode.statusCode).toBe(401);
    expect(sameCode.json()).toEqual({ message: adminMessages.codeUsed });
    const challenge = await verifyChallenge(member);
    expect((await verify(member, challenge, { code: '050471' })).statusCode).toBe(200);
    const replay = await verify(member, await verifyChallenge(member), { code: '050471' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: adminMessages.codeUsed });
    const [factor] = await ctx.db
      .select({ lastUsedStep: staffSecondFactors.lastUsedStep })
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, account.id));
    expect(factor?.lastUsedStep).toBe(Math.floor(1111111111 / 30));
  });

  it('refuses a wrong code and a code of the last sign-in, and the challenge survives them', async () => {
    const member = await createStaffMember(ctx.app, ctx.db);
    const challenge = await verifyChallenge(member);
    const right = await freshTotpCode(ctx.db, member.id, member.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await verify(member, challenge, { code: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: adminMessages.wrongCode });

    expect((await verify(member, challenge, { code: right })).statusCode).toBe(200);
    const used = await verify(member, await verifyChallenge(member), { code: right });
    expect(used.statusCode).toBe(401);
    expect(used.json()).toEqual({ message: adminMessages.codeUsed });
  });

  it('takes each recovery code once, typed with or without its dashes', async () => {
    const member = await createStaffMember(ctx.app, ctx.db);
    const [firstCode = '', secondCode = ''] = member.recoveryCodes;
    const first = await verify(member, await verifyChallenge(member), { recoveryCode: firstCode });
    expect(first.statusCode).toBe(200);
    adminVerifyResponseSchema.parse(first.json());
    const again = await verify(member, await verifyChallenge(member), { recoveryCode: firstCode });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: adminMessages.wrongRecoveryCode });
    const bare = await verify(member, await verifyChallenge(member), {
      recoveryCode: secondCode.replaceAll('-', ''),
    });
    expect(bare.statusCode).toBe(200);
  });

  it('a challenge dies after five minutes and after five wrong codes', async () => {
    const member = await createStaffMember(ctx.app, ctx.db);
    const expiring = await verifyChallenge(member);
    await ctx.db
      .update(staffChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffChallenges.userId, member.id));
    const late = await verify(member, expiring, {
      code: await freshTotpCode(ctx.db, member.id, member.secret),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: adminMessages.challengeExpired });

    const challenge = await verifyChallenge(member);
    for (let attempt = 0; attempt < MAX_WRONG_CODES; attempt += 1) {
      const wrong = await verify(member, challenge, { recoveryCode: '00000-00000-00000' });
      expect(wrong.json()).toEqual({ message: adminMessages.wrongRecoveryCode });
    }
    const dead = await verify(member, challenge, {
      code: await freshTotpCode(ctx.db, member.id, member.secret),
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({ message: adminMessages.challengeExpired });
    const [row] = await ctx.db
      .select({ failedAttempts: staffChallenges.failedAttempts, usedAt: staffChallenges.usedAt })
      .from(staffChallenges)
      .where(eq(staffChallenges.tokenHash, hashToken(challenge)));
    expect(row).toEqual({ failedAttempts: MAX_WRONG_CODES, usedAt: null });

    const unknown = await verify(member, 'no-such-challenge', { code: '123456' });
    expect(unknown.json()).toEqual({ message: adminMessages.challengeExpired });
  });

  it('answers one 401 for a wrong password, an unknown address and a customer', async () => {
    const account = await newAccount();
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    for (const payload of [
      { email: account.email, password: 'Wr0ng pass!' },
      { email: uniqueEmail('nobody'), password: strongPassword },
      { email: customer.email, password: strongPassword },
    ]) {
      const response = await post('/api/admin/auth/login', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: adminMessages.invalidCredentials });
    }
  });

  it('keeps customers and storefront sessions out, and staff out of owner-only calls', async () => {
    const owner = await createStaffMember(ctx.app, ctx.db);
    const staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sam Staff' });
    const unenrolled = await newAccount('staff');
    const customer = await createVerifiedUser(ctx.app, ctx.db);

    for (const url of ['/api/admin/auth/me', '/api/admin/staff', '/api/admin/reviews']) {
      expect((await get(url)).statusCode).toBe(401);
      const asCustomer = await get(url, customer);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({ message: adminMessages.staffOnly });
    }

    // The owner's own storefront login does not open the back office.
    const storefront = await post(
      '/api/subscribers/login',
      { email: owner.email, password: owner.password },
      owner.remoteAddress,
    );
    expect(storefront.statusCode).toBe(200);
    const storefrontSession = storefront.json<SessionUser>();
    for (const url of ['/api/admin/auth/me', '/api/admin/reviews', '/api/admin/staff']) {
      const response = await get(url, storefrontSession);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: adminMessages.secondFactorNeeded });
    }
    const refreshed = await post('/api/admin/auth/refresh', {
      refreshToken: storefrontSession.refreshToken,
    });
    expect(refreshed.statusCode).toBe(401);
    // Refused without being spent: the storefront session goes on.
    expect(
      (
        await post('/api/subscribers/refresh', {
          refreshToken: storefrontSession.refreshToken,
        })
      ).statusCode,
    ).toBe(200);

    expect((await get('/api/admin/reviews', staff.session)).statusCode).toBe(200);
    expect((await get('/api/admin/auth/me', staff.session)).json()).toMatchObject({
      role: 'staff',
      name: 'Sam Staff',
    });
    const staffList = await get('/api/admin/staff', staff.session);
    expect(staffList.statusCode).toBe(403);
    expect(staffList.json()).toEqual({ message: adminMessages.ownerOnly });

    const list = await get('/api/admin/staff', owner.session);
    expect(list.statusCode).toBe(200);
    const members = staffMembersSchema.parse(list.json());
    expect(members.find((member) => member.id === owner.id)).toMatchObject({
      role: 'owner',
      email: owner.email,
      secondFactor: true,
    });
    expect(members.find((member) => member.id === staff.id)).toMatchObject({
      role: 'staff',
      name: 'Sam Staff',
      secondFactor: true,
    });
    expect(members.find((member) => member.id === unenrolled.id)).toMatchObject({
      role: 'staff',
      secondFactor: false,
    });
    expect(members.some((member) => member.id === customer._id)).toBe(false);
    const roles = members.map((member) => member.role);
    expect(roles).toEqual([...roles].sort());
  });

  it('refresh keeps the second factor and rotates; logout ends the session', async () => {
    const member = await createStaffMember(ctx.app, ctx.db);
    const session = await signInStaff(ctx.app, ctx.db, member);
    const refreshed = await post('/api/admin/auth/refresh', {
      refreshToken: session.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    const next: AdminSession = adminSessionSchema.parse(refreshed.json());
    expect(next).toMatchObject({ _id: member.id, role: 'owner' });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect((await get('/api/admin/auth/me', next)).statusCode).toBe(200);
    const [stored] = await ctx.db
      .select({ secondFactor: refreshTokens.secondFactor })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken)));
    expect(stored).toEqual({ secondFactor: true });

    const logout = await post(
      '/api/admin/auth/logout',
      { refreshToken: next.refreshToken },
      undefined,
      next.accessToken,
    );
    expect(logout.statusCode).toBe(200);
    expect((await get('/api/admin/auth/me', next)).statusCode).toBe(401);
    const afterLogout = await post('/api/admin/auth/refresh', { refreshToken: next.refreshToken });
    expect(afterLogout.statusCode).toBe(401);
    // The enrolment's session is another one and goes on.
    expect((await get('/api/admin/auth/me', member.session)).statusCode).toBe(200);
  });

  it('a member who loses the staff role loses the back office at once', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    await ctx.db.update(users).set({ role: 'customer' }).where(eq(users.id, member.id));
    expect((await get('/api/admin/auth/me', member.session)).statusCode).toBe(403);
    const refreshed = await post('/api/admin/auth/refresh', {
      refreshToken: member.session.refreshToken,
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('answers junk with 400 and a message naming the field, never 500', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/admin/auth/login', {}, /required/i],
      ['/api/admin/auth/login', { email: 'a\u0000@example.no', password: 'x' }, /./],
      ['/api/admin/auth/enrol', { challengeToken: 'x' }, /6-digit code/],
      ['/api/admin/auth/enrol', { challengeToken: 'x', code: '12345a' }, /6-digit code/],
      ['/api/admin/auth/verify', { challengeToken: 'x' }, /recovery code/],
      ['/api/admin/auth/verify', { challengeToken: 'x', code: '123456', recoveryCode: '1' }, /./],
      ['/api/admin/auth/verify', { challengeToken: 'x', recoveryCode: 'abc' }, /recovery code/],
      ['/api/admin/auth/verify', { code: '123456' }, /challengeToken/],
      ['/api/admin/auth/refresh', { refreshToken: '' }, /refreshToken/],
      ['/api/admin/auth/refresh', [], /./],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('rate-limits wrong passwords per account and address, and wrong codes per address', async () => {
    const account = await newAccount();
    const remoteAddress = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await post(
        '/api/admin/auth/login',
        { email: account.email, password: 'Wr0ng pass!' },
        remoteAddress,
      );
      expect(wrong.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/admin/auth/login',
      { email: account.email, password: strongPassword },
      remoteAddress,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();

    // Wrong codes for several accounts from one address, each account kept under its own lock
    // (issue 29.16): the address's limit refuses the 31st.
    const guesser = uniqueIp();
    let refusedCodes = 0;
    let answer = 0;
    while (answer !== 429 && refusedCodes <= 30) {
      const member = {
        ...(await createStaffMember(ctx.app, ctx.db, { role: 'staff' })),
        remoteAddress: guesser,
      };
      let wrongForMember = 0;
      while (answer !== 429 && wrongForMember < WRONG_CODES_PER_LOCK - 1) {
        const challenge = await verifyChallenge(member);
        for (
          let attempt = 0;
          attempt < MAX_WRONG_CODES && wrongForMember < WRONG_CODES_PER_LOCK - 1 && answer !== 429;
          attempt += 1
        ) {
          answer = (await verify(member, challenge, { recoveryCode: '00000-00000-00000' }))
            .statusCode;
          if (answer === 401) refusedCodes += 1;
          wrongForMember += 1;
        }
      }
    }
    expect(refusedCodes).toBe(30);
    expect(answer).toBe(429);
  });
});

describe('migration 0015 (issue 12)', () => {
  it('makes the admins of before owners', async () => {
    const migration = await fs.readFile(
      path.resolve(import.meta.dirname, '../../db/migrations/0015_staff_and_second_factor.sql'),
      'utf8',
    );
    const statements = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim());
    const dataStatements = statements.filter((statement) => statement.startsWith('UPDATE'));
    const roleCheck = statements.filter((statement) =>
      statement.startsWith('ALTER TABLE "users" ADD CONSTRAINT "users_role_check"'),
    );
    expect(dataStatements).toHaveLength(1);
    expect(roleCheck).toHaveLength(1);
    const [admin, customer] = [uniqueEmail('admin'), uniqueEmail('customer')];
    // The users as they were before: the old check, an admin and a customer.
    await ctx.db.execute(sql`alter table users drop constraint users_role_check`);
    await ctx.db.execute(sql`
      insert into users (email, name, provider, role)
      values (${admin}, 'Old Admin', 'local', 'admin'), (${customer}, 'Kari', 'local', 'customer')
    `);
    for (const statement of [...dataStatements, ...roleCheck])
      await ctx.db.execute(sql.raw(statement));
    const rows = await ctx.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(sql`${users.email} in (${admin}, ${customer})`)
      .orderBy(users.name);
    expect(rows).toEqual([
      { email: customer, role: 'customer' },
      { email: admin, role: 'owner' },
    ]);
  });
});
