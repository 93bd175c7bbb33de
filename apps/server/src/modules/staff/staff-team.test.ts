import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountServerMessages,
  adminLoginResponseSchema,
  invitationDetailsSchema,
  staffInvitationSchema,
  staffInvitationsSchema,
  staffMembersSchema,
  staffTexts,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  linkPath,
  receivedMail,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { createStaffMember, staffLogin, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { rateLimitPolicies } from '../../plugins/rate-limit.js';
import { refreshTokens, users } from '../accounts/accounts.tables.js';
import { auditLog } from '../audit/audit.tables.js';
import { staffInvitations, staffSecondFactors } from './staff.tables.js';

let ctx: TestContext;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  member?: { session: { accessToken: string } },
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: member ? bearer(member.session) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** Invites `email` and answers the token of the link in the mail the invitee received. */
async function invite(email: string, role: 'owner' | 'staff' = 'staff') {
  const response = await call('POST', '/api/admin/staff/invitations', owner, { email, role });
  expect(response.statusCode, response.body).toBe(200);
  const invitation = staffInvitationSchema.parse(response.json());
  const mail = await receivedMail(ctx.app, email, 'staff-invitation');
  if (!mail) throw new Error('no invitation mail');
  const token = linkPath(mail.text, '/admin/invitation/').split('/').pop() ?? '';
  return { invitation, token, mail };
}

describe('staff invitations (issue 12)', () => {
  it('mails a single-use link; the invitee makes an account and signs in to enrol', async () => {
    const email = uniqueEmail('invitee');
    const { token, mail } = await invite(email);
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain('7 days');

    const details = await call('GET', `/api/admin/invitations/${token}`);
    expect(invitationDetailsSchema.parse(details.json())).toEqual({
      email,
      role: 'staff',
      existingAccount: false,
    });

    const weak = await call('POST', '/api/admin/invitations/accept', undefined, {
      token,
      existingAccount: false,
      name: 'Siri Staff',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);

    const accepted = await call('POST', '/api/admin/invitations/accept', undefined, {
      token,
      existingAccount: false,
      name: 'Siri Staff',
      password: strongPassword,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(account?.role).toBe('staff');

    const again = await call('POST', '/api/admin/invitations/accept', undefined, {
      token,
      existingAccount: false,
      name: 'Someone Else',
      password: strongPassword,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: staffTexts.invitationGone });

    const login = adminLoginResponseSchema.parse(
      await staffLogin(ctx.app, { email, password: strongPassword, remoteAddress: uniqueIp() }),
    );
    expect(login.step).toBe('enrol');
  });

  it('joins an existing customer account only with its password', async () => {
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    const { token } = await invite(customer.email);
    const details = invitationDetailsSchema.parse(
      (await call('GET', `/api/admin/invitations/${token}`)).json(),
    );
    expect(details.existingAccount).toBe(true);

    const wrong = await call('POST', '/api/admin/invitations/accept', undefined, {
      token,
      existingAccount: true,
      password: 'Wrong passw0rd!',
    });
    expect(wrong.statusCode).toBe(401);
    const [still] = await ctx.db.select().from(users).where(eq(users.email, customer.email));
    expect(still?.role).toBe('customer');

    const right = await call('POST', '/api/admin/invitations/accept', undefined, {
      token,
      existingAccount: true,
      password: strongPassword,
    });
    expect(right.statusCode, right.body).toBe(200);
    const [now] = await ctx.db.select().from(users).where(eq(users.email, customer.email));
    expect(now?.role).toBe('staff');
  });

  it('refuses expired and withdrawn links, and a new invitation replaces the old link', async () => {
    const email = uniqueEmail('invitee');
    const first = await invite(email);
    const second = await invite(email);
    expect((await call('GET', `/api/admin/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/invitations/${second.token}`)).statusCode).toBe(200);

    const open = staffInvitationsSchema.parse(
      (await call('GET', '/api/admin/staff/invitations', owner)).json(),
    );
    expect(open.filter((one) => one.email === email)).toHaveLength(1);

    const withdrawn = await call(
      'DELETE',
      `/api/admin/staff/invitations/${second.invitation.id}`,
      owner,
    );
    expect(withdrawn.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/invitations/${second.token}`)).statusCode).toBe(404);

    const third = await invite(email);
    await ctx.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, third.invitation.id));
    const expired = await call('POST', '/api/admin/invitations/accept', undefined, {
      token: third.token,
      existingAccount: false,
      name: 'Late Comer',
      password: strongPassword,
    });
    expect(expired.statusCode).toBe(404);
  });

  it('counts wrong links toward the rate limit: after the limit even a right one is refused 429 (issue 29.18)', async () => {
    const { token } = await invite(uniqueEmail('invitee'));
    const remoteAddress = uniqueIp();
    const { max } = rateLimitPolicies['invitation-ip'];
    const lookUp = (guess: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/invitations/${guess}`, remoteAddress });
    const accept = (guess: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/invitations/accept',
        remoteAddress,
        payload: {
          token: guess,
          existingAccount: false,
          name: 'Ida Ansatt',
          password: strongPassword,
        },
      });
    // Look-ups and acceptances of unknown links share the address's count.
    for (let guess = 0; guess < max; guess += 1) {
      const wrong = await (guess % 2 === 0 ? lookUp : accept)(`${token.slice(0, -4)}${guess}`);
      expect(wrong.statusCode, wrong.body).toBe(404);
      expect(wrong.json()).toEqual({ message: staffTexts.invitationGone });
    }
    for (const refused of [await lookUp(token), await accept(token)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: accountServerMessages.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address still opens the link: the guesser's address alone is slowed.
    expect((await call('GET', `/api/admin/invitations/${token}`)).statusCode).toBe(200);
  });

  it('refuses to invite a member of the staff, and bad input with field errors', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    const taken = await call('POST', '/api/admin/staff/invitations', owner, {
      email: member.email,
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: staffTexts.alreadyStaff(member.email),
      fieldErrors: { email: staffTexts.alreadyStaff(member.email) },
    });

    const bad = await call('POST', '/api/admin/staff/invitations', owner, {
      email: 'not-an-address',
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'role']);
    expect(body.fieldErrors.role).toBe(staffTexts.roleRequired);
  });

  it('is the owner’s alone: staff and customers are refused', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    for (const [method, url] of [
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/staff/invitations'],
      ['POST', '/api/admin/staff/invitations'],
      ['PUT', `/api/admin/staff/${owner.id}/role`],
      ['DELETE', `/api/admin/staff/${owner.id}`],
    ] as const) {
      const body = { email: uniqueEmail(), role: 'staff' };
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
      const asCustomer = await ctx.app.inject({
        method,
        url,
        headers: bearer(customer),
        payload: body,
      });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('roles and removal (issue 12)', () => {
  it('changes a role, never the last owner’s nor one’s own, and writes the audit log', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    const promoted = await call('PUT', `/api/admin/staff/${member.id}/role`, owner, {
      role: 'owner',
    });
    expect(promoted.statusCode).toBe(204);
    const members = staffMembersSchema.parse((await call('GET', '/api/admin/staff', owner)).json());
    expect(members.find((one) => one.id === member.id)?.role).toBe('owner');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, 'change-role')));
    expect(entry).toMatchObject({
      actorEmail: owner.email,
      entity: 'staff',
      changes: { role: { from: 'staff', to: 'owner' } },
    });

    const own = await call('PUT', `/api/admin/staff/${owner.id}/role`, owner, { role: 'staff' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: staffTexts.notYourself });

    // Down to one owner: the other may not be demoted.
    const demoted = await call('PUT', `/api/admin/staff/${member.id}/role`, owner, {
      role: 'staff',
    });
    expect(demoted.statusCode).toBe(204);
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const solo = await createTestApp();
    try {
      const first = await createStaffMember(solo.app, solo.db);
      const second = await createStaffMember(solo.app, solo.db);
      const demote = (actor: StaffMember, target: StaffMember) =>
        solo.app.inject({
          method: 'PUT',
          url: `/api/admin/staff/${target.id}/role`,
          headers: bearer(actor.session),
          payload: { role: 'staff' },
        });
      const answers = await Promise.all([demote(first, second), demote(second, first)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // One wins; the other is refused, as no longer an owner (403) or as the last one (409).
      expect(statuses[0]).toBe(204);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await solo.db.select().from(users).where(eq(users.role, 'owner'));
      expect(owners).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('removes a member: customer again, back-office sessions and authenticator gone', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    expect((await call('GET', '/api/admin/auth/me', member)).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/admin/staff/${member.id}`, owner);
    expect(removed.statusCode).toBe(204);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(account?.role).toBe('customer');
    expect((await call('GET', '/api/admin/auth/me', member)).statusCode).toBe(401);
    const open = await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, member.id), eq(refreshTokens.secondFactor, true)));
    expect(open.every((token) => token.revokedAt !== null)).toBe(true);
    const factors = await ctx.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, member.id));
    expect(factors).toEqual([]);
    expect((await call('DELETE', `/api/admin/staff/${member.id}`, owner)).statusCode).toBe(404);
  });
});
