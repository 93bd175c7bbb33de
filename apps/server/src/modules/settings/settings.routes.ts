import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedSettingsSchema,
  inventorySettingsSchema,
  notificationSettingsSchema,
  paymentSettingsSchema,
  shopDetailsEditorSchema,
  publicShopSchema,
  shopDetailsUpdateSchema,
} from '@shop/shared';
import {
  adminDocs,
  adminErrors,
  audience,
  ownerGuard,
  staffGuard,
} from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import { checkoutPaymentMethods } from '../payments/index.js';
import {
  getFeedSettings,
  getInventorySettings,
  getNotificationSettings,
  getPaymentSettings,
  getShopDetailsEditor,
  publicShopDetails,
  updateFeedSettings,
  updateInventorySettings,
  updateNotificationSettings,
  updatePaymentSettings,
  updateShopDetails,
} from './settings.service.js';

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
    async (request) => updateInventorySettings(db, currentUser(request), request.body),
  );

  app.get(
    '/admin/settings/payments',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The payment settings (ours)',
        description:
          'When payments are captured: `shipped` when the order is marked shipped or picked up ' +
          `(the default), \`ordered\` right after the order. ${audience.staff}`,
        response: { 200: paymentSettingsSchema, ...adminErrors },
      },
    },
    async () => getPaymentSettings(db),
  );

  app.put(
    '/admin/settings/payments',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Change the payment settings (ours)',
        description:
          'Audited; answers the settings as stored. Applies to orders placed from then on. ' +
          audience.owner,
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsSchema, ...adminErrors },
      },
    },
    async (request) => updatePaymentSettings(db, currentUser(request), request.body),
  );

  app.get(
    '/admin/settings/notifications',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Who hears of orders and low stock (ours)',
        description:
          '`orderMailRecipients`: the addresses mailed each new order and the daily low-stock ' +
          'list (none: the shop’s own e-mail of its details); `lowStockMail`: whether that ' +
          `list is sent. ${audience.staff}`,
        response: { 200: notificationSettingsSchema, ...adminErrors },
      },
    },
    async () => getNotificationSettings(db),
  );

  app.put(
    '/admin/settings/notifications',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Change who hears of orders and low stock (ours)',
        description: `Audited; answers the settings as stored. ${audience.owner}`,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...adminErrors },
      },
    },
    async (request) => updateNotificationSettings(db, currentUser(request), request.body),
  );

  app.get(
    '/admin/settings/feeds',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The product feeds published (ours)',
        description:
          'Whether the Google Merchant Center feed and the Prisjakt feed (which PriceRunner ' +
          `reads too) are published at their addresses. ${audience.staff}`,
        response: { 200: feedSettingsSchema, ...adminErrors },
      },
    },
    async () => getFeedSettings(db),
  );

  app.put(
    '/admin/settings/feeds',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Turn product feeds on or off (ours)',
        description: `Audited; answers the settings as stored. ${audience.owner}`,
        body: feedSettingsSchema,
        response: { 200: feedSettingsSchema, ...adminErrors },
      },
    },
    async (request) => updateFeedSettings(db, currentUser(request), request.body),
  );

  app.get(
    '/admin/settings/shop',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'The shop’s own details (ours)',
        description:
          'Name, organisation number, address, contact details and links, as receipts, mails ' +
          'and the storefront show them, the About text and opening hours in bokmål (`about`, ' +
          '`openingHours`) and English (`aboutEn`, `openingHoursEn`; empty where English pages ' +
          'show the bokmål), with `savedAt` (null while they are the defaults) for ' +
          `the owner's form. ${audience.staff}`,
        response: { 200: shopDetailsEditorSchema, ...adminErrors },
      },
    },
    async () => getShopDetailsEditor(db),
  );

  app.put(
    '/admin/settings/shop',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Change the shop’s own details (ours)',
        description:
          'Audited; answers the details as stored. `savedAt` is the one the form was loaded ' +
          'with: 409 when someone saved since, so no change is lost. ' +
          audience.owner,
        body: shopDetailsUpdateSchema,
        response: { 200: shopDetailsEditorSchema, ...adminErrors },
      },
    },
    async (request) => updateShopDetails(db, currentUser(request), request.body),
  );

  app.get(
    '/shop',
    {
      config: { responseCache: true },
      schema: {
        tags: ['Content'],
        summary: 'The shop’s own details (ours)',
        description:
          'Name, address, contact details, opening hours, links and accepted payment methods, ' +
          'and the ways the checkout takes payment (`checkoutPaymentMethods`: `vipps` beside ' +
          '`card` when the shop has Vipps MobilePay, which also offers Vipps Express), ' +
          'as the storefront shows them in its header, footer and store-pickup details. The ' +
          'About text (`about`) and opening hours (`openingHours`) are in the asked language ' +
          '(`Accept-Language`): English, the bokmål where the shop has written none; a country ' +
          'written by its name is named in that language.',
        response: { 200: publicShopSchema },
      },
    },
    async (request) => ({
      ...(await app.readCatalogue((db) => publicShopDetails(db, request.locale))),
      checkoutPaymentMethods: checkoutPaymentMethods(app.vipps),
    }),
  );
};
