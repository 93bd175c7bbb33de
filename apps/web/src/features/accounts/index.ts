// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export {
  LoginPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyPage,
  AccountPage,
} from './pages.js';

export { AccountArea } from './account-area.js';
export { authRequest } from './auth-request.js';
export { logout } from './logout.js';
export { fetchGoogleUser, receiveSocialSignIn } from './session-start.js';
export { saveLocale } from './session-thunks.js';
export { isAccountUser, loggedOut, sessionSlice } from './session-slice.js';
export type { SessionRootState, SessionThunk } from './session-types.js';
