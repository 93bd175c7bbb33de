import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema, inventorySettingsSchema } from '@shop/shared';
import { requireOwner, requireStaff } from '../../admin/require-staff.js';
import { currentUser } from '../accounts/authenticate.js';
import { getInventorySettings, updateInventorySettings } from './settings.service.js';

const tags = ['Back office'];
const bearer = [{ bearerAuth: [] }];
const errors = { 400: adminErrorSchema, 401: adminErrorSchema, 403: adminErrorSchema };

export const settingsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const authenticate = app.authenticate;

  app.get(
    '/admin/settings/inventory',
    {
      onRequest: authenticate,
      preHandler: requireStaff,
      schema: {
        tags,
        security: bearer,
        summary: 'The stock settings (ours)',
        description:
          'The shop-wide low-stock threshold, which applies to every item without its own. ' +
          'Owner and staff, signed in with the second factor (`/api/admin/auth`).',
        response: { 200: inventorySettingsSchema, ...errors },
      },
    },
    async () => getInventorySettings(db),
  );

  app.put(
    '/admin/settings/inventory',
    {
      onRequest: authenticate,
      preHandler: requireOwner,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the stock settings (ours)',
        description: 'The owner only (403 for staff); audited. Answers the settings as stored.',
        body: inventorySettingsSchema,
        response: { 200: inventorySettingsSchema, ...errors },
      },
    },
    // Low-stock flags show in the back office only, so the storefront's cache stays.
    async (request) => updateInventorySettings(db, currentUser(request), request.body),
  );
};
