import type { SessionUser } from '@shop/shared';
import {
  ApiError,
  apiRequest,
  type Answer,
  type AnswerPick,
  type AnswerSchema,
  type AnswerSpec,
  type ignoreAnswer,
  type RequestOptions,
} from '../../lib/api-client.js';
import { logout } from './logout.js';
import { userStored } from './session-slice.js';
import type { SessionDispatch, SessionRootState } from './session-types.js';

/** The server's answer to a missing, expired or forged token (API contract, spec §8). */
export const tokenFailedMessage = 'Not authorize, token failed';

interface SessionAccess {
  dispatch: SessionDispatch;
  getState: () => SessionRootState;
}

/**
 * The server refused the token. Every protected call answers a missing, expired or forged token
 * with 401 (API contract), whatever its message says, so the status decides, not the text.
 */
const isTokenRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

/** The account itself is refused (blocked), not only the token: 403 with the shop's reason. */
const isAccountRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403;

// Calls that fail together share one refresh: the server revokes a refresh token once it is used.
const refreshes = new Map<string, Promise<SessionUser>>();

function refreshSession(
  { dispatch, getState }: SessionAccess,
  refreshToken: string,
): Promise<SessionUser> {
  let pending = refreshes.get(refreshToken);
  if (!pending) {
    pending = apiRequest('/api/subscribers/refresh', (wire) => wire.sessionUserSchema, {
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
 * A call on behalf of the signed-in user with `Authorization: Bearer <accessToken>` (ROLE-13),
 * its answer checked like any call's. A refused token (401) is renewed once with the refresh token
 * and the call repeated; when the renewal fails, or the server still refuses the new token, the
 * user is logged out (SESSION-09, ERR-10).
 */
export function authRequest(
  session: SessionAccess,
  path: string,
  answer: typeof ignoreAnswer,
  options?: Omit<RequestOptions, 'token'>,
): Promise<void>;
export function authRequest<S extends AnswerSchema>(
  session: SessionAccess,
  path: string,
  answer: AnswerPick<S>,
  options?: Omit<RequestOptions, 'token'>,
): Promise<Answer<S>>;
export async function authRequest(
  session: SessionAccess,
  path: string,
  answer: AnswerSpec,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<unknown> {
  const user = session.getState().session.userInfo;
  if (!user) throw new ApiError(tokenFailedMessage, 401);
  try {
    return await apiRequest(path, answer, { ...options, token: user.accessToken });
  } catch (error) {
    if (!isTokenRefused(error)) throw error;
    let renewed: SessionUser;
    const current = session.getState().session.userInfo;
    if (current && current.accessToken !== user.accessToken) {
      // Another call renewed the tokens while this one was on its way.
      renewed = current;
    } else {
      try {
        renewed = await refreshSession(session, user.refreshToken);
      } catch (refreshError) {
        session.dispatch(logout());
        // A blocked account's refresh answers 403 with the reason: the shopper is told why.
        throw isAccountRefused(refreshError) ? refreshError : error;
      }
    }
    try {
      return await apiRequest(path, answer, { ...options, token: renewed.accessToken });
    } catch (retryError) {
      if (isTokenRefused(retryError)) session.dispatch(logout());
      throw retryError;
    }
  }
}
