import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, staticPageParamsSchema, staticPageSchema } from '@shop/shared';
import { getStaticPage } from './static-pages.service.js';

/** The storefront's text pages: `GET /api/pages/{slug}`. */
export const staticPagesRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/pages/:slug',
    {
      config: { responseCache: true },
      schema: {
        tags: ['Content'],
        summary: 'A text page of the shop (ours)',
        description:
          '`slug` is `about`, `terms`, `refund`, `return`, `privacy` or `delivery` (404 for any ' +
          'other). `html` is the page as the staff saved it, sanitised when saved, or the default ' +
          'text written with the shop’s current details while `updatedAt` is null. Its h2 ' +
          'headings are its sections.',
        params: staticPageParamsSchema,
        response: { 200: staticPageSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      app.readCatalogue((db) => getStaticPage(db, request.params.slug, request.locale)),
  );
};
