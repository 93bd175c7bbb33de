import { and, eq, exists, gt, isNull } from 'drizzle-orm';
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
 * token at once instead of at its expiry.
 */
export function registerAuthentication(app: FastifyInstance, tokens: SessionTokens): void {
  const { db } = app.deps.database;
  app.decorate('sessionTokens', tokens);
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = /^Bearer ([\w.-]+)$/.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verifyAccessToken(match[1]) : undefined;
    if (!claims) throw notAuthorized();
    const liveSession = db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, claims.sessionId),
          eq(refreshTokens.userId, users.id),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      );
    const [user] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        provider: users.provider,
        role: users.role,
      })
      .from(users)
      .where(and(eq(users.id, claims.userId), exists(liveSession)));
    if (!user) throw notAuthorized();
    request.user = user;
  });
}
