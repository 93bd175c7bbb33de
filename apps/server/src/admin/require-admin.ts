import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../domain-errors.js';
import { currentUser } from '../modules/accounts/authenticate.js';

export const shopOwnerOnlyMessage = 'Only the shop owner can do this.';

/**
 * Pre-handler of the `/api/admin/` calls, after `app.authenticate`: 403 unless the signed-in
 * user has the admin role (accounts get it from `npm run admin -- create-admin`).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== 'admin') throw new ForbiddenError(shopOwnerOnlyMessage);
}
