import { type AccountProvider, type UserRole } from '@shop/shared';
import { ForbiddenError, UnauthenticatedError } from '../domain-errors.js';

/**
 * Who is asking, as every module sees it. The accounts module checks the token and fills it in
 * (`registerAuthentication`); the others only read it, so they need nothing of that module.
 */
export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string | null;
  provider: AccountProvider;
  role: UserRole;
  /** The session was opened with the staff's second factor (`/api/admin/auth`). */
  secondFactor: boolean;
}

/** No valid sign-in: the token is missing or bad, or its user or session is gone. */
export const notAuthorized = () => new UnauthenticatedError('errors.notAuthorized');

/**
 * The guest rule, in one place: a guest session may browse and keep a cart, but whatever is
 * kept for a person (addresses, reviews, uploads, a profile) needs an account.
 */
export function requireRegisteredUser(user: Pick<AuthenticatedUser, 'provider'>): void {
  if (user.provider === 'guest') throw new ForbiddenError('errors.accounts.guestNotAllowed');
}
