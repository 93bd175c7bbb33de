import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountServerMessages,
  accountTexts,
  profileResponseSchema,
  serverMessages,
  sessionUserSchema,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  deliveredTo,
  latestMail,
  linkPath,
  receivedMail,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { mailFiles } from '../../test/mail-files.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { mailDir } from '../mail/mail.worker.js';
import { accountTokens, refreshTokens, users, wishlistItems } from './accounts.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
});
afterAll(() => ctx.close());

const firstProduct = () => required(Object.values(catalog.products)[0], 'a fixture product');

const inject = (options: InjectOptions) =>
  ctx.app.inject({ remoteAddress: uniqueIp(), ...options });

const signUp = (payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/subscribers', payload });

const login = (email: string, password: string) =>
  inject({ method: 'POST', url: '/api/subscribers/login', payload: { email, password } });

const profile = (headers: Record<string, string>) =>
  inject({ method: 'GET', url: '/api/subscribers/profile', headers });

const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

async function signingKey(): Promise<Uint8Array> {
  return new TextEncoder().encode(
    (await readFile(path.join(ctx.env.dataDir, 'jwt-secret'), 'utf8')).trim(),
  );
}

const editBody = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  address: 'Storgata 1',
  apartmentNumber: 'H0201',
  postalCode: '0155',
  city: 'Oslo',
  country: 'NO',
};

describe('sign-up and verification', () => {
  it('API-24: answers 201 {status: "success"} and queues a verification mail with a 24 h link', async () => {
    const email = uniqueEmail();
    const response = await signUp({
      name: 'Ola Nordmann',
      email,
      password: strongPassword,
      provider: 'local',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success' });
    const user = await userByEmail(email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.emailVerifiedAt).toBeNull();
    const mail = await receivedMail(ctx.app, email, 'verify-email');
    expect(linkPath(mail?.text ?? '', '/verify/')).toMatch(
      new RegExp(`^/verify/${user?.id}/[\\w-]{40,}$`),
    );
    const [token] = await ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user?.id ?? ''));
    // Only the hash is stored, never the token of the link.
    expect(mail?.text).not.toContain(token?.tokenHash);
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('stores the address in lower case and treats a differently cased sign-up as the same account', async () => {
    const email = uniqueEmail('Case');
    await signUp({
      name: 'Ola Nordmann',
      email: `  ${email.toUpperCase()} `,
      password: strongPassword,
    });
    const again = await signUp({ name: 'Other Shopper', email, password: strongPassword });
    expect(again.statusCode).toBe(201);
    const rows = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('answers an address that already has an account exactly like a new one, and mails its owner', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await signUp({
      name: 'Ivar Intruder',
      email: user.email,
      password: 'An0ther pass!',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success' });
    expect(await latestMail(ctx.db, user.email, 'account-exists')).toBeDefined();
    // The existing password still works; the intruder's does not.
    expect((await login(user.email, strongPassword)).statusCode).toBe(200);
    expect((await login(user.email, 'An0ther pass!')).statusCode).toBe(401);
  });

  it.each([
    [
      { name: 'Ola Nordmann', email: 'not-an-email', password: strongPassword },
      accountTexts.invalidEmail,
    ],
    [{ name: 'Ola Nordmann', email: 'a@b.c', password: strongPassword }, accountTexts.invalidEmail],
    [
      { name: 'Ola Nordmann', email: uniqueEmail(), password: 'Abcdefg1_' },
      accountTexts.weakPassword,
    ],
    [
      { name: 'Ola Nordmann', email: uniqueEmail(), password: 'short1!' },
      accountTexts.weakPassword,
    ],
    [{ name: '   ', email: uniqueEmail(), password: strongPassword }, 'Name is required'],
    [{ email: uniqueEmail(), password: strongPassword }, 'Name is required'],
    [
      { name: 'Ola Nordmann', email: uniqueEmail(), password: strongPassword, provider: 'google' },
      'provider must be local',
    ],
  ])(
    'VAL-13, VAL-14, VAL-15: refuses %j with 400 and its message, storing nothing',
    async (body, message) => {
      const response = await signUp(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      if (typeof body.email === 'string' && body.email.includes('@example.no'))
        expect(await userByEmail(body.email)).toBeUndefined();
    },
  );

  it('refuses a name the shipping form would refuse, with the rule in words (issue 29.12)', async () => {
    for (const name of ['Madonna', 'A Hansen', 'Kari N0rdmann', '😀 Smile']) {
      const email = uniqueEmail();
      const response = await signUp({ name, email, password: strongPassword });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({ message: accountTexts.invalidFullName });
      expect(await userByEmail(email)).toBeUndefined();
    }
    const long = await signUp({
      name: `Kari ${'N'.repeat(100)}`,
      email: uniqueEmail(),
      password: strongPassword,
    });
    expect(long.json()).toEqual({ message: 'Name is too long (at most 100 characters).' });
    for (const name of ['Åse Øren', "Zoë O'Brien-Ødegård"])
      expect(
        (await signUp({ name, email: uniqueEmail(), password: strongPassword })).statusCode,
      ).toBe(201);
  });

  it('keeps SQL-looking input as plain text', async () => {
    // A quote and SQL's words, in a name the sign-up rule takes.
    const name = "Robert O'Drop Table-Users";
    const user = await createVerifiedUser(ctx.app, ctx.db, { name });
    expect(user.name).toBe(name);
    expect(await ctx.db.$count(users)).toBeGreaterThan(0);
  });

  it('API-25: verifies once and answers 200 again for a verified account', async () => {
    const email = uniqueEmail();
    await signUp({ name: 'Ola Nordmann', email, password: strongPassword });
    const mail = await receivedMail(ctx.app, email, 'verify-email');
    const url = `/api/subscribers${linkPath(mail?.text ?? '', '/verify/').replace('/verify/', '/verify-user/')}`;
    const first = await inject({ method: 'PUT', url });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: accountServerMessages.verified });
    expect((await userByEmail(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await inject({ method: 'PUT', url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: accountServerMessages.alreadyVerified });
  });

  it("refuses a wrong, expired or another account's verification token", async () => {
    const [first, second] = [uniqueEmail(), uniqueEmail()];
    await signUp({ name: 'Anna Andersen', email: first, password: strongPassword });
    await signUp({ name: 'Bjørn Berg', email: second, password: strongPassword });
    const firstUser = await userByEmail(first);
    const secondPath = linkPath(
      (await receivedMail(ctx.app, second, 'verify-email'))?.text ?? '',
      '/verify/',
    );
    const secondToken = secondPath.split('/').at(-1);
    const attempts = [
      `/api/subscribers/verify-user/${firstUser?.id}/not-the-token`,
      `/api/subscribers/verify-user/${firstUser?.id}/${secondToken}`,
      `/api/subscribers/verify-user/00000000-0000-4000-8000-000000000000/${secondToken}`,
    ];
    for (const url of attempts) {
      const response = await inject({ method: 'PUT', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: accountServerMessages.verificationInvalid });
    }
    await ctx.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, (await userByEmail(second))?.id ?? ''));
    const expired = await inject({
      method: 'PUT',
      url: `/api/subscribers${secondPath.replace('/verify/', '/verify-user/')}`,
    });
    expect(expired.statusCode).toBe(400);
    expect((await userByEmail(second))?.emailVerifiedAt).toBeNull();
    expect(
      (await inject({ method: 'PUT', url: '/api/subscribers/verify-user/abc/x' })).json(),
    ).toEqual({ message: serverMessages.invalidId });
  });
});

describe('login, refresh and logout', () => {
  it('API-26, SESSION-02, ROLE-10: logs in with email and password (provider local), in any letter case', async () => {
    const email = uniqueEmail();
    await createVerifiedUser(ctx.app, ctx.db, { email, name: 'Kari Nordmann' });
    const response = await inject({
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: email.toUpperCase(), password: strongPassword, provider: 'local' },
    });
    expect(response.statusCode).toBe(200);
    const user = sessionUserSchema.parse(response.json());
    expect(user).toMatchObject({
      name: 'Kari Nordmann',
      email,
      provider: 'local',
      currencyCode: 'NOK',
    });
    expect(Object.keys(response.json()).sort()).toEqual(
      ['_id', 'accessToken', 'currencyCode', 'email', 'name', 'provider', 'refreshToken'].sort(),
    );
  });

  it('answers a wrong password and an unknown address with the same 401', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const wrong = await login(user.email, 'Wr0ng pass!');
    const unknown = await login(uniqueEmail('nobody'), strongPassword);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: accountServerMessages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified account with a clear message and mails a new link (issue 10.9)', async () => {
    const email = uniqueEmail();
    await signUp({ name: 'Ola Nordmann', email, password: strongPassword });
    await ctx.db
      .delete(accountTokens)
      .where(eq(accountTokens.userId, (await userByEmail(email))?.id ?? ''));
    const response = await login(email, strongPassword);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accountServerMessages.emailNotVerified });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mails.filter((mail) => mail.kind === 'verify-email')).toHaveLength(2);
    // A wrong password on an unverified account says nothing about verification.
    expect((await login(email, 'Wr0ng pass!')).statusCode).toBe(401);
  });

  it('says no new link was sent when one went out moments ago (issue 10.9)', async () => {
    const email = uniqueEmail();
    await signUp({ name: 'Ola Nordmann', email, password: strongPassword });
    const response = await login(email, strongPassword);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: accountServerMessages.emailNotVerifiedLinkRecent,
    });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mails.filter((mail) => mail.kind === 'verify-email')).toHaveLength(1);
  });

  it('rotates refresh tokens, and a replayed one revokes the whole session', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const refresh = (refreshToken: string) =>
      inject({ method: 'POST', url: '/api/subscribers/refresh', payload: { refreshToken } });
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<SessionUser>();
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect((await profile(bearer(rotated))).statusCode).toBe(200);
    const replay = await refresh(user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: serverMessages.notAuthorized });
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user._id));
    const response = await inject({
      method: 'POST',
      url: '/api/subscribers/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(response.statusCode).toBe(401);
  });

  it('API-43: logout answers 200 and revokes the refresh token', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'POST',
      url: '/api/subscribers/logout',
      headers: bearer(user),
      payload: { refreshToken: user.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/subscribers/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // The access token of that session ends with it, not only at its expiry.
    expect((await profile(bearer(user))).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/subscribers/logout' })).statusCode).toBe(401);
  });

  it('API-45, SESSION-04, ROLE-01: a guest session has provider guest and cannot change an account', async () => {
    const response = await inject({ method: 'POST', url: '/api/subscribers/guest' });
    expect(response.statusCode).toBe(200);
    const guest = sessionUserSchema.parse(response.json());
    expect(guest).toMatchObject({ provider: 'guest', email: '' });
    expect((await profile(bearer(guest))).json().user.provider).toBe('guest');
    const update = await inject({
      method: 'PUT',
      url: `/api/subscribers/${guest._id}`,
      headers: bearer(guest),
      payload: editBody,
    });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({ message: accountServerMessages.guestNotAllowed });
  });
});

describe('access tokens', () => {
  let user: SessionUser;
  beforeAll(async () => {
    user = await createVerifiedUser(ctx.app, ctx.db);
  });

  const expectRefused = async (authorization: string | undefined) => {
    const response = await profile(authorization === undefined ? {} : { authorization });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: serverMessages.notAuthorized });
  };

  it('ROLE-13, ROLE-14: the profile needs a Bearer token', async () => {
    expect((await profile(bearer(user))).statusCode).toBe(200);
    await expectRefused(undefined);
    await expectRefused(`Basic ${user.accessToken}`);
    await expectRefused('Bearer not.a.jwt');
    await expectRefused(`Bearer ${user.refreshToken}`);
  });

  it('ROLE-14: refuses a token signed with another key', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuer('nordic-shop')
      .setAudience('nordic-shop-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-of-thirty-two-characters!'));
    await expectRefused(`Bearer ${forged}`);
  });

  it('ROLE-14: refuses an unsigned token (alg: none)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      sub: user._id,
      iss: 'nordic-shop',
      aud: 'nordic-shop-api',
      iat: now,
      exp: now + 900,
    })}.`;
    await expectRefused(`Bearer ${unsigned}`);
  });

  it('ROLE-14: refuses an expired token signed with the right key', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuer('nordic-shop')
      .setAudience('nordic-shop-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(await signingKey());
    await expectRefused(`Bearer ${expired}`);
  });

  it('refuses a token whose payload was changed to another user', async () => {
    const [header, , signature] = user.accessToken.split('.');
    const other = await createVerifiedUser(ctx.app, ctx.db);
    const payload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()),
        sub: other._id,
      }),
    ).toString('base64url');
    await expectRefused(`Bearer ${header}.${payload}.${signature}`);
  });
});

describe('profile and its update', () => {
  it('API-27: answers the profile in the listed shape', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db, { name: 'Kari Nordmann' });
    const response = await profile(bearer(user));
    expect(response.statusCode).toBe(200);
    const { user: details } = profileResponseSchema.parse(response.json());
    expect(details).toMatchObject({
      _id: user._id,
      name: 'Kari Nordmann',
      email: user.email,
      phone: '',
      country: '',
      ISOCode: '',
      currencyCode: 'NOK',
      provider: 'local',
      shippingDetails: null,
      billingAddress: null,
    });
  });

  it('an account named in one word before the name rule signs in and edits its details; a new name follows the rule (issue 29.12)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await ctx.db.update(users).set({ name: 'Madonna' }).where(eq(users.id, user._id));
    expect((await login(user.email, strongPassword)).statusCode).toBe(200);
    const update = (name: string) =>
      inject({
        method: 'PUT',
        url: `/api/subscribers/${user._id}`,
        headers: bearer(user),
        payload: { ...editBody, name, phone: '+47 400 00 000' },
      });
    const kept = await update('Madonna');
    expect(kept.statusCode).toBe(200);
    expect(kept.json().user).toMatchObject({ name: 'Madonna', phone: '+47 400 00 000' });
    const renamed = await update('Cher');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ message: accountTexts.invalidFullName });
    expect((await update('Madonna Ciccone')).json().user.name).toBe('Madonna Ciccone');
  });

  it('answers a detail longer than its field in words (issue 29.12)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const cases: [Record<string, string>, string][] = [
      [{ address: 'x'.repeat(201) }, 'Address is too long (at most 200 characters).'],
      [{ phone: '9'.repeat(41) }, 'Phone is too long (at most 40 characters).'],
      [{ city: 'y'.repeat(101) }, 'City is too long (at most 100 characters).'],
      [{ postalCode: '1'.repeat(21) }, 'Postal code is too long (at most 20 characters).'],
      [
        { apartmentNumber: 'z'.repeat(201) },
        'Address line 2 is too long (at most 200 characters).',
      ],
    ];
    for (const [change, message] of cases) {
      const response = await inject({
        method: 'PUT',
        url: `/api/subscribers/${user._id}`,
        headers: bearer(user),
        payload: { ...editBody, ...change },
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('API-28: updates the listed fields; an alpha-3 country is stored as alpha-2 with its currency', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: {
        ...editBody,
        name: '  Kari Updated ',
        country: 'SWE',
        countryDetails: { Country: 'Sweden', ISOCode: 'SWE', CurrencyCode: 'SEK' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      ...editBody,
      name: 'Kari Updated',
      country: 'SE',
      ISOCode: 'SWE',
      currencyCode: 'SEK',
    });
    expect((await profile(bearer(user))).json().user.city).toBe('Oslo');
  });

  it('SHIP-06 a changed account address becomes the one saved last: the older shipping-step address is dropped (issue 10.4)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const edit = (payload: Record<string, unknown>) =>
      inject({
        method: 'PUT',
        url: `/api/subscribers/${user._id}`,
        headers: bearer(user),
        payload,
      });
    expect((await edit(editBody)).statusCode).toBe(200);
    const shippedTo = { ...editBody, email: user.email, address: 'Kirkegata 5', country: 'NO' };
    await ctx.db
      .update(users)
      .set({ shippingDetails: shippedTo, billingAddress: shippedTo })
      .where(eq(users.id, user._id));

    // The same account address again (a new phone, say) leaves the newer shipping address.
    expect((await edit({ ...editBody, phone: '+47 400 00 000' })).statusCode).toBe(200);
    expect((await profile(bearer(user))).json().user.shippingDetails).toEqual(shippedTo);

    expect((await edit({ ...editBody, address: 'Nygata 9' })).statusCode).toBe(200);
    const { user: details } = profileResponseSchema.parse((await profile(bearer(user))).json());
    expect(details).toMatchObject({ address: 'Nygata 9', shippingDetails: null });
    expect(details.billingAddress).toBeNull();
  });

  it('refuses an unknown country and changes nothing', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: { ...editBody, country: 'ZZ' },
    });
    expect(response.statusCode).toBe(400);
    expect((await profile(bearer(user))).json().user.city).toBe('');
  });

  it("ROLE-16: answers 403 for another user's id and changes nothing", async () => {
    const [alice, bob] = [
      await createVerifiedUser(ctx.app, ctx.db, { name: 'Alice Aas' }),
      await createVerifiedUser(ctx.app, ctx.db, { name: 'Bob Berg' }),
    ];
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${bob._id}`,
      headers: bearer(alice),
      payload: { ...editBody, name: 'Hacked' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accountServerMessages.otherUser });
    expect((await profile(bearer(bob))).json().user.name).toBe('Bob Berg');
  });

  it('ignores role, provider, e-mail and verified state sent in the body (mass assignment)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: {
        ...editBody,
        role: 'owner',
        provider: 'google',
        email: 'takeover@example.no',
        emailVerifiedAt: null,
        passwordHash: 'x',
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await userByEmail(user.email);
    expect(row).toMatchObject({ role: 'customer', provider: 'local', email: user.email });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('API-28, VAL-18: a wrong previous password answers "Old password does not match!"', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: {
        ...editBody,
        updatePassword: true,
        previousPassword: 'Wr0ng pass!',
        newPassword: 'N3w pass word',
        newPassword1: 'N3w pass word',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: accountServerMessages.oldPasswordMismatch });
    expect((await profile(bearer(user))).json().user.city).toBe('');
  });

  it('API-28, VAL-18: differing new passwords answer "Passwords do not match!"; a weak one is refused', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const change = (newPassword: string, newPassword1: string) =>
      inject({
        method: 'PUT',
        url: `/api/subscribers/${user._id}`,
        headers: bearer(user),
        payload: {
          ...editBody,
          updatePassword: true,
          previousPassword: strongPassword,
          newPassword,
          newPassword1,
        },
      });
    expect((await change('N3w pass word', 'N3w pass wordx')).json()).toEqual({
      message: accountServerMessages.newPasswordsMismatch,
    });
    const weak = await change('weakpassword', 'weakpassword');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: accountTexts.weakPassword });
    expect((await login(user.email, strongPassword)).statusCode).toBe(200);
  });

  it('ACCOUNT-02: a password change ends every session and is confirmed by mail', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: {
        ...editBody,
        updatePassword: true,
        previousPassword: strongPassword,
        newPassword: 'N3w pass word',
        newPassword1: 'N3w pass word',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await profile(bearer(user))).statusCode).toBe(401);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/subscribers/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await login(user.email, strongPassword)).statusCode).toBe(401);
    const again = await login(user.email, 'N3w pass word');
    expect(again.statusCode).toBe(200);
    expect((await profile(bearer(again.json()))).statusCode).toBe(200);
    expect(await latestMail(ctx.db, user.email, 'password-changed')).toBeDefined();
  });
});

describe('forgot and reset password', () => {
  const forgot = (email: string) =>
    inject({ method: 'POST', url: '/api/subscribers/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    inject({
      method: 'PUT',
      url: `/api/subscribers/reset-password/${token}`,
      payload: { password },
    });

  it('API-30: answers the same 200 for a known and an unknown address, mailing only the known one', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const known = await forgot(user.email);
    const nobody = uniqueEmail('nobody');
    const unknown = await forgot(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: accountServerMessages.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    const mail = await receivedMail(ctx.app, user.email, 'reset-password');
    expect(linkPath(mail?.text ?? '', '/forgot-password/')).toMatch(
      /^\/forgot-password\/[\w-]{40,}$/,
    );
    expect(await latestMail(ctx.db, nobody, 'reset-password')).toBeUndefined();
  });

  it('VAL-21: refuses an address without a valid ending', async () => {
    const response = await forgot('someone@example');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: accountTexts.forgotEmailInvalid });
  });

  it('API-31, ACCOUNT-05: resets once with the mailed token, ending old sessions', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await forgot(user.email);
    const mail = await receivedMail(ctx.app, user.email, 'reset-password');
    const token =
      linkPath(mail?.text ?? '', '/forgot-password/')
        .split('/')
        .at(-1) ?? '';
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: accountTexts.weakPassword });
    const response = await reset(token, 'Brand n3w pass');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountTexts.passwordUpdated });
    const reused = await reset(token, 'Another n3w pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: accountServerMessages.resetInvalid });
    expect((await login(user.email, strongPassword)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand n3w pass')).statusCode).toBe(200);
    const refreshed = await inject({
      method: 'POST',
      url: '/api/subscribers/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await latestMail(ctx.db, user.email, 'password-changed')).toBeDefined();
  });

  it('refuses an expired reset token and a made-up one', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await forgot(user.email);
    const mail = await receivedMail(ctx.app, user.email, 'reset-password');
    const token =
      linkPath(mail?.text ?? '', '/forgot-password/')
        .split('/')
        .at(-1) ?? '';
    await ctx.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user._id));
    expect((await reset(token, 'Brand n3w pass')).statusCode).toBe(400);
    expect((await reset('made-up', 'Brand n3w pass')).statusCode).toBe(400);
    expect((await login(user.email, strongPassword)).statusCode).toBe(200);
  });

  it('a reset token expires after one hour', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await forgot(user.email);
    const [token] = await ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'reset-password'))
      .orderBy(sql`${accountTokens.createdAt} desc`)
      .limit(1);
    const minutes = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});

describe('account deletion', () => {
  it('VAL-22: a typed address that does not match answers "Email did not match" and keeps the account', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const response = await inject({
      method: 'DELETE',
      url: '/api/subscribers/profile',
      headers: bearer(user),
      payload: { email: 'someone.else@example.no' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: accountTexts.deleteEmailMismatch });
    expect(await userByEmail(user.email)).toBeDefined();
  });

  it('API-44, MYACC-06: erases the account, its sessions and wishlist, and confirms by mail', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await inject({
      method: 'PUT',
      url: '/api/products/wishlist',
      headers: bearer(user),
      payload: { productId: firstProduct().defaultItemId },
    });
    const response = await inject({
      method: 'DELETE',
      url: '/api/subscribers/profile',
      headers: bearer(user),
      payload: { email: ` ${user.email.toUpperCase()} ` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountServerMessages.accountDeleted });
    expect(await userByEmail(user.email)).toBeUndefined();
    expect(
      await ctx.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user._id)),
    ).toEqual([]);
    expect(
      await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id)),
    ).toEqual([]);
    expect((await profile(bearer(user))).statusCode).toBe(401);
    expect((await login(user.email, strongPassword)).statusCode).toBe(401);
    expect((await deliveredTo(ctx.app, 'account-deleted', user.email)).subject).toBe(
      'Your Nordic Trading account was deleted',
    );
    // The address is free again.
    expect(
      (await signUp({ name: 'Nina New', email: user.email, password: strongPassword })).statusCode,
    ).toBe(201);
  });

  it("removes the customer's queued and sent mails with their written copies, and no one else's (issue 11)", async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const other = await createVerifiedUser(ctx.app, ctx.db);
    for (const shopper of [user, other])
      await inject({
        method: 'POST',
        url: '/api/subscribers/forgot-password',
        payload: { email: shopper.email },
      });
    await receivedMail(ctx.app, user.email, 'reset-password');
    await receivedMail(ctx.app, other.email, 'reset-password');
    // A mail still waiting for its turn.
    await ctx.db.insert(mailOutbox).values({
      kind: 'order-confirmation',
      recipient: user.email,
      userId: user._id,
      subject: 'Queued',
      text: 'Your order',
      html: '<p>Your order</p>',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const mailsOf = (userId: string) =>
      ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
    // The mail file is written before its row is marked sent: wait for the rows to settle.
    const settledMails = (userId: string, sent: number) =>
      vi.waitFor(async () => {
        const mails = await mailsOf(userId);
        expect(mails.filter((mail) => mail.status === 'sent')).toHaveLength(sent);
        return mails;
      }, patiently);
    const ownMails = await settledMails(user._id, 2);
    expect(ownMails.map((mail) => [mail.kind, mail.status]).sort()).toEqual([
      ['order-confirmation', 'pending'],
      ['reset-password', 'sent'],
      ['verify-email', 'sent'],
    ]);
    const othersMails = await settledMails(other._id, 2);
    expect(othersMails).toHaveLength(2);
    const written = async (id: string) =>
      (await mailFiles(mailDir(ctx.env.dataDir), (name) => name.endsWith(`-${id}.eml`))).length > 0;

    const response = await inject({
      method: 'DELETE',
      url: '/api/subscribers/profile',
      headers: bearer(user),
      payload: { email: user.email },
    });

    expect(response.statusCode).toBe(200);
    expect(await mailsOf(user._id)).toEqual([]);
    for (const mail of ownMails) expect(await written(mail.id)).toBe(false);
    const addressedTo = async (email: string) =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).map(
        (mail) => [mail.kind, mail.userId],
      );
    // Only the goodbye mail, of no account, names the address, and only until it has gone (the
    // worker may have sent it already: issue 29.3).
    expect([[], [['account-deleted', null]]]).toContainEqual(await addressedTo(user.email));
    expect((await deliveredTo(ctx.app, 'account-deleted', user.email)).subject).not.toBe('');
    await vi.waitFor(async () => expect(await addressedTo(user.email)).toEqual([]), patiently);
    expect(await mailsOf(other._id)).toEqual(othersMails);
    for (const mail of othersMails) expect(await written(mail.id)).toBe(true);
  });
});

describe('wishlist', () => {
  const toggle = (productId: string, user?: SessionUser) =>
    inject({
      method: 'PUT',
      url: '/api/products/wishlist',
      headers: user ? bearer(user) : {},
      payload: { productId },
    });
  const list = (user: SessionUser) =>
    inject({ method: 'GET', url: '/api/products/wishlist', headers: bearer(user) });

  it('API-32, SESSION-12: 201 when added, 200 when toggled off, listed as product cards', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const productId = firstProduct().defaultItemId;
    expect((await toggle(productId, user)).statusCode).toBe(201);
    const listed = await list(user);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ _id: productId, slug: firstProduct().slug }),
    ]);
    expect((await toggle(productId, user)).statusCode).toBe(200);
    expect((await list(user)).json()).toEqual([]);
  });

  it('leaves out a product taken off sale (draft) or a disabled item, and shows it again when back on sale (issue 12)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const product = firstProduct();
    expect((await toggle(product.defaultItemId, user)).statusCode).toBe(201);
    const listedIds = async () =>
      (await list(user)).json<{ _id: string }[]>().map((card) => card._id);
    try {
      await ctx.db.update(products).set({ status: 'draft' }).where(eq(products.slug, product.slug));
      expect(await listedIds()).toEqual([]);
      await ctx.db
        .update(products)
        .set({ status: 'published' })
        .where(eq(products.slug, product.slug));
      await ctx.db
        .update(productItems)
        .set({ disabled: true })
        .where(eq(productItems.id, product.defaultItemId));
      expect(await listedIds()).toEqual([]);
    } finally {
      await ctx.db
        .update(productItems)
        .set({ disabled: false })
        .where(eq(productItems.id, product.defaultItemId));
    }
    expect(await listedIds()).toEqual([product.defaultItemId]);
  });

  it('refuses an unknown product, a malformed id and a visitor', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    expect((await toggle('00000000-0000-4000-8000-000000000000', user)).statusCode).toBe(404);
    expect((await toggle("1' or '1'='1", user)).statusCode).toBe(400);
    expect((await toggle(firstProduct().defaultItemId)).statusCode).toBe(401);
  });
});
