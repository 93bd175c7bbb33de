import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refreshTokens, users } from './accounts.tables.js';
import type { SessionTokens } from './session-tokens.js';
import { type AuthenticatedUser, notAuthorized } from './users.service.js';

export type { AuthenticatedUser };

declare module 'fastify' {
  interface FastifyInstance {
    sessionTokens: SessionTokens;
    /** Pre-handler of protected routes: 401 'Not authorize, token failed' without a valid token. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

/** The user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw notAuthorized();
  return request.user;
}

/**
 * The signed-in user of a call that old clients make without a token; a token, when sent, must
 * be valid.
 */
export async function optionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticatedUser | undefined> {
  if (!request.headers.authorization) return undefined;
  await app.authenticate(request);
  return currentUser(request);
}

/**
 * Checks the Bearer token and, on every call, that its user and its session still exist: a
 * deleted account, a logout or a password change (which revokes every session) ends the access
 * token at once instead of at its expiry. The user's role and the session's second factor are
 * read fresh too, for the back office's guards.
 */
export function registerAuthentication(app: FastifyInstance, tokens: SessionTokens): void {
  const { db } = app.deps.database;
  app.decorate('sessionTokens', tokens);
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = /^Bearer ([\w.-]+)$/.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verifyAccessToken(match[1]) : undefined;
    if (!claims) throw notAuthorized();
    // The session's live token (one per family): its user must exist, and it tells whether the
    // session was opened with the staff's second factor.
    const [user] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        provider: users.provider,
        role: users.role,
        secondFactor: refreshTokens.secondFactor,
      })
      .from(users)
      .innerJoin(
        refreshTokens,
        and(
          eq(refreshTokens.userId, users.id),
          eq(refreshTokens.familyId, claims.sessionId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .where(eq(users.id, claims.userId))
      .limit(1);
    if (!user) throw notAuthorized();
    request.user = user;
  });
}
