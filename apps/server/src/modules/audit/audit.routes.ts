import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema, auditPageSchema, auditQuerySchema } from '@shop/shared';
import { requireOwner } from '../../admin/require-staff.js';
import { listAuditEntries } from './audit.service.js';

/** The owner's view of the audit log: `GET /api/admin/audit`. */
export const auditRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/audit',
    {
      onRequest: app.authenticate,
      preHandler: requireOwner,
      schema: {
        tags: ['Back office'],
        security: [{ bearerAuth: [] }],
        summary: 'The audit log (ours)',
        description:
          'Who did what to which record and when, with the changed fields (before and after), ' +
          'newest first. Filters combine: `actor` is part of the e-mail address; `entity`, ' +
          '`entityId` and `action` match exactly; `from` and `to` are dates (a day in Norway, ' +
          'both ends included) or instants. The owner only (403 for staff), signed in with the ' +
          'second factor (`/api/admin/auth`).',
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: adminErrorSchema,
          401: adminErrorSchema,
          403: adminErrorSchema,
        },
      },
    },
    async (request) => listAuditEntries(db, request.query),
  );
};
