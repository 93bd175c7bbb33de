import { apiRequest, ignoreAnswer } from '../../lib/api-client.js';
import { removeStored, storageKeys } from '../../lib/storage.js';
import { currencyReset } from '../currency/index.js';
import { loggedOut } from './session-slice.js';
import type { SessionThunk } from './session-types.js';

/**
 * Forgets the user, the saved details and the currency (SESSION-03) and asks the server to revoke
 * the refresh token. Nobody waits for that call: the shopper is logged out on this device either way.
 */
export function logout(): SessionThunk<void> {
  return (dispatch, getState) => {
    const user = getState().session.userInfo;
    dispatch(loggedOut());
    removeStored(storageKeys.currency);
    dispatch(currencyReset());
    if (!user) return;
    apiRequest('/api/subscribers/logout', ignoreAnswer, {
      method: 'POST',
      token: user.accessToken,
      body: { refreshToken: user.refreshToken },
    }).catch(() => undefined);
  };
}
