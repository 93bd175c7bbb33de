import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventorySettingsSchema, shopDetailsSchema } from '@shop/shared';
import {
  adminDocs,
  adminErrors,
  audience,
  ownerGuard,
  staffGuard,
} from '../../admin/admin-routes.js';
import { currentUser } from '../accounts/authenticate.js';
import { getInventorySettings, getSetting, updateInventorySettings } from './settings.service.js';

export const settingsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/settings/inventory',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The stock settings (ours)',
        description:
          'The shop-wide low-stock threshold, which applies to every item without its own. ' +
          audience.staff,
        response: { 200: inventorySettingsSchema, ...adminErrors },
      },
    },
    async () => getInventorySettings(db),
  );

  app.put(
    '/admin/settings/inventory',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Change the stock settings (ours)',
        description: `Audited; answers the settings as stored. ${audience.owner}`,
        body: inventorySettingsSchema,
        response: { 200: inventorySettingsSchema, ...adminErrors },
      },
    },
    // Low-stock flags show in the back office only, so the storefront's cache stays.
    async (request) => updateInventorySettings(db, currentUser(request), request.body),
  );

  app.get(
    '/admin/settings/shop',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The shop’s own details (ours)',
        description:
          'Name, organisation number, address and contact details, as receipts and packing ' +
          `slips print them. ${audience.staff}`,
        response: { 200: shopDetailsSchema, ...adminErrors },
      },
    },
    async () => getSetting(db, 'shopDetails'),
  );
};
