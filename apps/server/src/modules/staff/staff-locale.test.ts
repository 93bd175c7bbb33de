import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessionSchema, staffInvitationSchema } from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  linkPath,
  receivedMail,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { users } from '../accounts/accounts.tables.js';

let ctx: TestContext;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const call = (
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers,
    payload: payload as Record<string, unknown>,
  });

const refresh = async (member: StaffMember) =>
  adminSessionSchema.parse(
    (
      await call('POST', '/api/admin/auth/refresh', {
        refreshToken: member.session.refreshToken,
      })
    ).json(),
  );

const localeOf = async (email: string) =>
  (await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]
    ?.locale;

describe("a staff member's back-office language (issue 31.7)", () => {
  it('is Norwegian at first; the member changes it and their next sessions carry it', async () => {
    const member = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
    expect(member.session.locale).toBe('nb');

    const changed = await call(
      'PUT',
      '/api/admin/auth/me/locale',
      { locale: 'en' },
      bearer(member.session),
    );
    expect(changed.statusCode, changed.body).toBe(204);
    const next = await refresh(member);
    expect(next.locale).toBe('en');
    expect(await localeOf(member.email)).toBe('en');
  });

  it('refuses another language, a customer and no session', async () => {
    const junk = await call(
      'PUT',
      '/api/admin/auth/me/locale',
      { locale: 'sv' },
      bearer(owner.session),
    );
    expect(junk.statusCode).toBe(400);
    expect(await localeOf(owner.email)).toBe('nb');

    const customer = await createVerifiedUser(ctx.app, ctx.db);
    const asCustomer = await call(
      'PUT',
      '/api/admin/auth/me/locale',
      { locale: 'en' },
      bearer(customer),
    );
    expect(asCustomer.statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/auth/me/locale', { locale: 'en' })).statusCode).toBe(401);
  });

  it('a new account joins in the language its invitation was answered in', async () => {
    for (const [acceptLanguage, locale] of [
      ['en-GB,en;q=0.9', 'en'],
      ['nb-NO,nb;q=0.9,en;q=0.5', 'nb'],
    ] as const) {
      const email = uniqueEmail('invitee');
      const invited = await call(
        'POST',
        '/api/admin/staff/invitations',
        { email, role: 'staff' },
        bearer(owner.session),
      );
      staffInvitationSchema.parse(invited.json());
      const mail = await receivedMail(ctx.app, email, 'staff-invitation');
      const token =
        linkPath(mail?.text ?? '', '/admin/invitation/')
          .split('/')
          .pop() ?? '';
      const accepted = await call(
        'POST',
        '/api/admin/invitations/accept',
        { token, existingAccount: false, name: 'Siri Staff', password: strongPassword },
        { 'accept-language': acceptLanguage },
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await localeOf(email)).toBe(locale);
    }
  });
});
