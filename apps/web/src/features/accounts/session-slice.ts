import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountProvider, Profile, SessionUser } from '@shop/shared';
import { readStored, removeStored, storageKeys, writeStored } from '../../lib/storage.js';

/** The session store of spec §4 (SESSION-13, SESSION-14); `details` is the loaded profile. */
export interface SessionState {
  userInfo: SessionUser | null;
  details: Profile | null;
  isLoginLoading: boolean;
  isLoginSuccess: boolean;
  isLoginError: boolean;
  loginMessage: string;
  isRegisterLoading: boolean;
  isRegisterSuccess: boolean;
  isRegisterError: boolean;
  registerMessage: string;
  isDetailsLoading: boolean;
  detailsMessage: string;
  isUpdateLoading: boolean;
  isUpdateSuccess: boolean;
  isPasswordUpdated: boolean;
  updateMessage: string;
}

const providers: readonly AccountProvider[] = ['local', 'google', 'apple', 'guest'];

// A plain check rather than the zod schema keeps zod out of the first load.
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    ['_id', 'name', 'email', 'accessToken', 'refreshToken', 'currencyCode'].every(
      (key) => typeof user[key] === 'string',
    ) && (providers as readonly unknown[]).includes(user.provider)
  );
}

/** A user who signed in with an account; a guest is not one (ROLE-13, AREA-03). */
export function isAccountUser(user: SessionUser | null): user is SessionUser {
  return user !== null && user.provider !== 'guest';
}

function sessionOf(userInfo: SessionUser | null): SessionState {
  return {
    userInfo,
    details: null,
    isLoginLoading: false,
    isLoginSuccess: false,
    isLoginError: false,
    loginMessage: '',
    isRegisterLoading: false,
    isRegisterSuccess: false,
    isRegisterError: false,
    registerMessage: '',
    isDetailsLoading: false,
    detailsMessage: '',
    isUpdateLoading: false,
    isUpdateSuccess: false,
    isPasswordUpdated: false,
    updateMessage: '',
  };
}

const initialSession = (): SessionState =>
  sessionOf(readStored(storageKeys.userInfo, isSessionUser) ?? null);

function storeUser(state: SessionState, user: SessionUser): void {
  state.userInfo = user;
  writeStored(storageKeys.userInfo, user);
}

function clearUser(state: SessionState): void {
  state.userInfo = null;
  state.details = null;
  removeStored(storageKeys.userInfo, storageKeys.details);
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    /** A user from login, a refresh or a social sign-in, kept across reloads (SESSION-01). */
    userStored(state, { payload }: PayloadAction<SessionUser>) {
      storeUser(state, payload);
    },
    /** The logout thunk clears the currency as well (SESSION-03). */
    loggedOut() {
      removeStored(storageKeys.userInfo, storageKeys.details);
      return sessionOf(null);
    },
    loginStarted(state) {
      state.isLoginLoading = true;
      state.isLoginSuccess = false;
      state.isLoginError = false;
      state.loginMessage = '';
    },
    loginSucceeded(state, { payload }: PayloadAction<SessionUser>) {
      state.isLoginLoading = false;
      state.isLoginSuccess = true;
      storeUser(state, payload);
    },
    /** A failed login leaves nobody signed in (SESSION-05, ERR-03). */
    loginFailed(state, { payload }: PayloadAction<string>) {
      state.isLoginLoading = false;
      state.isLoginError = true;
      state.loginMessage = payload;
      clearUser(state);
    },
    registerStarted(state) {
      state.isRegisterLoading = true;
      state.isRegisterSuccess = false;
      state.isRegisterError = false;
      state.registerMessage = '';
    },
    registerSucceeded(state) {
      state.isRegisterLoading = false;
      state.isRegisterSuccess = true;
    },
    registerFailed(state, { payload }: PayloadAction<string>) {
      state.isRegisterLoading = false;
      state.isRegisterError = true;
      state.registerMessage = payload;
    },
    /** Leaving the login page forgets its outcome, so coming back shows a clean form. */
    authFormReset(state) {
      state.isLoginSuccess = false;
      state.isLoginError = false;
      state.loginMessage = '';
      state.isRegisterSuccess = false;
      state.isRegisterError = false;
      state.registerMessage = '';
    },
    detailsStarted(state) {
      state.isDetailsLoading = true;
      state.detailsMessage = '';
    },
    detailsLoaded(state, { payload }: PayloadAction<Profile>) {
      state.isDetailsLoading = false;
      state.details = payload;
      // The welcome line and the More page show the name the profile now has.
      if (state.userInfo && state.userInfo.name !== payload.name) {
        storeUser(state, { ...state.userInfo, name: payload.name });
      }
    },
    detailsFailed(state, { payload }: PayloadAction<string>) {
      state.isDetailsLoading = false;
      state.detailsMessage = payload;
    },
    updateStarted(state) {
      state.isUpdateLoading = true;
      state.isUpdateSuccess = false;
      state.isPasswordUpdated = false;
      state.updateMessage = '';
    },
    updateSucceeded(state, { payload }: PayloadAction<{ passwordUpdated: boolean }>) {
      state.isUpdateLoading = false;
      state.isUpdateSuccess = true;
      state.isPasswordUpdated = payload.passwordUpdated;
    },
    updateFailed(state, { payload }: PayloadAction<string>) {
      state.isUpdateLoading = false;
      state.updateMessage = payload;
    },
  },
});

export const {
  userStored,
  loggedOut,
  loginStarted,
  loginSucceeded,
  loginFailed,
  registerStarted,
  registerSucceeded,
  registerFailed,
  authFormReset,
  detailsStarted,
  detailsLoaded,
  detailsFailed,
  updateStarted,
  updateSucceeded,
  updateFailed,
} = sessionSlice.actions;
