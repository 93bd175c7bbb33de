import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refreshTokens, users } from './accounts.tables.js';
import type { SessionTokens } from './session-tokens.js';
import { notAuthorized } from '../../auth/authenticated-user.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionTokens: SessionTokens;
  }
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
