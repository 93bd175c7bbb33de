import type { FastifyRequest } from 'fastify';
import { isStaffRole } from '@shop/shared';
import { ForbiddenError } from '../domain-errors.js';
import { currentUser } from './current-user.js';

/**
 * Pre-handler of the back office's calls (`/api/admin/*`), after `app.authenticate` (401
 * without a valid token): 403 for a customer, and 403 for an owner or staff member whose
 * session was not opened with the second factor at `/api/admin/auth`. A storefront login of
 * the owner therefore never opens the back office: a stolen password alone is not enough.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!isStaffRole(user.role)) throw new ForbiddenError('errors.staff.staffOnly');
  if (!user.secondFactor) throw new ForbiddenError('errors.staff.secondFactorNeeded');
}

/** As `requireStaff`, and 403 for a staff member: staff and settings are the owner's alone. */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  await requireStaff(request);
  if (currentUser(request).role !== 'owner') throw new ForbiddenError('errors.staff.ownerOnly');
}
