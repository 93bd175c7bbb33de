import {
  adminEnrolResponseSchema,
  adminLoginResponseSchema,
  adminVerifyResponseSchema,
  type AdminEnrolRequest,
  type AdminLoginRequest,
  type AdminVerifyRequest,
} from '@shop/shared';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';

// Signing in and out: plain calls rather than queries, since no answer of theirs is kept.

const auth = '/api/admin/auth';

/** E-mail and password: answers the second factor's challenge. */
export const logIn = (body: AdminLoginRequest) =>
  api(`${auth}/login`, adminLoginResponseSchema, { method: 'POST', body });

/** The first sign-in's code from the newly set-up app: the session and the recovery codes. */
export const enrol = (body: AdminEnrolRequest) =>
  api(`${auth}/enrol`, adminEnrolResponseSchema, { method: 'POST', body });

/** The authenticator's code or a recovery code: the session. */
export const verify = (body: AdminVerifyRequest) =>
  api(`${auth}/verify`, adminVerifyResponseSchema, { method: 'POST', body });

/** Ends the session on the server; the caller forgets it in the browser. */
export const logOut = (refreshToken: string) =>
  api(`${auth}/logout`, z.unknown(), { method: 'POST', body: { refreshToken } });
