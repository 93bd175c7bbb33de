import { z } from 'zod';
import { text } from './common.js';

/**
 * The shop's own settings, the owner's to change in the back office. Each setting is one key
 * with its schema and its default; the server stores each key's value as JSON and checks it
 * against the schema on the way in and out, so adding a setting is adding a key here.
 */

export const settingsMessages = {
  lowStockThreshold: 'The low-stock threshold must be a whole number from 0 to 1,000,000.',
  organisationNumber: 'The organisation number is nine digits (923 456 789)',
  required: (name: string) => `${name} is required`,
  tooLong: (name: string, max: number) => `${name} must be at most ${max} characters`,
} as const;

const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/** Stock at or below this is low, for every item without a threshold of its own. */
export const lowStockThresholdSchema = z
  .number({ error: settingsMessages.lowStockThreshold })
  .int({ error: settingsMessages.lowStockThreshold })
  .min(0, { error: settingsMessages.lowStockThreshold })
  .max(MAX_LOW_STOCK_THRESHOLD, { error: settingsMessages.lowStockThreshold });

const detailText = (name: string, max: number) =>
  text({ error: settingsMessages.required(name) })
    .trim()
    .min(1, { error: settingsMessages.required(name) })
    .max(max, { error: settingsMessages.tooLong(name, max) });

/**
 * Who the shop is, as receipts, mails and the storefront name it. A Norwegian receipt must show
 * the seller's name, address and organisation number, with MVA after it when the shop is
 * registered for VAT.
 */
export const shopDetailsSchema = z.object({
  name: detailText('The shop name', 100),
  /** Nine digits without spaces (a form strips them): answers carry this schema, so no transform. */
  organisationNumber: text({ error: settingsMessages.organisationNumber }).regex(/^\d{9}$/, {
    error: settingsMessages.organisationNumber,
  }),
  vatRegistered: z.boolean(),
  phone: detailText('The phone number', 30),
  email: z.email({ error: 'The e-mail address is not valid' }).max(254),
  street: detailText('The street address', 200),
  postalCode: detailText('The postal code', 10),
  city: detailText('The city', 100),
  country: detailText('The country', 100),
  /** One line a day or a span of days, as the shop writes them. */
  openingHours: z.array(detailText('An opening-hours line', 100)).max(14),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** 923456789 → 923 456 789, as the Brønnøysund register writes it. */
export function formatOrganisationNumber(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

export const shopSettingSchemas = {
  lowStockThreshold: lowStockThresholdSchema,
  shopDetails: shopDetailsSchema,
} as const;

export type ShopSettingKey = keyof typeof shopSettingSchemas;
export type ShopSettings = { [Key in ShopSettingKey]: z.infer<(typeof shopSettingSchemas)[Key]> };

/** What a setting is while the owner has not set it. */
export const shopSettingDefaults: ShopSettings = {
  lowStockThreshold: 5,
  shopDetails: {
    name: 'Nordic Trading',
    organisationNumber: '923456789',
    vatRegistered: true,
    phone: '+47 22 12 34 56',
    email: 'post@nordictrading.no',
    street: 'Storgata 12',
    postalCode: '0155',
    city: 'Oslo',
    country: 'Norway',
    openingHours: ['Monday–Friday 10:00–18:00', 'Saturday 10:00–16:00', 'Sunday closed'],
  },
};

/** `GET`/`PUT /api/admin/settings/inventory`: the stock settings. */
export const inventorySettingsSchema = z.object({ lowStockThreshold: lowStockThresholdSchema });
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;
