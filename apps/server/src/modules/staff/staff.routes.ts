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
  invitationAcceptRequestSchema,
  invitationDetailsSchema,
  invitationTokenSchema,
  staffInvitationRequestSchema,
  staffInvitationSchema,
  staffInvitationsSchema,
  staffMembersSchema,
  staffMeSchema,
  staffLocaleRequestSchema,
  staffRoleRequestSchema,
} from '@shop/shared';
import { z } from 'zod';
import { adminDocs, ownerGuard, staffGuard } from '../../admin/admin-routes.js';
import { failureLimited, rateLimited } from '../../plugins/rate-limit.js';
import { currentUser } from '../../auth/current-user.js';
import type { StaffTeam } from './staff-team.service.js';
import type { StaffService } from './staff.service.js';

const { tags } = adminDocs;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const challengeNote =
  'The challenge token of the login answer lives five minutes, is spent by the first right ' +
  'code and dies after five wrong ones (401 with a message; log in again).';

const notFound = { 404: errorResponseSchema, 409: errorResponseSchema };
const idParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });

export const staffRoutes: FastifyPluginAsync<{ staff: StaffService; team: StaffTeam }> = async (
  instance,
  { staff, team },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const loginLimits = failureLimited(app, [
    'staff-login-ip',
    'staff-login-pair',
    'staff-login-account',
  ]);
  const codeLimits = failureLimited(app, ['staff-code-ip']);

  app.post(
    '/admin/auth/login',
    {
      config: { showsShoppersNothingNew: true },
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
      config: { showsShoppersNothingNew: true },
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
      config: { showsShoppersNothingNew: true },
      preHandler: codeLimits.check,
      schema: {
        tags,
        summary: 'Second step: the authenticator code, or one recovery code',
        description:
          'Send `code` (6 digits) or `recoveryCode`. A code is taken once: the same code again, ' +
          'or an older one, is refused. A recovery code works once. Ten wrong answers in a row ' +
          'for one account, from any address, lock its app codes for 15 minutes (twice as long ' +
          'after each further ten, at most a day): 429 with the time they are taken again, and ' +
          `the member is mailed; a recovery code still works. ${challengeNote}`,
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
      config: { showsShoppersNothingNew: true },
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
      config: { showsShoppersNothingNew: true },
      ...staffGuard(app),
      schema: {
        ...adminDocs,
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
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The signed-in staff member',
        description:
          '403 for a customer, and for a session not opened with the second factor (a ' +
          'storefront login).',
        response: { 200: staffMeSchema, ...errors },
      },
    },
    async (request) => staff.me(currentUser(request).id),
  );

  app.put(
    '/admin/auth/me/locale',
    {
      config: { showsShoppersNothingNew: true },
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: "The signed-in staff member's back-office language",
        description:
          '`nb` (the default) or `en`: the back office speaks it, and sessions opened or ' +
          'refreshed afterwards carry it as `locale`.',
        body: staffLocaleRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await staff.setLocale(currentUser(request).id, request.body.locale);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/staff',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The shop staff (owner only)',
        description:
          'Owners first, then staff, by name; `secondFactor` says whether the member has set ' +
          'up an authenticator app. 403 for staff.',
        response: { 200: staffMembersSchema, ...errors },
      },
    },
    async () => staff.members(),
  );

  app.get(
    '/admin/staff/invitations',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Open staff invitations (owner only)',
        description: 'Not yet accepted, withdrawn or expired; the newest first.',
        response: { 200: staffInvitationsSchema, ...errors },
      },
    },
    async () => team.openInvitations(),
  );

  app.post(
    '/admin/staff/invitations',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Invite a staff member by e-mail (owner only)',
        description:
          'Mails a single-use link valid for seven days to /admin/invitation/{token}; a new ' +
          'invitation to the same address replaces the open one. 409 when the address is on ' +
          'the staff already.',
        body: staffInvitationRequestSchema,
        response: { 200: staffInvitationSchema, ...errors, ...notFound },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return team.invite(user, request.body, request.locale);
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Withdraw an invitation (owner only)',
        params: idParams,
        response: { 204: z.null(), ...errors, ...notFound },
      },
    },
    async (request, reply) => {
      await team.withdraw(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/staff/:id/role',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: "Change a staff member's role (owner only)",
        description:
          'Nobody changes their own role (403), and the last owner stays an owner (409).',
        params: idParams,
        body: staffRoleRequestSchema,
        response: { 204: z.null(), ...errors, ...notFound },
      },
    },
    async (request, reply) => {
      await team.changeRole(currentUser(request), request.params.id, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/staff/:id',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Remove a staff member (owner only)',
        description:
          'The account stays as a customer account; its back-office sessions end at once and ' +
          'its authenticator and recovery codes are deleted. Not oneself (403), not the last ' +
          'owner (409).',
        params: idParams,
        response: { 204: z.null(), ...errors, ...notFound },
      },
    },
    async (request, reply) => {
      await team.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const invitationLimits = failureLimited(app, ['invitation-ip']);

  app.get(
    '/admin/invitations/:token',
    {
      preHandler: invitationLimits.check,
      schema: {
        tags,
        summary: 'An invitation, as its link opens it',
        description:
          '404 with a message for a spent, withdrawn, expired or unknown link; wrong links ' +
          'count toward the address’s rate limit, as wrong passwords on accepting do (429). ' +
          '`existingAccount` says whether the invitee proves an existing account with its ' +
          'password or chooses a name and password for a new one.',
        params: z.object({ token: invitationTokenSchema }),
        response: { 200: invitationDetailsSchema, ...errors, ...notFound },
      },
    },
    async (request) => invitationLimits.attempt(request, () => team.details(request.params.token)),
  );

  app.post(
    '/admin/invitations/accept',
    {
      config: { showsShoppersNothingNew: true },
      preHandler: invitationLimits.check,
      schema: {
        tags,
        summary: 'Accept an invitation',
        description:
          'Spends the link and gives its address the role: a new local account (name and a ' +
          'strong password), or the existing account after its password. Then sign in at ' +
          '/admin/login and set up the authenticator app.',
        body: invitationAcceptRequestSchema,
        response: { 200: z.object({ email: z.string() }), ...errors, ...notFound },
      },
    },
    async (request) =>
      invitationLimits.attempt(request, () => team.accept(request.body, request.locale)),
  );
};
