import { eq, inArray, sql } from 'drizzle-orm';
import {
  type CleaningEnquiryAddress,
  feedSettingsSchema,
  type FeedSettings,
  inventorySettingsSchema,
  notificationSettingsSchema,
  type NotificationSettings,
  type ShopDetailsEditor,
  type ShopDetailsUpdate,
  shopSettingDefaults,
  shopSettingSchemas,
  type InventorySettings,
  type Locale,
  paymentSettingsSchema,
  type PaymentSettings,
  type ShopDetails,
  shopDetailsIn,
  type ShopSettingKey,
  type ShopSettings,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { countryNameIn, findCountryByName } from '../countries/index.js';
import { shopSettings } from './settings.tables.js';

type Executor = Database | Transaction;

/**
 * What a field added since reads as in a value stored before it, where that is not the fresh
 * install's demo default: details saved before the shop's own words had an English twin (issue
 * 31) have none written, so English pages show the owner's bokmål, not the demo shop's English.
 */
const addedSince: { [Key in ShopSettingKey]?: Partial<ShopSettings[Key]> } = {
  shopDetails: { aboutEn: '', openingHoursEn: [] },
};

/**
 * A stored value checked against its key's schema; the default when the owner has not set it.
 * A value an older version stored that no longer passes falls back to the default too, so a
 * changed rule never breaks the pages that read it.
 */
function parseSetting<Key extends ShopSettingKey>(key: Key, stored: unknown): ShopSettings[Key] {
  const fallback = shopSettingDefaults[key];
  const defaults: unknown = fallback;
  // A field added since the value was stored takes its default; the owner's others stay.
  const value =
    isPlainObject(defaults) && isPlainObject(stored)
      ? { ...defaults, ...addedSince[key], ...stored }
      : stored;
  const parsed = shopSettingSchemas[key].safeParse(value);
  return parsed.success ? (parsed.data as ShopSettings[Key]) : fallback;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One setting of the shop, or its default. */
export async function getSetting<Key extends ShopSettingKey>(
  db: Executor,
  key: Key,
): Promise<ShopSettings[Key]> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key));
  return row ? parseSetting(key, row.value) : shopSettingDefaults[key];
}

/** Several settings in one query, each stored value or its default. */
export async function getSettings<Key extends ShopSettingKey>(
  db: Executor,
  keys: readonly Key[],
): Promise<Pick<ShopSettings, Key>> {
  const rows = await db
    .select()
    .from(shopSettings)
    .where(inArray(shopSettings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      stored.has(key) ? parseSetting(key, stored.get(key)) : shopSettingDefaults[key],
    ]),
  ) as Pick<ShopSettings, Key>;
}

/** Stores a setting after checking it against its schema (a bad value is a programming error). */
export async function setSetting<Key extends ShopSettingKey>(
  db: Executor,
  key: Key,
  value: ShopSettings[Key],
): Promise<void> {
  const checked = shopSettingSchemas[key].parse(value);
  await db
    .insert(shopSettings)
    .values({ key, value: checked })
    .onConflictDoUpdate({
      target: shopSettings.key,
      set: { value: checked, updatedAt: sql`now()` },
    });
}

/**
 * A group of settings the back office reads and saves together (the stock settings, the payment
 * settings): read in one query, and saved and audited in one transaction under the group's lock.
 */
function settingsGroup<Key extends ShopSettingKey>(name: string, keys: readonly Key[]) {
  type Group = Pick<ShopSettings, Key>;
  const read = (db: Executor): Promise<Group> => getSettings(db, keys);
  const update = (db: Database, actor: Actor, input: Group): Promise<Group> =>
    db.transaction(async (tx) => {
      // Two owners saving at once: the second waits and audits from the first one's values.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop_settings:${name}`}))`);
      const before = await read(tx);
      const changes = changedFields(before, input);
      if (Object.keys(changes).length === 0) return before;
      for (const key of keys) await setSetting(tx, key, input[key]);
      await recordAudit(tx, {
        actor,
        action: 'update',
        entity: 'settings',
        entityId: name,
        changes,
      });
      return read(tx);
    });
  return { read, update };
}

const inventorySettings = settingsGroup(
  'inventory',
  Object.keys(inventorySettingsSchema.shape) as (keyof InventorySettings)[],
);

/** The stock settings of the back office's settings page. */
export const getInventorySettings: (db: Executor) => Promise<InventorySettings> =
  inventorySettings.read;

/** The owner changes the stock settings: stored and audited in one transaction. */
export const updateInventorySettings: (
  db: Database,
  actor: Actor,
  input: InventorySettings,
) => Promise<InventorySettings> = inventorySettings.update;

const paymentSettings = settingsGroup(
  'payments',
  Object.keys(paymentSettingsSchema.shape) as (keyof PaymentSettings)[],
);

/** When payments are captured (issue 32.3), for the back office's settings page. */
export const getPaymentSettings: (db: Executor) => Promise<PaymentSettings> = paymentSettings.read;

/** The owner chooses when payments are captured: stored and audited in one transaction. */
export const updatePaymentSettings: (
  db: Database,
  actor: Actor,
  input: PaymentSettings,
) => Promise<PaymentSettings> = paymentSettings.update;

const notificationSettings = settingsGroup(
  'notifications',
  Object.keys(notificationSettingsSchema.shape) as (keyof NotificationSettings)[],
);

/** Who hears of new orders and low stock (issue 34), for the back office's settings page. */
export const getNotificationSettings: (db: Executor) => Promise<NotificationSettings> =
  notificationSettings.read;

/** The owner changes who hears of orders and low stock: stored and audited in one transaction. */
export const updateNotificationSettings: (
  db: Database,
  actor: Actor,
  input: NotificationSettings,
) => Promise<NotificationSettings> = notificationSettings.update;

const feedSettings = settingsGroup(
  'feeds',
  Object.keys(feedSettingsSchema.shape) as (keyof FeedSettings)[],
);

/** Which product feeds are published (issue 34.6), for the back office's settings page. */
export const getFeedSettings: (db: Executor) => Promise<FeedSettings> = feedSettings.read;

/** The owner turns product feeds on or off: stored and audited in one transaction. */
export const updateFeedSettings: (
  db: Database,
  actor: Actor,
  input: FeedSettings,
) => Promise<FeedSettings> = feedSettings.update;

/** The shop's details for the owner's form, with when they were saved (null: the defaults). */
export async function getShopDetailsEditor(db: Executor): Promise<ShopDetailsEditor> {
  const [row] = await db
    .select({ value: shopSettings.value, updatedAt: shopSettings.updatedAt })
    .from(shopSettings)
    .where(eq(shopSettings.key, 'shopDetails'));
  const details = row ? parseSetting('shopDetails', row.value) : shopSettingDefaults.shopDetails;
  return { ...details, savedAt: row ? row.updatedAt.toISOString() : null };
}

/**
 * The owner saves the shop's details, stored and audited in one transaction. `savedAt` is when
 * the form's copy was saved: if someone saved since, this save is refused (409) rather than
 * silently undoing theirs.
 */
export async function updateShopDetails(
  db: Database,
  actor: Actor,
  { savedAt, ...details }: ShopDetailsUpdate,
): Promise<ShopDetailsEditor> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop_settings:shopDetails'))`);
    const current = await getShopDetailsEditor(tx);
    if (current.savedAt !== savedAt) throw new ConflictError('errors.settings.shopDetailsConflict');
    const changes = changedFields(current, details);
    if (Object.keys(changes).length === 0) return current;
    await setSetting(tx, 'shopDetails', details);
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'settings',
      entityId: 'shopDetails',
      changes,
    });
    return getShopDetailsEditor(tx);
  });
}

/**
 * Where the cleaning page's enquiries are mailed: the address staff set on the cleaning page,
 * else the shop's own e-mail of its details, so a new shop's enquiries reach the shop.
 */
export async function cleaningEnquiryRecipient(db: Executor): Promise<string> {
  const { cleaningEnquiryEmail, shopDetails } = await getSettings(db, [
    'cleaningEnquiryEmail',
    'shopDetails',
  ]);
  return cleaningEnquiryEmail || shopDetails.email;
}

/** The enquiry address for the cleaning page's editor, with when it was saved (null: never). */
export async function getCleaningEnquiryAddress(db: Executor): Promise<CleaningEnquiryAddress> {
  const [row] = await db
    .select({ value: shopSettings.value, updatedAt: shopSettings.updatedAt })
    .from(shopSettings)
    .where(eq(shopSettings.key, 'cleaningEnquiryEmail'));
  const { email: shopEmail } = await getSetting(db, 'shopDetails');
  return {
    email: row ? parseSetting('cleaningEnquiryEmail', row.value) : '',
    shopEmail,
    savedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * Staff set where the cleaning page's enquiries go ('' for the shop's own e-mail), stored and
 * audited in one transaction. `savedAt` is when the form's copy was saved: if someone saved
 * since, this save is refused (409) rather than silently undoing theirs.
 */
export async function updateCleaningEnquiryAddress(
  db: Database,
  actor: Actor,
  { email, savedAt }: { email: string; savedAt: string | null },
): Promise<CleaningEnquiryAddress> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('shop_settings:cleaningEnquiryEmail'))`,
    );
    const current = await getCleaningEnquiryAddress(tx);
    if (current.savedAt !== savedAt) throw new ConflictError('errors.cleaning.addressConflict');
    if (current.email === email) return current;
    await setSetting(tx, 'cleaningEnquiryEmail', email);
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'settings',
      entityId: 'cleaningEnquiryEmail',
      changes: changedFields({ email: current.email }, { email }),
    });
    return getCleaningEnquiryAddress(tx);
  });
}

/**
 * The shop's details as its pages in a language show them: the texts kept per language, and a
 * country the owner wrote by its name ("Norway") named in that language ("Norge").
 */
export async function publicShopDetails(db: Database, locale: Locale): Promise<ShopDetails> {
  const details = shopDetailsIn(await getSetting(db, 'shopDetails'), locale);
  const country = findCountryByName(details.country);
  return country ? { ...details, country: countryNameIn(locale, country) } : details;
}
