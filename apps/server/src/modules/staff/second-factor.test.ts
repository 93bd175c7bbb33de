import { describe, expect, it } from 'vitest';
import {
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpCode,
  totpUri,
} from './second-factor.js';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the 8-digit
// values there end in these 6 digits.
const rfcSecret = Buffer.from('12345678901234567890').toString('hex');
const base32 = (hex: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...Buffer.from(hex, 'hex')].map((byte) => byte.toString(2).padStart(8, '0'));
  const joined = bits.join('');
  let out = '';
  for (let i = 0; i < joined.length; i += 5)
    out += alphabet[Number.parseInt(joined.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
};
const rfcSecretBase32 = base32(rfcSecret);

describe('the staff second factor (issue 12)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC 6238 code at %i s: %s', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(rfcSecretBase32, at)).toBe(code);
    expect(matchTotpStep(rfcSecretBase32, code, at)).toBe(Math.floor(seconds / 30));
  });

  it('takes the code of the step before and after, not two steps away', () => {
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    const before = totpCode(rfcSecretBase32, new Date(at.getTime() - 30_000));
    const after = totpCode(rfcSecretBase32, new Date(at.getTime() + 30_000));
    const farAway = totpCode(rfcSecretBase32, new Date(at.getTime() - 90_000));
    expect(matchTotpStep(rfcSecretBase32, before, at)).toBe(step - 1);
    expect(matchTotpStep(rfcSecretBase32, after, at)).toBe(step + 1);
    expect(matchTotpStep(rfcSecretBase32, farAway, at)).toBeUndefined();
  });

  it('refuses anything but six digits, and accepts a code typed with a space', () => {
    const at = new Date(59_000);
    expect(matchTotpStep(rfcSecretBase32, '287 082', at)).toBe(1);
    for (const bad of ['', '28708', '2870820', 'abcdef', '28708x'])
      expect(matchTotpStep(rfcSecretBase32, bad, at)).toBeUndefined();
  });

  it('makes 160-bit secrets and an otpauth link an authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'owner@example.com', 'Nordic Shop'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Nordic Shop');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('owner@example.com');
  });

  it('makes ten different recovery codes whose hash ignores dashes and spaces', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^\d{5}-\d{5}-\d{5}$/);
    const [code = ''] = codes;
    expect(recoveryCodeHash(code.replaceAll('-', ' '))).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toBe(recoveryCodeHash(codes[1] ?? ''));
  });
});
