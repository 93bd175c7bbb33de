import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthenticatedUser, notAuthorized } from './authenticated-user.js';

declare module 'fastify' {
  interface FastifyInstance {
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
