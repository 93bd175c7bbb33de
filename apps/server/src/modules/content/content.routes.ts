import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Campaign, campaignsResponseSchema, carouselResponseSchema } from '@shop/shared';
import { productCardsToWire } from '../catalog/index.js';
import { type CampaignInOre, listCampaigns, listCarousel } from './content.service.js';

const tags = ['Content'];

const campaignToWire = (campaign: CampaignInOre): Campaign => ({
  ...campaign,
  products: productCardsToWire(campaign.products),
});

export const contentRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/carousel',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The home page carousel',
        description:
          'The slides shown now (not hidden, within their schedule) in their set order; each links ' +
          'somewhere in the shop. Ours: `alt`, what the image shows, when the slide has one.',
        response: { 200: carouselResponseSchema },
      },
    },
    async (request) => app.readCatalogue((db) => listCarousel(db, app.clock(), request.locale)),
  );

  app.get(
    '/campaign',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'The home page campaign banners',
        description:
          'The banners shown now (not hidden, within their schedule) in their set order, each with ' +
          'its products as cards.',
        response: { 200: campaignsResponseSchema },
      },
    },
    async (request) =>
      (await app.readCatalogue((db) => listCampaigns(db, app.clock(), request.locale))).map(
        campaignToWire,
      ),
  );
};
