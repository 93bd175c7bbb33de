import { eq } from 'drizzle-orm';
import {
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importSPKI,
  jwtVerify,
  decodeProtectedHeader,
} from 'jose';
import {
  OAuth2Server,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAccountMessage, sessionUserSchema, type SessionUser } from '@shop/shared';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { receivedMail } from '../../test/account-fixtures.js';
import { createTestApp, openTestDatabase, type TestContext } from '../../test/test-app.js';
import { accountTokens, users } from './accounts.tables.js';
import { returnPathOf } from './social.routes.js';

const PUBLIC_URL = 'http://shop.test';
const GOOGLE_CLIENT_ID = 'shop-google-client';
const APPLE_CLIENT_ID = 'no.nordic-trading.web';
const APPLE_TEAM_ID = 'TEAM123456';
const APPLE_KEY_ID = 'KEY1234567';
const PASSWORD = 'Secret#2024';

type Provider = 'google' | 'apple';
type Response = Awaited<ReturnType<TestContext['app']['inject']>>;

let oidc: OAuth2Server;
let issuer: string;
/** Claims the mock puts into the next id_token it signs. */
let nextClaims: Record<string, unknown> = {};
/** The form bodies the mock's token end point received, newest last. */
const tokenRequests: Record<string, unknown>[] = [];
let applePublicKey: string;
let applePrivateKey: string;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  // The mock names itself `localhost`, which may resolve to ::1 where it does not listen.
  issuer = `http://127.0.0.1:${oidc.address().port}`;
  oidc.issuer.url = issuer;
  // Fired for the access token and then the id_token; only the id_token has no scope.
  oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (!('scope' in token.payload)) Object.assign(token.payload, nextClaims);
  });
  oidc.service.on(
    'beforeResponse',
    (_response: MutableResponse, req: TokenRequestIncomingMessage) => {
      tokenRequests.push({ ...req.body });
    },
  );
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  applePrivateKey = await exportPKCS8(privateKey);
  applePublicKey = await exportSPKI(publicKey);
});

afterAll(async () => {
  await oidc.stop();
});

function appleEnv(): Record<string, string> {
  return {
    APPLE_CLIENT_ID,
    APPLE_TEAM_ID,
    APPLE_KEY_ID,
    APPLE_PRIVATE_KEY: applePrivateKey,
    APPLE_ISSUER: issuer,
  };
}

function bothProviders(): Record<string, string> {
  return {
    PUBLIC_URL,
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: issuer,
    ...appleEnv(),
  };
}

const cookieValues = (response: Response) =>
  Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));

/**
 * Runs /auth/<provider> (with its query, `?returnTo=…`) → the mock's authorization end point,
 * and returns where it sends back.
 */
async function authorize(
  ctx: TestContext,
  provider: Provider,
  claims: Record<string, unknown>,
  query = '',
) {
  const start = await ctx.app.inject({ method: 'GET', url: `/auth/${provider}${query}` });
  expect(start.statusCode).toBe(302);
  nextClaims = claims;
  const answer = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return { start, back: new URL(answer.headers.get('location') ?? '') };
}

/** A whole sign-in: Google returns by GET, Apple by form POST as `response_mode=form_post` does. */
async function signIn(
  ctx: TestContext,
  provider: Provider,
  claims: Record<string, unknown>,
  appleUser?: object,
  query = '',
): Promise<Response> {
  const { start, back } = await authorize(ctx, provider, claims, query);
  const cookies = cookieValues(start);
  if (provider === 'google')
    return ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies });
  const form = new URLSearchParams(back.searchParams);
  if (appleUser) form.set('user', JSON.stringify(appleUser));
  return ctx.app.inject({
    method: 'POST',
    url: back.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
    cookies,
  });
}

function signedInUser(response: Response): SessionUser {
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/`);
  return sessionUserSchema.parse(JSON.parse(location.searchParams.get('message') ?? ''));
}

function loginError(response: Response): string {
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/login`);
  expect([...location.searchParams.keys()]).toEqual(['error']);
  return location.searchParams.get('error') ?? '';
}

const googleClaims = (email: string, extra: Record<string, unknown> = {}) => ({
  sub: `google-${email}`,
  email,
  email_verified: true,
  name: 'Greta Google',
  aud: GOOGLE_CLIENT_ID,
  ...extra,
});

async function signUp(ctx: TestContext, email: string): Promise<{ id: string; token: string }> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    payload: { name: 'Local Lars', email, password: PASSWORD },
  });
  expect(created.statusCode).toBe(201);
  const mail = await receivedMail(ctx.app, email, 'verify-email');
  const match = /\/verify\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no verification link mailed to ${email}`);
  return { id: match[1], token: match[2] };
}

const login = (ctx: TestContext, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/subscribers/login',
    payload: { email, password: PASSWORD },
  });

describe('Google and Apple sign-in', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(bothProviders());
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('GET /api/auth/providers reports both providers when configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: true, apple: true });
  });

  it('ROLE-11 LOGIN-04 API-33 /auth/google redirects to the provider with state and PKCE in Lax cookies', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/google' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.google_oauth_state).toMatchObject({
      value: params.state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth/google',
      maxAge: 600,
    });
    expect(cookies.google_code_verifier).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.google_oauth_state?.secure).toBeFalsy();
  });

  it('ROLE-11 API-33 API-34 the whole Google flow signs in, and GET /api/google-user answers the user once', async () => {
    const response = await signIn(ctx, 'google', googleClaims('greta@example.com'));
    const user = signedInUser(response);
    expect(user).toMatchObject({
      name: 'Greta Google',
      email: 'greta@example.com',
      provider: 'google',
    });

    const set = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(set.google_oauth_state?.value).toBe('');
    expect(set.google_code_verifier?.value).toBe('');
    expect(set.social_session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/google-user',
      maxAge: 600,
    });

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/profile',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ _id: user._id, email: 'greta@example.com' });

    const handoff = { social_session: set.social_session?.value ?? '' };
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/google-user',
      cookies: handoff,
    });
    expect(first.statusCode).toBe(200);
    const picked = sessionUserSchema.parse(first.json());
    expect(picked).toMatchObject({ _id: user._id, email: 'greta@example.com', provider: 'google' });
    expect(first.cookies.find((cookie) => cookie.name === 'social_session')?.value).toBe('');

    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/google-user',
      cookies: handoff,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Not signed in with Google or Apple' });

    // The same Google identity signs in to the same account.
    const second = signedInUser(await signIn(ctx, 'google', googleClaims('greta@example.com')));
    expect(second._id).toBe(user._id);
  });

  it('issue 11: the hand-off answers only one of three racing calls, and none once it has expired', async () => {
    const handoffOf = async (email: string) => {
      const response = await signIn(ctx, 'google', googleClaims(email));
      signedInUser(response);
      const cookie = response.cookies.find((candidate) => candidate.name === 'social_session');
      return { social_session: cookie?.value ?? '' };
    };
    const pickUp = (cookies: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/google-user', cookies });

    const racing = await handoffOf('race@example.com');
    const answers = await Promise.all([pickUp(racing), pickUp(racing), pickUp(racing)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);

    const late = await handoffOf('late@example.com');
    await ctx.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'social-session'));
    expect((await pickUp(late)).statusCode).toBe(401);
  });

  it('API-34 GET /api/google-user answers 401 without a session cookie or with an unknown one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/google-user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Not signed in with Google or Apple' });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/google-user',
      cookies: { social_session: 'not-a-handoff-token' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('with ?optional=true answers 204 instead of 401 when no sign-in waits, and the user once when one does (issue 15)', async () => {
    const optional = (cookies: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: '/api/google-user?optional=true', cookies });
    const none = await optional();
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    expect((await optional({ social_session: 'not-a-handoff-token' })).statusCode).toBe(204);

    const response = await signIn(ctx, 'google', googleClaims('quiet@example.com'));
    const user = signedInUser(response);
    const cookie = response.cookies.find((candidate) => candidate.name === 'social_session');
    const handoff = { social_session: cookie?.value ?? '' };
    const first = await optional(handoff);
    expect(first.statusCode).toBe(200);
    expect(sessionUserSchema.parse(first.json())._id).toBe(user._id);
    expect((await optional(handoff)).statusCode).toBe(204);

    const refused = await ctx.app.inject({ method: 'GET', url: '/api/google-user?optional=yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('optional must be true');
  });

  it('ROLE-12 LOGIN-05 API-33 Apple signs in through a form_post callback and takes the name from the posted user', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/apple' });
    const location = new URL(String(start.headers.location));
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: APPLE_CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/auth/apple/callback`,
      scope: 'name email',
      response_mode: 'form_post',
      code_challenge_method: 'S256',
    });
    // Plain-http development cannot use SameSite=None, which needs Secure.
    expect(start.cookies.find((cookie) => cookie.name === 'apple_oauth_state')).toMatchObject({
      sameSite: 'Lax',
      path: '/auth/apple',
      httpOnly: true,
    });

    const claims = {
      sub: 'apple-000123.abc',
      email: 'astrid@privaterelay.example',
      email_verified: 'true',
      aud: APPLE_CLIENT_ID,
    };
    const response = await signIn(ctx, 'apple', claims, {
      name: { firstName: 'Astrid', lastName: 'Apple' },
      email: 'astrid@privaterelay.example',
    });
    const user = signedInUser(response);
    expect(user).toMatchObject({
      name: 'Astrid Apple',
      email: 'astrid@privaterelay.example',
      provider: 'apple',
    });
    expect(response.cookies.find((cookie) => cookie.name === 'social_session')?.value).toBeTruthy();

    // Apple's client secret: an ES256 JWT from the team's key, sent in the form body.
    const tokenRequest = tokenRequests.at(-1) ?? {};
    expect(tokenRequest).toMatchObject({
      client_id: APPLE_CLIENT_ID,
      grant_type: 'authorization_code',
    });
    const secret = String(tokenRequest.client_secret);
    expect(decodeProtectedHeader(secret)).toMatchObject({ alg: 'ES256', kid: APPLE_KEY_ID });
    await jwtVerify(secret, await importSPKI(applePublicKey, 'ES256'), {
      issuer: APPLE_TEAM_ID,
      subject: APPLE_CLIENT_ID,
      audience: issuer,
    });

    // Later sign-ins post no name; the account keeps the first one.
    const again = signedInUser(await signIn(ctx, 'apple', claims));
    expect(again).toMatchObject({ _id: user._id, name: 'Astrid Apple' });
  });

  it('ROLE-11 links a verified local account by its e-mail, which keeps its password', async () => {
    const email = 'verified.lars@example.com';
    const { id, token } = await signUp(ctx, email);
    const verified = await ctx.app.inject({
      method: 'PUT',
      url: `/api/subscribers/verify-user/${id}/${token}`,
    });
    expect(verified.statusCode).toBe(200);

    const user = signedInUser(await signIn(ctx, 'google', googleClaims(email)));
    expect(user._id).toBe(id);
    expect((await login(ctx, email)).statusCode).toBe(200);
  });

  it('ROLE-11 links an unverified local account and retires the password nobody proved', async () => {
    const email = 'unverified.lars@example.com';
    const { id } = await signUp(ctx, email);
    expect((await login(ctx, email)).statusCode).toBe(403);

    const user = signedInUser(await signIn(ctx, 'google', googleClaims(email)));
    expect(user._id).toBe(id);
    expect((await login(ctx, email)).statusCode).toBe(401);
  });

  it('a blocked customer is sent back to the login page with the reason, linked or not yet (issue 13)', async () => {
    const email = 'blocked.greta@example.com';
    const user = signedInUser(await signIn(ctx, 'google', googleClaims(email)));
    const reason = 'Chargebacks on every order';
    await ctx.db
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: reason })
      .where(eq(users.id, user._id));
    const linked = await signIn(ctx, 'google', googleClaims(email));
    expect(loginError(linked)).toBe(blockedAccountMessage(reason));
    expect(linked.cookies.find((cookie) => cookie.name === 'social_session')).toBeUndefined();
    // Not linked to Apple yet: the address finds the blocked account, and no link is made.
    const byAddress = await signIn(ctx, 'apple', {
      ...googleClaims(email),
      sub: 'apple-blocked',
      aud: APPLE_CLIENT_ID,
    });
    expect(loginError(byAddress)).toBe(blockedAccountMessage(reason));
  });

  it('a Google account without a verified e-mail and no link is sent back to the login page', async () => {
    const response = await signIn(
      ctx,
      'google',
      googleClaims('unproven@example.com', { email_verified: false }),
    );
    expect(loginError(response)).toBe('Your Google account has no verified e-mail address.');
    expect(response.cookies.find((cookie) => cookie.name === 'social_session')).toBeUndefined();
  });

  it('a state that does not match the cookie, or no state cookie, is refused', async () => {
    const { start, back } = await authorize(ctx, 'google', googleClaims('state@example.com'));
    const cookies = cookieValues(start);
    const forged = new URLSearchParams(back.searchParams);
    forged.set('state', 'forged-state');
    const mismatch = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}?${forged}`,
      cookies,
    });
    expect(loginError(mismatch)).toBe(
      'Google sign-in expired or was started in another window. Please try again.',
    );

    const noCookie = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(loginError(noCookie)).toBe(
      'Google sign-in expired or was started in another window. Please try again.',
    );
  });

  it('an id_token issued to another client is refused, without token or detail in the redirect', async () => {
    const response = await signIn(
      ctx,
      'google',
      googleClaims('other-client@example.com', { aud: 'someone-elses-client' }),
    );
    expect(loginError(response)).toBe('Google sign-in failed. Please try again.');
  });

  it('a sign-in the shopper cancelled at the provider says so', async () => {
    const google = await ctx.app.inject({
      method: 'GET',
      url: '/auth/google/callback?error=access_denied&state=whatever',
    });
    expect(loginError(google)).toBe('Google sign-in was cancelled.');
    const apple = await ctx.app.inject({
      method: 'POST',
      url: '/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'error=user_cancelled_authorize&state=whatever',
    });
    expect(loginError(apple)).toBe('Apple sign-in was cancelled.');
  });

  it('issue 31.9: a sign-in started from an English page comes back to it in English, its account writing in English', async () => {
    const response = await signIn(
      ctx,
      'google',
      googleClaims('emma@example.com'),
      undefined,
      `?returnTo=${encodeURIComponent('/en/')}`,
    );
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/en/`);
    const user = sessionUserSchema.parse(JSON.parse(location.searchParams.get('message') ?? ''));
    const [row] = await ctx.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.locale).toBe('en');
    expect(response.cookies.find((cookie) => cookie.name === 'google_return_to')?.value).toBe('');

    // Apple's form POST, and a refusal: the English login page.
    const apple = await signIn(
      ctx,
      'apple',
      {
        sub: 'apple-emma',
        email: 'emma-apple@example.com',
        email_verified: 'true',
        aud: APPLE_CLIENT_ID,
      },
      { name: { firstName: 'Emma', lastName: 'Apple' }, email: 'emma-apple@example.com' },
      '?returnTo=/en/cart',
    );
    expect(new URL(String(apple.headers.location)).pathname).toBe('/en/cart');
    const { start, back } = await authorize(
      ctx,
      'google',
      googleClaims('late@example.com'),
      '?returnTo=/en/checkout',
    );
    const forged = new URLSearchParams(back.searchParams);
    forged.set('state', 'forged-state');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}?${forged}`,
      cookies: cookieValues(start),
    });
    expect(String(refused.headers.location)).toMatch(
      new RegExp(`^${PUBLIC_URL}/en/login\\?error=`),
    );
  });

  it('issue 31.9: comes back only to a page of the shop, whatever the start or the cookie names', async () => {
    for (const asked of [
      '//evil.example/',
      'https://evil.example/en/',
      '/\\evil.example/',
      '/\t/evil.example/',
      'en/',
      '/api/orders',
      '/auth/google',
      '/admin',
    ]) {
      const response = await signIn(
        ctx,
        'google',
        googleClaims('roamer@example.com'),
        undefined,
        `?returnTo=${encodeURIComponent(asked)}`,
      );
      expect(String(response.headers.location), asked).toMatch(
        new RegExp(`^${PUBLIC_URL}/\\?message=`),
      );
    }
    // A cookie the browser changed after the start is checked as well.
    const { start, back } = await authorize(ctx, 'google', googleClaims('roamer@example.com'));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { ...cookieValues(start), google_return_to: '//evil.example/' },
    });
    expect(String(response.headers.location)).toMatch(new RegExp(`^${PUBLIC_URL}/\\?message=`));
    expect(returnPathOf('/en/product/ull-lue?colour=red')).toBe('/en/product/ull-lue');
    expect(returnPathOf('/en/../../evil')).toBe('/');
    expect(returnPathOf(undefined)).toBe('/');
  });

  it('hides the browser routes from the OpenAPI document and describes /api/google-user', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(document.paths as object);
    expect(paths).toContain('/api/google-user');
    expect(paths).toContain('/api/auth/providers');
    expect(paths.filter((path) => path.startsWith('/auth/'))).toEqual([]);
  });
});

/** Builds the app on a throw-away database and returns the message it stopped with. */
async function startFailure(overrides: Record<string, string>): Promise<string> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    // A fixed secret, so the failed start writes no key file.
    JWT_SECRET: 'x'.repeat(32),
    ...overrides,
  });
  const { handle, drop } = await openTestDatabase();
  try {
    await buildApp({ env, database: handle });
  } catch (error) {
    return (error as Error).message;
  } finally {
    await handle.close();
    await drop();
  }
  throw new Error('the app started');
}

describe('social sign-in configuration', () => {
  it('LOGIN-04 LOGIN-05 providers that are not configured redirect to the login page as not set up', async () => {
    const ctx = await createTestApp({ PUBLIC_URL });
    try {
      const providers = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ google: false, apple: false });
      const google = await ctx.app.inject({ method: 'GET', url: '/auth/google' });
      expect(loginError(google)).toBe('Google sign-in is not set up.');
      expect(google.headers.location).toBe(
        `${PUBLIC_URL}/login?error=${encodeURIComponent('Google sign-in is not set up.')}`,
      );
      const apple = await ctx.app.inject({ method: 'GET', url: '/auth/apple' });
      expect(loginError(apple)).toBe('Apple sign-in is not set up.');
    } finally {
      await ctx.close();
    }
  });

  it('ROLE-12 with an https address Apple state cookies are SameSite=None and Secure', async () => {
    const ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example', ...appleEnv() });
    try {
      const providers = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ google: false, apple: true });
      const start = await ctx.app.inject({ method: 'GET', url: '/auth/apple' });
      expect(start.statusCode).toBe(302);
      for (const name of ['apple_oauth_state', 'apple_code_verifier'])
        expect(start.cookies.find((cookie) => cookie.name === name)).toMatchObject({
          sameSite: 'None',
          secure: true,
          httpOnly: true,
        });
    } finally {
      await ctx.close();
    }
  });

  it('a half-configured Apple sign-in stops the start naming the missing variables', async () => {
    const failure = await startFailure({ APPLE_CLIENT_ID, APPLE_TEAM_ID });
    expect(failure).toMatch(/APPLE_KEY_ID: must be set/);
    expect(failure).toMatch(/APPLE_PRIVATE_KEY: must be set/);
    expect(failure).not.toMatch(/APPLE_TEAM_ID: must be set/);
  });

  it('a Google client id without its secret stops the start naming the missing variable', async () => {
    const failure = await startFailure({ GOOGLE_CLIENT_ID });
    expect(failure).toMatch(/GOOGLE_CLIENT_SECRET: must be set/);
  });

  it('an APPLE_PRIVATE_KEY that is not a PKCS#8 key stops the start', async () => {
    const failure = await startFailure({ ...appleEnv(), APPLE_PRIVATE_KEY: 'not a key' });
    expect(failure).toMatch(/APPLE_PRIVATE_KEY: must be the PKCS#8 PEM/);
  });
});
