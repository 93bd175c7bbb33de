import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The staff's second factor: time-based one-time passwords (RFC 6238, SHA-1, 6 digits, 30 s,
 * what every authenticator app reads from an `otpauth://` link) and single-use recovery codes.
 * The arithmetic is `otpauth`'s; this file holds the shop's choices.
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side, for a phone clock a little off and a code typed at the turn. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

/** A new shared secret: 160 bits (RFC 4226's recommended length), base32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, account = '', issuer = '') {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The link an authenticator app scans (as a QR code) or takes typed in. */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/** The code of a moment; the tests and the journeys compute codes as an app would. */
export function totpCode(secretBase32: string, at: Date = new Date()): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The time step a code belongs to when it is right for `at` (within one step either side), or
 * undefined. The caller refuses a step at or before the last one used, so an overheard code
 * cannot be played again.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  at: Date = new Date(),
): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const otp = totp(secretBase32);
  const delta = otp.validate({ token, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? undefined : otp.counter({ timestamp: at.getTime() }) + delta;
}

/** Ten recovery codes of 15 digits (about 50 bits) each, shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const digits = randomBytes(8).readBigUInt64BE() % 10n ** 15n;
    return digits
      .toString()
      .padStart(15, '0')
      .replace(/(\d{5})(?=\d)/g, '$1-');
  });
}

/** How a recovery code is kept and looked up: typed with or without dashes and spaces. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '')).digest('hex');
}
