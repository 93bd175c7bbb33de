import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@shop/shared';
import { adminDocs, adminErrors, audience, ownerGuard } from '../../admin/admin-routes.js';
import { listAuditEntries } from './audit.service.js';

/** The owner's view of the audit log: `GET /api/admin/audit`. */
export const auditRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/audit',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The audit log (ours)',
        description:
          'Who did what to which record and when, with the changed fields (before and after), ' +
          'newest first. Filters combine: `actor` is part of the e-mail address; `entity`, ' +
          '`entityId` and `action` match exactly; `from` and `to` are dates (a day in Norway, ' +
          `both ends included) or instants. ${audience.owner}`,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...adminErrors },
      },
    },
    async (request) => listAuditEntries(db, request.query),
  );
};
