import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningGalleryResponseSchema,
  cleaningServicesResponseSchema,
  enquiryRequestSchema,
  enquiryTexts,
  errorResponseSchema,
  messageResponseSchema,
} from '@shop/shared';
import { rateLimited } from '../../plugins/rate-limit.js';
import { listCleaningGallery, listCleaningServices } from './cleaning.service.js';
import { createEnquiry } from './enquiries.service.js';

const tags = ['Cleaning'];

/**
 * The cleaning page's calls: its enquiry form, which needs no account (ROLE-05), its service
 * tiles and its gallery.
 */
export const enquiriesRoutes: FastifyPluginAsync<{ mailQueued: () => void }> = async (
  instance,
  { mailQueued },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/notification/addenquiry',
    {
      // After validation, so only enquiries that would be stored and mailed are counted.
      preHandler: rateLimited(app, ['enquiry-ip', 'enquiry-address']),
      schema: {
        tags,
        summary: 'Send a cleaning enquiry',
        description:
          "Checked with the form's rules (a full name of two words, an e-mail address, a phone; " +
          'the message is optional), stored and mailed to the address set on the cleaning page ' +
          "(the shop's own e-mail while none is). Answers 201 `{message}`; " +
          'at most 5 enquiries an hour from one client and 3 an hour from one e-mail address.',
        body: enquiryRequestSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await createEnquiry(db, request.body, request.locale);
      mailQueued();
      return reply.status(201).send({ message: enquiryTexts.received });
    },
  );

  app.get(
    '/cleaning/services',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: "The cleaning page's service tiles (ours)",
        description:
          'The tiles shown, in their order: name, description and `icon`, the name of one of ' +
          'the drawn icons (`cleaningServiceIcons` of the shared package). Hidden tiles are left out.',
        response: { 200: cleaningServicesResponseSchema },
      },
    },
    async (request) => app.readCatalogue((db) => listCleaningServices(db, request.locale)),
  );

  app.get(
    '/cleaning/gallery',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: "The cleaning page's photo gallery (ours)",
        description: 'The photos with their alternative texts, in the order they are shown.',
        response: { 200: cleaningGalleryResponseSchema },
      },
    },
    async (request) => app.readCatalogue((db) => listCleaningGallery(db, request.locale)),
  );
};
