import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCleaningPhotoSchema,
  adminCleaningPhotosSchema,
  adminCleaningServiceSchema,
  adminCleaningServicesSchema,
  cleaningEnquiryAddressSchema,
  cleaningEnquiryAddressUpdateSchema,
  cleaningPhotoCreateSchema,
  cleaningPhotoUpdateSchema,
  cleaningServiceCreateSchema,
  cleaningServiceUpdateSchema,
  contentOrderRequestSchema,
  contentVisibilityRequestSchema,
  idSchema,
  MAX_CLEANING_PHOTOS,
  MAX_CLEANING_SERVICES,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import { getCleaningEnquiryAddress, updateCleaningEnquiryAddress } from '../settings/index.js';
import {
  addCleaningPhoto,
  CLEANING_GALLERY_FOLDER,
  createCleaningService,
  deleteCleaningPhoto,
  deleteCleaningService,
  listAdminCleaningPhotos,
  listAdminCleaningServices,
  reorderCleaningPhotos,
  reorderCleaningServices,
  setCleaningServiceHidden,
  updateCleaningPhoto,
  updateCleaningService,
} from './cleaning.service.js';

const params = z.object({ id: idSchema });

const stamped =
  '`updatedAt` is the one the tile or photo was loaded with: 409 when it changed since, so one ' +
  "person's edit never silently undoes another's.";

/**
 * The cleaning page in the back office (issue 14): `/api/admin/cleaning/services`, `…/photos`
 * and `…/enquiry-address`. Every write clears the response cache, which holds the storefront's
 * `GET /api/cleaning/*` answers.
 */
export const cleaningAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/cleaning/services',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "The cleaning page's service tiles (ours)",
        description: `Every tile in its order, hidden ones too. ${audience.staff}`,
        response: { 200: adminCleaningServicesSchema, ...adminErrors },
      },
    },
    async () => listAdminCleaningServices(db),
  );

  app.post(
    '/admin/cleaning/services',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Add a cleaning service tile (ours)',
        description:
          `After the others; at most ${MAX_CLEANING_SERVICES} tiles (409 beyond). \`icon\` names ` +
          `one of the drawn icons. ${audience.staff}`,
        body: cleaningServiceCreateSchema,
        response: { 201: adminCleaningServiceSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const service = await createCleaningService(db, currentUser(request), request.body);
      return reply.status(201).send(service);
    },
  );

  app.put(
    '/admin/cleaning/services/order',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reorder the cleaning service tiles (ours)',
        description: `\`ids\` are every tile in the new order; 400 unless they are exactly those. ${audience.staff}`,
        body: contentOrderRequestSchema,
        response: { 200: adminCleaningServicesSchema, ...adminErrors },
      },
    },
    async (request) => reorderCleaningServices(db, currentUser(request), request.body.ids),
  );

  app.put(
    '/admin/cleaning/services/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Edit a cleaning service tile (ours)',
        description: `Its name, description and icon. ${stamped} ${audience.staff}`,
        params,
        body: cleaningServiceUpdateSchema,
        response: { 200: adminCleaningServiceSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateCleaningService(db, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/cleaning/services/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Hide or show a cleaning service tile (ours)',
        description: `A hidden tile is left off the page and kept for later. ${audience.staff}`,
        params,
        body: contentVisibilityRequestSchema,
        response: { 200: adminCleaningServiceSchema, ...adminErrors },
      },
    },
    async (request) =>
      setCleaningServiceHidden(db, currentUser(request), request.params.id, request.body.hidden),
  );

  app.delete(
    '/admin/cleaning/services/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a cleaning service tile (ours)',
        description: `To take it off for a while, hide it instead. ${audience.staff}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteCleaningService(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/cleaning/photos',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "The cleaning page's gallery (ours)",
        description: `Every photo in its order. ${audience.staff}`,
        response: { 200: adminCleaningPhotosSchema, ...adminErrors },
      },
    },
    async () => listAdminCleaningPhotos(db),
  );

  app.post(
    '/admin/cleaning/photos',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Add a photo to the cleaning gallery (ours)',
        description:
          `After the others; at most ${MAX_CLEANING_PHOTOS} photos (409 beyond). \`image\` is a ` +
          `path \`POST /api/admin/images?folder=${CLEANING_GALLERY_FOLDER}\` answered (400 for ` +
          `any other); \`alt\` says what it shows. ${audience.staff}`,
        body: cleaningPhotoCreateSchema,
        response: { 201: adminCleaningPhotoSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const photo = await addCleaningPhoto(db, currentUser(request), request.body);
      return reply.status(201).send(photo);
    },
  );

  app.put(
    '/admin/cleaning/photos/order',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reorder the cleaning gallery (ours)',
        description: `\`ids\` are every photo in the new order; 400 unless they are exactly those. ${audience.staff}`,
        body: contentOrderRequestSchema,
        response: { 200: adminCleaningPhotosSchema, ...adminErrors },
      },
    },
    async (request) => reorderCleaningPhotos(db, currentUser(request), request.body.ids),
  );

  app.put(
    '/admin/cleaning/photos/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Edit a gallery photo's alt text (ours)",
        description: `To change the picture, add the new one and delete this one. ${stamped} ${audience.staff}`,
        params,
        body: cleaningPhotoUpdateSchema,
        response: { 200: adminCleaningPhotoSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateCleaningPhoto(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/cleaning/photos/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a gallery photo (ours)',
        description: `Its image file stays, as a slide's does. ${audience.staff}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteCleaningPhoto(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/cleaning/enquiry-address',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Where the cleaning page's enquiries are mailed (ours)",
        description:
          "`email` is the address set here, '' while none is: enquiries then go to `shopEmail`, " +
          "the shop's own e-mail of its details. `savedAt` (null while never saved) goes back " +
          `with a change. ${audience.staff}`,
        response: { 200: cleaningEnquiryAddressSchema, ...adminErrors },
      },
    },
    async () => getCleaningEnquiryAddress(db),
  );

  app.put(
    '/admin/cleaning/enquiry-address',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Set where the cleaning page's enquiries are mailed (ours)",
        description:
          "An address, or '' for the shop's own e-mail. Audited. `savedAt` is the one loaded: " +
          `409 when someone saved since. ${audience.staff}`,
        body: cleaningEnquiryAddressUpdateSchema,
        response: { 200: cleaningEnquiryAddressSchema, ...adminErrors },
      },
    },
    async (request) => updateCleaningEnquiryAddress(db, currentUser(request), request.body),
  );
};
