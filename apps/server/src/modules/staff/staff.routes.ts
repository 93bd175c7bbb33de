import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminEnrolRequestSchema,
  adminEnrolResponseSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminLogoutRequestSchema,
  adminRefreshRequestSchema,
  adminSessionSchema,
  adminVerifyRequestSchema,
  adminVerifyResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
  staffMembersSchema,
  staffMeSchema,
} from '@shop/shared';
import { requireOwner, requireStaff } from '../../admin/require-staff.js';
import { failureLimited, rateLimited } from '../../plugins/rate-limit.js';
import { currentUser } from '../accounts/authenticate.js';
import type { StaffService } from './staff.service.js';

const tags = ['Back office'];
const bearer = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const challengeNote =
  'The challenge token of the login answer lives five minutes, is spent by the first right ' +
  'code and dies after five wrong ones (401 with a message; log in again).';

export const staffRoutes: FastifyPluginAsync<{ staff: StaffService }> = async (
  instance,
  { staff },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const authenticate = app.authenticate;
  const loginLimits = failureLimited(app, [
    'staff-login-ip',
    'staff-login-pair',
    'staff-login-account',
  ]);
  const codeLimits = failureLimited(app, ['staff-code-ip']);

  app.post(
    '/admin/auth/login',
    {
      preHandler: loginLimits.check,
      schema: {
        tags,
        summary: 'Back-office sign-in, first step: e-mail and password',
        description:
          'For the owner and staff. 401 with one message for a wrong address or password and ' +
          'for an account without a staff role. Then the second factor: `enrol` until an ' +
          'authenticator app is set up (show `otpauthUri` as a QR code; a new secret each ' +
          'time), `verify` afterwards. Failures are rate-limited.',
        body: adminLoginRequestSchema,
        response: { 200: adminLoginResponseSchema, ...errors },
      },
    },
    async (request) =>
      loginLimits.attempt(request, () => staff.login(request.body.email, request.body.password)),
  );

  app.post(
    '/admin/auth/enrol',
    {
      preHandler: codeLimits.check,
      schema: {
        tags,
        summary: 'Confirm a new authenticator app with its first code',
        description:
          'Answers ten recovery codes, shown this once (they replace any earlier ones), and a ' +
          `back-office session. ${challengeNote}`,
        body: adminEnrolRequestSchema,
        response: { 200: adminEnrolResponseSchema, ...errors },
      },
    },
    async (request) =>
      codeLimits.attempt(request, () =>
        staff.enrol(request.body.challengeToken, request.body.code),
      ),
  );

  app.post(
    '/admin/auth/verify',
    {
      preHandler: codeLimits.check,
      schema: {
        tags,
        summary: 'Second step: the authenticator code, or one recovery code',
        description:
          'Send `code` (6 digits) or `recoveryCode`. A code is taken once: the same code again, ' +
          `or an older one, is refused. A recovery code works once. ${challengeNote}`,
        body: adminVerifyRequestSchema,
        response: { 200: adminVerifyResponseSchema, ...errors },
      },
    },
    async (request) =>
      codeLimits.attempt(request, () => staff.verify(request.body.challengeToken, request.body)),
  );

  app.post(
    '/admin/auth/refresh',
    {
      preHandler: rateLimited(app, ['staff-refresh-ip']),
      schema: {
        tags,
        summary: 'Trade a back-office refresh token for new tokens',
        description:
          'The session keeps its second factor. 401 for a storefront session, a used or ' +
          'revoked token, or an account that is no longer staff.',
        body: adminRefreshRequestSchema,
        response: { 200: adminSessionSchema, ...errors },
      },
    },
    async (request) => staff.refresh(request.body.refreshToken),
  );

  app.post(
    '/admin/auth/logout',
    {
      onRequest: authenticate,
      preHandler: requireStaff,
      schema: {
        tags,
        security: bearer,
        summary: 'Back-office log out: ends the session of the refresh token',
        body: adminLogoutRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => staff.logout(currentUser(request).id, request.body.refreshToken),
  );

  app.get(
    '/admin/auth/me',
    {
      onRequest: authenticate,
      preHandler: requireStaff,
      schema: {
        tags,
        security: bearer,
        summary: 'The signed-in staff member',
        description:
          '403 for a customer, and for a session not opened with the second factor (a ' +
          'storefront login).',
        response: { 200: staffMeSchema, ...errors },
      },
    },
    async (request) => staff.me(currentUser(request).id),
  );

  app.get(
    '/admin/staff',
    {
      onRequest: authenticate,
      preHandler: requireOwner,
      schema: {
        tags,
        security: bearer,
        summary: 'The shop staff (owner only)',
        description:
          'Owners first, then staff, by name; `secondFactor` says whether the member has set ' +
          'up an authenticator app. 403 for staff.',
        response: { 200: staffMembersSchema, ...errors },
      },
    },
    async () => staff.members(),
  );
};
