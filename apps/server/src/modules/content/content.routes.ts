import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignsResponseSchema, carouselResponseSchema } from '@shop/shared';
import { listCampaigns, listCarousel } from './content.service.js';

const tags = ['Content'];

export const contentRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/carousel',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The home page carousel',
        description: 'Slides in their set order; each links somewhere in the shop.',
        response: { 200: carouselResponseSchema },
      },
    },
    async () => listCarousel(db),
  );

  app.get(
    '/campaign',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The home page campaign banners',
        description: 'Banners in their set order, each with its products as cards.',
        response: { 200: campaignsResponseSchema },
      },
    },
    async () => listCampaigns(db),
  );
};
