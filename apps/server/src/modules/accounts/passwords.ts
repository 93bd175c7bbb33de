import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id baseline: 19 MiB, two passes, one lane. `algorithm: 2` is the package's
 * const enum Algorithm.Argon2id, which isolated modules cannot import.
 */
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified when the account is unknown or has no password, so that a login takes as long for
// an unknown address as for a known one and the timing tells nothing about who has an account.
const decoyHash = hashPassword('decoy password that never matches');

/** True when `password` matches `passwordHash`; an absent hash is checked against a decoy. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
