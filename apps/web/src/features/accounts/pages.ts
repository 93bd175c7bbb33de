import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const LoginPage = lazy(() => import('./login-page.js'));
export const ForgotPasswordPage = lazy(() => import('./forgot-password-page.js'));
export const ResetPasswordPage = lazy(() => import('./reset-password-page.js'));
export const VerifyPage = lazy(() => import('./verify-page.js'));
export const AccountPage = lazy(() => import('./account-page.js'));
