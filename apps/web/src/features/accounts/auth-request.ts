import type { SessionUser } from '@shop/shared';
import { ApiError, apiRequest, type RequestOptions } from '../../lib/api-client.js';
import { logout } from './logout.js';
import { userStored } from './session-slice.js';
import type { SessionDispatch, SessionRootState } from './session-types.js';

/** The server's answer to a missing, expired or forged token (API contract, spec §8). */
export const tokenFailedMessage = 'Not authorize, token failed';

interface SessionAccess {
  dispatch: SessionDispatch;
  getState: () => SessionRootState;
}

const isTokenFailure = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.message === tokenFailedMessage;

// Calls that fail together share one refresh: the server revokes a refresh token once it is used.
const refreshes = new Map<string, Promise<SessionUser>>();

function refreshSession(
  { dispatch, getState }: SessionAccess,
  refreshToken: string,
): Promise<SessionUser> {
  let pending = refreshes.get(refreshToken);
  if (!pending) {
    pending = apiRequest<SessionUser>('/api/subscribers/refresh', {
      method: 'POST',
      body: { refreshToken },
    })
      .then((user) => {
        // A logout while the refresh was under way stays a logout.
        if (getState().session.userInfo?.refreshToken === refreshToken) dispatch(userStored(user));
        return user;
      })
      .finally(() => refreshes.delete(refreshToken));
    refreshes.set(refreshToken, pending);
  }
  return pending;
}

/**
 * A call on behalf of the signed-in user with `Authorization: Bearer <accessToken>` (ROLE-13).
 * An expired access token is renewed once with the refresh token and the call is repeated; when
 * that fails, or the server still refuses the token, the user is logged out (SESSION-09, ERR-10).
 */
export async function authRequest<T>(
  session: SessionAccess,
  path: string,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<T> {
  const user = session.getState().session.userInfo;
  if (!user) throw new ApiError(tokenFailedMessage, 401);
  try {
    return await apiRequest<T>(path, { ...options, token: user.accessToken });
  } catch (error) {
    if (!isTokenFailure(error) || error.status !== 401) throw error;
    let renewed: SessionUser;
    const current = session.getState().session.userInfo;
    if (current && current.accessToken !== user.accessToken) {
      // Another call renewed the tokens while this one was on its way.
      renewed = current;
    } else {
      try {
        renewed = await refreshSession(session, user.refreshToken);
      } catch {
        session.dispatch(logout());
        throw error;
      }
    }
    try {
      return await apiRequest<T>(path, { ...options, token: renewed.accessToken });
    } catch (retryError) {
      if (isTokenFailure(retryError)) session.dispatch(logout());
      throw retryError;
    }
  }
}
