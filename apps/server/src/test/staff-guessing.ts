import type { App } from '../app.js';
import { matchTotpStep } from '../modules/staff/second-factor.js';
import { uniqueIp } from './account-fixtures.js';
import { staffLogin, type StaffMember } from './staff-session.js';

/** A six-digit code the authenticator does not show now, nor a step either side. */
export function wrongTotpCode(secret: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const code = String(digit).repeat(6);
    if (matchTotpStep(secret, code) === undefined) return code;
  }
  throw new Error('every repeated-digit code is right now');
}

/** A new challenge for `member`, from an address of its own, as a guesser elsewhere gets one. */
export async function challengeFromAnywhere(app: App, member: StaffMember) {
  const remoteAddress = uniqueIp();
  const login = await staffLogin(app, { ...member, remoteAddress });
  return { challengeToken: login.challengeToken, remoteAddress };
}

/** `POST /api/admin/auth/verify` of one answer to a challenge, from the challenge's address. */
export function verifyAnswer(
  app: App,
  challenge: { challengeToken: string; remoteAddress: string },
  answer: { code: string } | { recoveryCode: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/auth/verify',
    remoteAddress: challenge.remoteAddress,
    payload: { challengeToken: challenge.challengeToken, ...answer },
  });
}
