import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  adminEnrolResponseSchema,
  adminLoginResponseSchema,
  adminVerifyResponseSchema,
  type AdminSession,
} from '@shop/shared';
import { shopOwner } from './accounts.js';
import { untilTheTestTimesOut } from './test.js';

const STEP_MS = 30_000;
// The first journey to sign the owner in leaves the authenticator's secret here for the other
// workers; e2e/support/start-server.mjs removes both files when a run starts.
const secretFile = path.join(os.tmpdir(), `shop-e2e-${process.env.E2E_PORT ?? '5055'}-owner-totp`);
const lockFile = `${secretFile}.lock`;

/** The code an authenticator app shows for `at`, as the owner's phone would compute it. */
function totpCode(secret: string, at: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6 });
  return totp.generate({ timestamp: at });
}

async function login(request: APIRequestContext) {
  const response = await request.post('/api/admin/auth/login', { data: shopOwner });
  expect(response.status()).toBe(200);
  return adminLoginResponseSchema.parse(await response.json());
}

/** The first journey to get here sets up the owner's authenticator and leaves its secret. */
async function enrolOwner(request: APIRequestContext): Promise<AdminSession> {
  const answer = await login(request);
  if (answer.step !== 'enrol') throw new Error('the e2e owner has an authenticator already');
  const enrol = await request.post('/api/admin/auth/enrol', {
    data: { challengeToken: answer.challengeToken, code: totpCode(answer.secret, Date.now()) },
  });
  expect(enrol.status()).toBe(200);
  const session = adminEnrolResponseSchema.parse(await enrol.json()).session;
  // The journeys read the spec's English words; the owner chooses English before any other
  // worker signs in, so every later session carries it.
  const english = await request.put('/api/admin/auth/me/locale', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { locale: 'en' },
  });
  expect(english.status()).toBe(204);
  await fs.writeFile(`${secretFile}.part`, answer.secret);
  await fs.rename(`${secretFile}.part`, secretFile);
  return { ...session, locale: 'en' };
}

async function enrolledSecret(): Promise<string> {
  let secret = '';
  await expect
    .poll(async () => (secret = await fs.readFile(secretFile, 'utf8').catch(() => '')), {
      message: 'a journey to set up the owner authenticator',
      ...untilTheTestTimesOut,
    })
    .not.toBe('');
  return secret;
}

/**
 * Password, then a code. A code is taken once, and journeys in other workers sign in too: when
 * this step's code is used, the next step's is tried, and then a new step is waited for.
 */
async function verifyOwner(request: APIRequestContext, secret: string): Promise<AdminSession> {
  for (let round = 0; round < 4; round += 1) {
    const answer = await login(request);
    expect(answer.step).toBe('verify');
    const now = Date.now();
    for (const at of [now, now + STEP_MS]) {
      const verify = await request.post('/api/admin/auth/verify', {
        data: { challengeToken: answer.challengeToken, code: totpCode(secret, at) },
      });
      if (verify.ok()) return adminVerifyResponseSchema.parse(await verify.json()).session;
      expect(verify.status()).toBe(401);
    }
    await sleep(STEP_MS - (now % STEP_MS) + 100);
  }
  throw new Error('the e2e owner could not sign in to the back office');
}

let signedIn: { session: Promise<AdminSession>; at: number } | undefined;

/**
 * A back-office session of the shop owner, signed in as at /admin/login: password, then the
 * authenticator code, computed here. One per worker, renewed before its access token ends.
 */
export async function ownerSession(request: APIRequestContext): Promise<AdminSession> {
  if (!signedIn || Date.now() - signedIn.at > 10 * 60_000) {
    const lock = await fs.open(lockFile, 'wx').catch(() => undefined);
    const session = lock
      ? enrolOwner(request).finally(() => lock.close())
      : enrolledSecret().then((secret) => verifyOwner(request, secret));
    signedIn = { session, at: Date.now() };
    session.catch(() => (signedIn = undefined));
  }
  return signedIn.session;
}

/**
 * The back office's pages before sign-in (login, invitation) in English, as if chosen on this
 * machine; signed in, the member's own language rules.
 */
export async function englishBeforeSignIn(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('shop-admin-locale', 'en'));
}

/**
 * Opens `path` of the back office signed in as the owner: the session goes into the tab's
 * session storage, where the login page would put it. Answers the session for API calls.
 * `locale` shows it in that language without changing the owner's (other journeys share it).
 */
export async function openBackOffice(
  page: Page,
  request: APIRequestContext,
  path: string,
  { locale }: { locale?: AdminSession['locale'] } = {},
): Promise<AdminSession> {
  const owner = await ownerSession(request);
  // Another language for this tab only, as a member who chose it would read the back office.
  const session = { ...owner, locale: locale ?? owner.locale };
  await page.goto('/admin/login');
  await page.evaluate(
    (stored) => sessionStorage.setItem('shop-admin-session', stored),
    JSON.stringify(session),
  );
  await page.goto(`/admin${path}`);
  return session;
}
