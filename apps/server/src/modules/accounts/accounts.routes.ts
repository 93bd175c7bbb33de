import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountServerMessages,
  deleteAccountRequestSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  idSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  productCardsSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  signupRequestSchema,
  statusResponseSchema,
  tokenParamsSchema,
  verifyParamsSchema,
  wishlistToggleRequestSchema,
} from '@shop/shared';
import { failureLimited, rateLimited } from '../../plugins/rate-limit.js';
import type { AccountsService } from './accounts.service.js';
import { currentUser } from '../../auth/current-user.js';
import { productCardsToWire } from '../catalog/index.js';
import { listWishlist, toggleWishlist } from './wishlist.service.js';

const tags = ['Accounts'];
const bearer = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

export const accountsRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  instance,
  { accounts },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const authenticate = app.authenticate;
  const loginLimits = failureLimited(app, ['login-ip', 'login-pair', 'login-account']);

  app.post(
    '/subscribers',
    {
      preHandler: rateLimited(app, ['signup-ip', 'signup-account']),
      schema: {
        tags,
        summary: 'Sign up with e-mail and password',
        description:
          'Answers 201 `{status: "success"}` and mails a verification link valid for 24 hours. ' +
          'An address that already has an account gets a mail saying so, and the same answer.',
        body: signupRequestSchema,
        response: { 201: statusResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.signUp({ ...request.body, locale: request.locale });
      return reply.status(201).send({ status: 'success' });
    },
  );

  app.put(
    '/subscribers/verify-user/:id/:token',
    {
      preHandler: rateLimited(app, ['verify-ip']),
      schema: {
        tags,
        summary: 'Verify the e-mail address from the mailed link',
        params: verifyParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => accounts.verifyEmail(request.params.id, request.params.token),
  );

  app.post(
    '/subscribers/login',
    {
      preHandler: loginLimits.check,
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          '401 for a wrong address or password. 403 for an account whose address is not ' +
          'verified yet: a new verification mail is sent, unless one went out in the last two ' +
          'minutes; the message says which.',
        body: loginRequestSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) =>
      loginLimits.attempt(request, () => accounts.login(request.body.email, request.body.password)),
  );

  app.post(
    '/subscribers/refresh',
    {
      preHandler: rateLimited(app, ['refresh-ip']),
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (ours)',
        description:
          'The old refresh token stops working; presenting it again signs out the session.',
        body: refreshRequestSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => accounts.refresh(request.body.refreshToken),
  );

  app.post(
    '/subscribers/logout',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Log out (ours): revokes the given refresh token, or every one without it',
        body: logoutRequestSchema.optional(),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.clearCookie('social_session', { path: '/api/google-user' });
      return accounts.logout(currentUser(request).id, request.body?.refreshToken);
    },
  );

  app.post(
    '/subscribers/guest',
    {
      preHandler: rateLimited(app, ['guest-ip']),
      schema: {
        tags,
        summary: 'Start a guest session (ours)',
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => accounts.createGuest(request.locale),
  );

  app.get(
    '/subscribers/profile',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's profile",
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await accounts.profile(currentUser(request).id) }),
  );

  app.delete(
    '/subscribers/profile',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete the account (ours)',
        description:
          'The body repeats the account\'s e-mail as confirmation; otherwise 400 "Email did not ' +
          'match". Personal data is erased; orders stay for bookkeeping without it.',
        body: deleteAccountRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => accounts.deleteAccount(currentUser(request), request.body.email),
  );

  app.put(
    '/subscribers/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Update the own profile, and the password with `updatePassword`',
        description:
          "Only the listed fields are read. 403 for another user's id. Password errors: " +
          '"Old password does not match!", "Passwords do not match!". A password change ' +
          'signs the user out everywhere. `locale` (ours, `nb` or `en`, optional) sets the ' +
          "language of the customer's mails; the storefront sends its page's.",
        params: z.object({ id: idSchema }),
        body: profileUpdateRequestSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await accounts.updateProfile(currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/subscribers/forgot-password',
    {
      preHandler: rateLimited(app, ['forgot-ip', 'forgot-account']),
      schema: {
        tags,
        summary: 'Mail a password-reset link',
        description: 'The same 200 answer whether or not the address has an account.',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => accounts.forgotPassword(request.body.email),
  );

  app.put(
    '/subscribers/reset-password/:token',
    {
      preHandler: rateLimited(app, ['reset-ip']),
      schema: {
        tags,
        summary: 'Set a new password from the mailed link (valid one hour, once)',
        params: tokenParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => accounts.resetPassword(request.params.token, request.body.password),
  );

  app.put(
    '/products/wishlist',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Add a product to the wishlist, or remove it when it is there',
        description: '201 when added, 200 when removed.',
        body: wishlistToggleRequestSchema,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          404: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await toggleWishlist(db, currentUser(request).id, request.body.productId);
      return result === 'added'
        ? reply.status(201).send({ message: accountServerMessages.wishlistAdded })
        : reply.status(200).send({ message: accountServerMessages.wishlistRemoved });
    },
  );

  app.get(
    '/products/wishlist',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'The wishlist as product cards (ours)',
        response: { 200: productCardsSchema, ...errors },
      },
    },
    async (request) =>
      productCardsToWire(await listWishlist(db, currentUser(request).id, request.locale)),
  );
};
