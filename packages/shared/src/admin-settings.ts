import { z } from 'zod';

/**
 * The shop's own settings, the owner's to change in the back office. Each setting is one key
 * with its schema and its default; the server stores each key's value as JSON and checks it
 * against the schema on the way in and out, so adding a setting is adding a key here.
 */

export const settingsMessages = {
  lowStockThreshold: 'The low-stock threshold must be a whole number from 0 to 1,000,000.',
} as const;

const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/** Stock at or below this is low, for every item without a threshold of its own. */
export const lowStockThresholdSchema = z
  .number({ error: settingsMessages.lowStockThreshold })
  .int({ error: settingsMessages.lowStockThreshold })
  .min(0, { error: settingsMessages.lowStockThreshold })
  .max(MAX_LOW_STOCK_THRESHOLD, { error: settingsMessages.lowStockThreshold });

export const shopSettingSchemas = {
  lowStockThreshold: lowStockThresholdSchema,
} as const;

export type ShopSettingKey = keyof typeof shopSettingSchemas;
export type ShopSettings = { [Key in ShopSettingKey]: z.infer<(typeof shopSettingSchemas)[Key]> };

/** What a setting is while the owner has not set it. */
export const shopSettingDefaults: ShopSettings = {
  lowStockThreshold: 5,
};

/** `GET`/`PUT /api/admin/settings/inventory`: the stock settings. */
export const inventorySettingsSchema = z.object({ lowStockThreshold: lowStockThresholdSchema });
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;
