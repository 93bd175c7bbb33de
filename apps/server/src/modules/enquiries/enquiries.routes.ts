import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleaningGalleryResponseSchema,
  enquiryRequestSchema,
  enquiryTexts,
  errorResponseSchema,
  messageResponseSchema,
} from '@shop/shared';
import { cleaningGallery } from './cleaning-gallery.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { createEnquiry } from './enquiries.service.js';

const tags = ['Cleaning'];

/** The cleaning page's calls: its enquiry form, which needs no account (ROLE-05), and gallery. */
export const enquiriesRoutes: FastifyPluginAsync<{ mailQueued: () => void }> = async (
  instance,
  { mailQueued },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { env, database } = app.deps;

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
          'the message is optional), stored and mailed to the shop. Answers 201 `{message}`; ' +
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
      await createEnquiry(database.db, request.body, env.SHOP_EMAIL);
      mailQueued();
      return reply.status(201).send({ message: enquiryTexts.received });
    },
  );

  app.get(
    '/cleaning/gallery',
    {
      schema: {
        tags,
        summary: "The cleaning page's photo gallery (ours)",
        description: 'Six photos with their alternative texts, in the order they are shown.',
        response: { 200: cleaningGalleryResponseSchema },
      },
    },
    async () => cleaningGallery.map(({ path, alt }) => ({ image: path, alt })),
  );
};
