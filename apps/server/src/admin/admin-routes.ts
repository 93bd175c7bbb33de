import type { FastifyInstance } from 'fastify';
import { adminErrorSchema } from '@shop/shared';
import { requireOwner, requireStaff } from '../auth/require-staff.js';

/** Where the back office's calls stand in the OpenAPI document, and how they authenticate. */
export const adminDocs = {
  tags: ['Back office'],
  security: [{ bearerAuth: [] }],
};

/** Every refusal of a back-office call is `{message, fieldErrors?}`. */
export const adminErrors = {
  400: adminErrorSchema,
  401: adminErrorSchema,
  403: adminErrorSchema,
  404: adminErrorSchema,
  409: adminErrorSchema,
};

/** Said at the end of a call's description, so the reader knows who may make it. */
export const audience = {
  staff:
    'Owner and staff, signed in with the second factor (`/api/admin/auth`); 403 for customers.',
  owner:
    'The owner only (403 for staff and customers), signed in with the second factor (`/api/admin/auth`).',
};

/** The hooks of a call for owner and staff: 401 without a token, 403 for anyone else. */
export const staffGuard = (app: FastifyInstance) => ({
  onRequest: app.authenticate,
  preHandler: requireStaff,
});

/** The hooks of a call for the owner alone. */
export const ownerGuard = (app: FastifyInstance) => ({
  onRequest: app.authenticate,
  preHandler: requireOwner,
});
