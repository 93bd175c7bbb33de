import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AccountProvider, SessionUser } from '@shop/shared';
import type { Env } from '../../config/env.js';
import type { Database, Transaction } from '../../db/client.js';
import { refreshTokens } from './accounts.tables.js';

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'nordic-shop';
const AUDIENCE = 'nordic-shop-api';

/** A random token for links and refresh: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a leaked table gives nobody a working link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The signing key of access tokens: JWT_SECRET, or one generated once into DATA_DIR so a
 * single-process shop needs no set-up. Several processes must share JWT_SECRET.
 */
export async function loadSigningKey(env: Env): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(env.dataDir, 'jwt-secret');
  await fs.mkdir(env.dataDir, { recursive: true });
  try {
    await fs.writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return new TextEncoder().encode(secret);
}

export interface SessionSubject {
  id: string;
  name: string;
  email: string | null;
  provider: AccountProvider;
  currencyCode: string;
}

export interface AccessClaims {
  userId: string;
  /** The refresh-token family the token was issued with: revoking it ends the token too. */
  sessionId: string;
}

/** Access tokens (short JWTs) and rotating refresh tokens (opaque, stored hashed). */
export class SessionTokens {
  constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
  ) {}

  /**
   * Signs a user in: a new refresh-token family and the session user the client stores.
   * `secondFactor` marks a back-office sign-in that passed the staff's second factor.
   */
  async issueSession(
    user: SessionSubject,
    tx: Database | Transaction = this.db,
    { secondFactor = false }: { secondFactor?: boolean } = {},
  ): Promise<SessionUser> {
    const sessionId = randomUUID();
    const refreshToken = await this.insertRefreshToken(tx, user.id, sessionId, secondFactor);
    return this.sessionUser(user, sessionId, refreshToken);
  }

  /**
   * Trades a refresh token for a new pair. A token that was already replaced means a copy is
   * in someone else's hands: its whole family is revoked and both holders must log in again.
   * The new token keeps the session's second factor; `loadUser` may refuse the session (answer
   * undefined), and the token then stays as it was.
   */
  async rotate(
    refreshToken: string,
    loadUser: (
      tx: Transaction,
      userId: string,
      session: { secondFactor: boolean },
    ) => Promise<SessionSubject | undefined>,
  ): Promise<SessionUser | undefined> {
    return this.db.transaction(async (tx) => {
      const [stored] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .for('update');
      if (!stored) return undefined;
      if (stored.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.familyId, stored.familyId), isNull(refreshTokens.revokedAt)));
        return undefined;
      }
      if (stored.expiresAt.getTime() <= Date.now()) return undefined;
      const user = await loadUser(tx, stored.userId, { secondFactor: stored.secondFactor });
      if (!user) return undefined;
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.id, stored.id));
      const next = await this.insertRefreshToken(tx, user.id, stored.familyId, stored.secondFactor);
      return this.sessionUser(user, stored.familyId, next);
    });
  }

  /** Revokes one refresh token of `userId`; other devices stay signed in. */
  async revoke(userId: string, refreshToken: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.tokenHash, hashToken(refreshToken)),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }

  /** Signs a user out everywhere (after a password change or reset), access tokens included. */
  async revokeAll(userId: string, tx: Database | Transaction = this.db): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /**
   * The claims of a valid access token, or undefined for anything else: a bad signature,
   * another algorithm (`none` included), an expired or malformed token.
   */
  async verifyAccessToken(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  private async insertRefreshToken(
    tx: Database | Transaction,
    userId: string,
    familyId: string,
    secondFactor: boolean,
  ): Promise<string> {
    const token = randomToken();
    await tx.insert(refreshTokens).values({
      userId,
      familyId,
      secondFactor,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  }

  private async sessionUser(
    user: SessionSubject,
    sessionId: string,
    refreshToken: string,
  ): Promise<SessionUser> {
    const accessToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
    return {
      _id: user.id,
      name: user.name,
      email: user.email ?? '',
      provider: user.provider,
      accessToken,
      refreshToken,
      currencyCode: user.currencyCode,
    };
  }
}
