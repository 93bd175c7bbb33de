import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEnquiryDetailSchema,
  adminEnquiryListQuerySchema,
  adminEnquiryPageSchema,
  enquiryHandledRequestSchema,
  enquiryReplyRequestSchema,
  idSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  getEnquiry,
  listEnquiries,
  replyToEnquiry,
  setEnquiryHandled,
} from './enquiries.service.js';

const params = z.object({ id: idSchema });

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};

/** The back office's inbox of cleaning enquiries: `/api/admin/enquiries`. */
export const enquiriesAdminRoutes: FastifyPluginAsync<{ mailQueued: () => void }> = async (
  instance,
  { mailQueued },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/enquiries',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Cleaning enquiries, filtered and paged (ours)',
        description:
          '`status` new or handled (both when left out); `q` is part of the name or the e-mail ' +
          `address. Newest first, each with the number of replies sent. ${audience.staff}`,
        querystring: adminEnquiryListQuerySchema,
        response: { 200: adminEnquiryPageSchema, ...adminErrors },
      },
    },
    async (request) => listEnquiries(db, request.query),
  );

  app.get(
    '/admin/enquiries/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One enquiry with its replies (ours)',
        description: `The replies oldest first, with who sent them. ${audience.staff}`,
        params,
        response: { 200: adminEnquiryDetailSchema, ...adminErrors },
      },
    },
    async (request) => getEnquiry(db, request.params.id),
  );

  app.post(
    '/admin/enquiries/:id/handled',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Mark an enquiry handled, or open it again (ours)',
        description:
          '`{note}` (optional, up to 1000 characters) marks it handled by the signed-in member ' +
          'with the note; `{handled: false}` puts it back to new and clears the note. Both are ' +
          `written to the audit log. ${audience.staff}`,
        params,
        body: enquiryHandledRequestSchema,
        response: { 200: adminEnquiryDetailSchema, ...adminErrors },
      },
    },
    async (request) => setEnquiryHandled(db, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/admin/enquiries/:id/replies',
    {
      ...guard,
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Reply to an enquiry by mail (ours)',
        description:
          '201 the enquiry with the new reply. The plain-text `body` (up to 5000 characters) is ' +
          "kept and mailed to the enquirer's address through the outbox, quoting their message. " +
          `A reply does not mark the enquiry handled. ${audience.staff}`,
        params,
        body: enquiryReplyRequestSchema,
        response: { 201: adminEnquiryDetailSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const enquiry = await replyToEnquiry(
        db,
        request.params.id,
        request.body.body,
        actorOf(request),
        request.locale,
      );
      mailQueued();
      return reply.status(201).send(enquiry);
    },
  );
};
