import { eq } from 'drizzle-orm';
import type { AdminEnrolResponse, AdminLoginResponse, AdminSession, StaffRole } from '@shop/shared';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { users } from '../modules/accounts/accounts.tables.js';
import { createOwnerAccount } from '../modules/accounts/users.service.js';
import { totpCode } from '../modules/staff/second-factor.js';
import { staffSecondFactors } from '../modules/staff/staff.tables.js';
import { strongPassword, uniqueEmail, uniqueIp } from './account-fixtures.js';

const STEP_MS = 30_000;

export interface StaffMember {
  id: string;
  email: string;
  password: string;
  /** The authenticator's secret, to compute codes as the app would. */
  secret: string;
  recoveryCodes: string[];
  /** The session the enrolment opened, with the second factor. */
  session: AdminSession;
  /** The client address of its sign-ins, so its rate limits are its own. */
  remoteAddress: string;
}

/** Answers the body of a call that must succeed, or fails the test with what came instead. */
function expectOk<T>(response: { statusCode: number; body: string; json<U>(): U }, what: string) {
  if (response.statusCode !== 200)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** The back office's first step, through the real endpoint. */
export async function staffLogin(
  app: App,
  { email, password, remoteAddress }: { email: string; password: string; remoteAddress: string },
): Promise<AdminLoginResponse> {
  const login = await app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password },
  });
  return expectOk<AdminLoginResponse>(login, 'staff login');
}

/**
 * A code the server has not taken yet: the current time step's, or the next one's (the server
 * takes one step either side) when the current one was used; else it waits for a new step.
 */
export async function freshTotpCode(db: Database, userId: string, secret: string): Promise<string> {
  for (;;) {
    const [factor] = await db
      .select({ lastUsedStep: staffSecondFactors.lastUsedStep })
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, userId));
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const free = [step, step + 1].find((candidate) => candidate > (factor?.lastUsedStep ?? 0));
    if (free !== undefined) return totpCode(secret, new Date(free * STEP_MS));
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - now + 50));
  }
}

/**
 * A new owner or staff member who has set up an authenticator: made as `create-owner` makes an
 * account, then signed in through the real endpoints (login, enrolment with a computed code).
 */
export async function createStaffMember(
  app: App,
  db: Database,
  { role = 'owner', name = 'Shop Owner' }: { role?: StaffRole; name?: string } = {},
): Promise<StaffMember> {
  const email = uniqueEmail(role);
  const password = strongPassword;
  const remoteAddress = uniqueIp();
  const id = await createOwnerAccount(db, { email, name, password });
  if (role !== 'owner') await db.update(users).set({ role }).where(eq(users.id, id));
  const login = await staffLogin(app, { email, password, remoteAddress });
  if (login.step !== 'enrol') throw new Error(`a new ${role} was asked to ${login.step}`);
  const enrol = await app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/admin/auth/enrol',
    payload: { challengeToken: login.challengeToken, code: totpCode(login.secret) },
  });
  const { recoveryCodes, session } = expectOk<AdminEnrolResponse>(enrol, 'enrolment');
  return { id, email, password, secret: login.secret, recoveryCodes, session, remoteAddress };
}

/** Another back-office session of an enrolled member: password, then a fresh code. */
export async function signInStaff(app: App, db: Database, member: StaffMember) {
  const login = await staffLogin(app, member);
  if (login.step !== 'verify') throw new Error(`an enrolled member was asked to ${login.step}`);
  const verify = await app.inject({
    remoteAddress: member.remoteAddress,
    method: 'POST',
    url: '/api/admin/auth/verify',
    payload: {
      challengeToken: login.challengeToken,
      code: await freshTotpCode(db, member.id, member.secret),
    },
  });
  return expectOk<{ session: AdminSession }>(verify, 'verification').session;
}
