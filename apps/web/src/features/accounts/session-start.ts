import type { SessionUser } from '@shop/shared';
import { apiRequest, ignoreAnswer } from '../../lib/api-client.js';
import { storageKeys, writeStored } from '../../lib/storage.js';
import { browserWindow } from '../../lib/browser-window.js';
import { isSessionUser, userStored } from './session-slice.js';
import type { SessionThunk } from './session-types.js';

/** The user a `?message=` claims, or undefined when it holds none. */
function claimedUser(message: string): SessionUser | undefined {
  try {
    const user: unknown = JSON.parse(message);
    return isSessionUser(user) ? user : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The social sign-in hands the user back as `?message=<URL-encoded JSON User>` (SESSION-07). An
 * address proves nothing, as anyone can send a link carrying their own session and so sign the
 * visitor into the sender's account (login CSRF). The message counts only when this browser also
 * holds that sign-in's one-time hand-off cookie: `GET /api/google-user` (with credentials, ROLE-15)
 * must answer the same user. Then the hand-off's session is stored, the message's own session,
 * whose tokens sat in the address bar, is revoked, and the page reloads signed in. Either way the
 * parameter leaves the address bar. Resolves to whether the page is reloading.
 */
export async function receiveSocialSignIn(href: string = window.location.href): Promise<boolean> {
  const url = new URL(href);
  const message = url.searchParams.get('message');
  if (message === null) return false;
  url.searchParams.delete('message');
  browserWindow.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
  const claimed = claimedUser(message);
  if (!claimed) return false;
  const handedOff = await apiRequest('/api/google-user', (wire) => wire.sessionUserSchema, {
    credentials: 'include',
  }).catch(() => undefined);
  if (handedOff?._id !== claimed._id) return false;
  writeStored(storageKeys.userInfo, handedOff);
  if (claimed.refreshToken !== handedOff.refreshToken) {
    await apiRequest('/api/subscribers/logout', ignoreAnswer, {
      method: 'POST',
      token: claimed.accessToken,
      body: { refreshToken: claimed.refreshToken },
    }).catch(() => undefined);
  }
  browserWindow.reload();
  return true;
}

/**
 * Without a signed-in user, asks whether a social sign-in left a session cookie (SESSION-06); the
 * cookie goes along even when the API is on another origin (ROLE-15).
 */
export function fetchGoogleUser(): SessionThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (getState().session.userInfo) return;
    let user: SessionUser | undefined;
    try {
      // `optional`: the usual answer, nobody signed in through Google or Apple, is 204 rather
      // than a 401 that every visitor's console would show (docs/decisions.md, "Social sign-in").
      user = await apiRequest(
        '/api/google-user?optional=true',
        (wire) => wire.sessionUserSchema.optional(),
        { credentials: 'include' },
      );
    } catch {
      return;
    }
    if (user && !getState().session.userInfo) dispatch(userStored(user));
  };
}
