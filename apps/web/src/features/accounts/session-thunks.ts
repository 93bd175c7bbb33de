import {
  DEFAULT_CURRENCY,
  type Locale,
  type LoginRequest,
  type ProfileUpdateRequest,
  type SignupRequest,
} from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { selectCurrency } from '../currency/index.js';
import { authRequest } from './auth-request.js';
import { failureMessage } from '../../lib/failure-message.js';
import { logout } from './logout.js';
import {
  isAccountUser,
  detailsFailed,
  detailsLoaded,
  detailsStarted,
  loginFailed,
  loginStarted,
  loginSucceeded,
  registerFailed,
  registerStarted,
  registerSucceeded,
  updateFailed,
  userStored,
  updateStarted,
  updateSucceeded,
} from './session-slice.js';
import type { SessionThunk } from './session-types.js';

export type Outcome = { ok: true } | { ok: false; message: string };

/** Logs in with email and password; the user is kept in local storage (SESSION-01). */
export function login(form: LoginRequest): SessionThunk<Promise<Outcome>> {
  return async (dispatch) => {
    dispatch(loginStarted());
    try {
      const user = await apiRequest('/api/subscribers/login', (wire) => wire.sessionUserSchema, {
        method: 'POST',
        body: { email: form.email.trim(), password: form.password },
      });
      dispatch(loginSucceeded(user));
      // CURPROD-06: prices follow the currency of the user's profile; without one they stay NOK.
      if (user.currencyCode && user.currencyCode !== DEFAULT_CURRENCY.currencyCode)
        void dispatch(selectCurrency({ currencyCode: user.currencyCode }));
      return { ok: true };
    } catch (error) {
      const message = failureMessage(error);
      dispatch(loginFailed(message));
      return { ok: false, message };
    }
  };
}

/** Creates a local account; the server mails a verification link (SESSION-10). */
export function register(form: SignupRequest): SessionThunk<Promise<Outcome>> {
  return async (dispatch) => {
    dispatch(registerStarted());
    try {
      await apiRequest('/api/subscribers', (wire) => wire.statusResponseSchema, {
        method: 'POST',
        body: {
          name: form.name.trim(),
          email: form.email.trim(),
          password: form.password,
          provider: 'local',
        },
      });
      dispatch(registerSucceeded());
      return { ok: true };
    } catch (error) {
      const message = failureMessage(error);
      dispatch(registerFailed(message));
      return { ok: false, message };
    }
  };
}

/** Continues as a guest: the server answers a user of provider 'guest' (SESSION-04). */
export function guestLogin(): SessionThunk<Promise<Outcome>> {
  return async (dispatch) => {
    try {
      const user = await apiRequest('/api/subscribers/guest', (wire) => wire.sessionUserSchema, {
        method: 'POST',
      });
      dispatch(userStored(user));
      return { ok: true };
    } catch (error) {
      return { ok: false, message: failureMessage(error) };
    }
  };
}

/** Loads the signed-in user's profile details (SESSION-08). */
export function fetchProfile(): SessionThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(detailsStarted());
    try {
      const { user } = await authRequest(
        { dispatch, getState },
        '/api/subscribers/profile',
        (wire) => wire.profileResponseSchema,
      );
      dispatch(detailsLoaded(user));
    } catch (error) {
      dispatch(detailsFailed(failureMessage(error)));
    }
  };
}

export type UpdateOutcome = { ok: true; passwordUpdated: boolean } | { ok: false; message: string };

/**
 * Saves the edit modal. The answer refreshes the details (ACCOUNT-01); a changed password ends
 * the session, so the user logs in again with it (ACCOUNT-02).
 */
export function updateProfile(body: ProfileUpdateRequest): SessionThunk<Promise<UpdateOutcome>> {
  return async (dispatch, getState) => {
    const user = getState().session.userInfo;
    if (!user) return { ok: false, message: '' };
    dispatch(updateStarted());
    try {
      const answer = await authRequest(
        { dispatch, getState },
        `/api/subscribers/${encodeURIComponent(user._id)}`,
        (wire) => wire.profileResponseSchema,
        { method: 'PUT', body },
      );
      const passwordUpdated = body.updatePassword === true;
      dispatch(detailsLoaded(answer.user));
      dispatch(updateSucceeded({ passwordUpdated }));
      if (passwordUpdated) dispatch(logout());
      return { ok: true, passwordUpdated };
    } catch (error) {
      const message = failureMessage(error);
      dispatch(updateFailed(message));
      return { ok: false, message };
    }
  };
}

/**
 * Keeps the language the shopper switched to on their account, so their mails follow it (issue
 * 31.9). The profile update sets every field, so the profile goes back as the server has it now,
 * only the language changed.
 */
export function saveLocale(locale: Locale): SessionThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const user = getState().session.userInfo;
    if (!isAccountUser(user)) return;
    const access = { dispatch, getState };
    try {
      const { user: profile } = await authRequest(
        access,
        '/api/subscribers/profile',
        (wire) => wire.profileResponseSchema,
      );
      const { name, phone, address, apartmentNumber, postalCode, city, country } = profile;
      const saved = await authRequest(
        access,
        `/api/subscribers/${encodeURIComponent(user._id)}`,
        (wire) => wire.profileResponseSchema,
        {
          method: 'PUT',
          body: { name, phone, address, apartmentNumber, postalCode, city, country, locale },
        },
      );
      dispatch(detailsLoaded(saved.user));
    } catch {
      // The page changes language all the same; only the mails keep the former one.
    }
  };
}

/** Erases the account once the typed email matched, then logs out (ACCOUNT-03). */
/** Either way the outcome carries the server's message, to confirm or to explain. */
export function deleteAccount(
  email: string,
): SessionThunk<Promise<{ ok: boolean; message: string }>> {
  return async (dispatch, getState) => {
    try {
      const { message } = await authRequest(
        { dispatch, getState },
        '/api/subscribers/profile',
        (wire) => wire.messageResponseSchema,
        { method: 'DELETE', body: { email } },
      );
      dispatch(logout());
      return { ok: true, message };
    } catch (error) {
      return { ok: false, message: failureMessage(error) };
    }
  };
}
