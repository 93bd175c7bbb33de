import { apiRequest } from '../../lib/api-client.js';
import { storageKeys, writeStored } from '../../lib/storage.js';
import { browserWindow } from './browser-window.js';
import { isSessionUser, userStored } from './session-slice.js';
import type { SessionThunk } from './session-types.js';

/**
 * The social sign-in hands the user back as `?message=<URL-encoded JSON User>`: it is stored, the
 * parameter leaves the address bar and the page reloads with the user signed in (SESSION-07).
 * Answers whether the page is reloading.
 */
export function receiveSocialSignIn(href: string = window.location.href): boolean {
  const url = new URL(href);
  const message = url.searchParams.get('message');
  if (message === null) return false;
  let user: unknown;
  try {
    user = JSON.parse(message);
  } catch {
    return false;
  }
  if (!isSessionUser(user)) return false;
  writeStored(storageKeys.userInfo, user);
  url.searchParams.delete('message');
  browserWindow.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
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
    let user: unknown;
    try {
      user = await apiRequest<unknown>('/api/google-user', { credentials: 'include' });
    } catch {
      // 401 is the usual answer: nobody signed in through Google or Apple.
      return;
    }
    if (isSessionUser(user) && !getState().session.userInfo) dispatch(userStored(user));
  };
}
