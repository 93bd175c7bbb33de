import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCampaignSchema,
  adminCampaignsSchema,
  adminSlideSchema,
  adminSlidesSchema,
  campaignRequestSchema,
  contentOrderRequestSchema,
  contentVisibilityRequestSchema,
  idSchema,
  slideRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  createCampaign,
  createSlide,
  deleteCampaign,
  deleteSlide,
  listAdminCampaigns,
  listAdminSlides,
  reorderCampaigns,
  reorderSlides,
  setCampaignHidden,
  setSlideHidden,
  updateCampaign,
  updateSlide,
} from './content-admin.service.js';

const params = z.object({ id: idSchema });

const states =
  '`state` is where it stands now: `current` (on the home page), `scheduled` (before ' +
  '`visibleFrom`), `ended` (from `visibleTo` on) or `hidden`. `linkPath` is where the storefront ' +
  'links it now, null while its product or category is deleted or off the storefront (it is ' +
  'then left out of the home page).';

const saved =
  'Saved whole. `image` is a path `POST /api/admin/images?folder={folder}` answered (400 for ' +
  'any other; an edit may keep its image). The link is `linkKind` with `linkProductId`, ' +
  '`linkCategoryId` (must exist) or `linkUrl` (https, or a path of the shop starting with /); ' +
  'the storefront builds a product or category link from its current slug. It shows from ' +
  '`visibleFrom` (ISO time, null for at once) until before `visibleTo` (null for no end), ' +
  'unless `hidden`.';

/** The home page's slides and campaign banners in the back office: `/api/admin/slides`, `/api/admin/campaigns`. */
export const contentAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/slides',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Every carousel slide (ours)',
        description: `In their order, hidden, scheduled and ended ones too. ${states} ${audience.staff}`,
        response: { 200: adminSlidesSchema, ...adminErrors },
      },
    },
    async () => listAdminSlides(db, app.clock()),
  );

  app.post(
    '/admin/slides',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Add a carousel slide (ours)',
        description: `At the end of the carousel. ${saved.replace('{folder}', 'carousel')} \`alt\` (required) says what the image shows. ${audience.staff}`,
        body: slideRequestSchema,
        response: { 201: adminSlideSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const slide = await createSlide(db, currentUser(request), request.body, app.clock());
      return reply.status(201).send(slide);
    },
  );

  app.put(
    '/admin/slides/order',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reorder the carousel (ours)',
        description: `\`ids\` are every slide in the new order; 400 unless they are exactly those. Answers every slide. ${audience.staff}`,
        body: contentOrderRequestSchema,
        response: { 200: adminSlidesSchema, ...adminErrors },
      },
    },
    async (request) => reorderSlides(db, currentUser(request), request.body.ids, app.clock()),
  );

  app.put(
    '/admin/slides/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Edit a carousel slide (ours)',
        description: `${saved.replace('{folder}', 'carousel')} ${audience.staff}`,
        params,
        body: slideRequestSchema,
        response: { 200: adminSlideSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateSlide(db, currentUser(request), request.params.id, request.body, app.clock()),
  );

  app.patch(
    '/admin/slides/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Hide or show a carousel slide (ours)',
        description: `A shown slide is on the home page within its dates. ${audience.staff}`,
        params,
        body: contentVisibilityRequestSchema,
        response: { 200: adminSlideSchema, ...adminErrors },
      },
    },
    async (request) =>
      setSlideHidden(db, currentUser(request), request.params.id, request.body.hidden, app.clock()),
  );

  app.delete(
    '/admin/slides/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a carousel slide (ours)',
        description: `Its image file stays, as product images do. ${audience.staff}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteSlide(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/campaigns',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Every campaign banner (ours)',
        description: `In their order, hidden, scheduled and ended ones too, each with its products in their order (\`onSale\` false: off the storefront, so not shown in the banner). ${states} ${audience.staff}`,
        response: { 200: adminCampaignsSchema, ...adminErrors },
      },
    },
    async () => listAdminCampaigns(db, app.clock()),
  );

  app.post(
    '/admin/campaigns',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Add a campaign banner (ours)',
        description: `After the other banners. ${saved.replace('{folder}', 'campaigns')} \`productIds\` are its products in their order (each must exist). ${audience.staff}`,
        body: campaignRequestSchema,
        response: { 201: adminCampaignSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const campaign = await createCampaign(db, currentUser(request), request.body, app.clock());
      return reply.status(201).send(campaign);
    },
  );

  app.put(
    '/admin/campaigns/order',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reorder the campaign banners (ours)',
        description: `\`ids\` are every banner in the new order; 400 unless they are exactly those. Answers every banner. ${audience.staff}`,
        body: contentOrderRequestSchema,
        response: { 200: adminCampaignsSchema, ...adminErrors },
      },
    },
    async (request) => reorderCampaigns(db, currentUser(request), request.body.ids, app.clock()),
  );

  app.put(
    '/admin/campaigns/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Edit a campaign banner (ours)',
        description: `${saved.replace('{folder}', 'campaigns')} \`productIds\` replace its products, in their order. ${audience.staff}`,
        params,
        body: campaignRequestSchema,
        response: { 200: adminCampaignSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateCampaign(db, currentUser(request), request.params.id, request.body, app.clock()),
  );

  app.patch(
    '/admin/campaigns/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Hide or show a campaign banner (ours)',
        description: `A shown banner is on the home page within its dates. ${audience.staff}`,
        params,
        body: contentVisibilityRequestSchema,
        response: { 200: adminCampaignSchema, ...adminErrors },
      },
    },
    async (request) =>
      setCampaignHidden(
        db,
        currentUser(request),
        request.params.id,
        request.body.hidden,
        app.clock(),
      ),
  );

  app.delete(
    '/admin/campaigns/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a campaign banner (ours)',
        description: `With its product list (the products stay). ${audience.staff}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteCampaign(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
