import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Shipping zones: Norway, and groups of other countries the shop ships to. Orders of a zone
 * whose goods cost at least `freeFromOre` (after discounts) ship free; null means never.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    freeFromOre: integer('free_from_ore'),
  },
  (table) => [
    uniqueIndex('shipping_zones_code_idx').on(table.code),
    check(
      'shipping_zones_free_check',
      sql`${table.freeFromOre} is null or ${table.freeFromOre} >= 0`,
    ),
  ],
);

/** Which zone a country (ISO 3166 alpha-2) belongs to; a country not listed is not shipped to. */
export const shippingZoneCountries = pgTable('shipping_zone_countries', {
  country: text('country').primaryKey(),
  zoneId: uuid('zone_id')
    .notNull()
    .references(() => shippingZones.id, { onDelete: 'cascade' }),
});

/** Weight bands of a zone: a parcel up to `maxWeightGrams` costs `priceOre`. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    maxWeightGrams: integer('max_weight_grams').notNull(),
    priceOre: integer('price_ore').notNull(),
  },
  (table) => [
    uniqueIndex('shipping_rates_band_idx').on(table.zoneId, table.maxWeightGrams),
    index('shipping_rates_zone_idx').on(table.zoneId),
    check('shipping_rates_weight_check', sql`${table.maxWeightGrams} > 0`),
    check('shipping_rates_price_check', sql`${table.priceOre} >= 0`),
  ],
);

/**
 * Posten's register of Norwegian postal codes, seeded from the bundled copy and replaced by the
 * owner from the file Posten/Bring publish, so codes issued since the bundled copy are known.
 */
export const postalCodes = pgTable(
  'postal_codes',
  {
    postalCode: text('postal_code').primaryKey(),
    /** The place as Posten writes it, in capitals. */
    place: text('place').notNull(),
    municipalityCode: text('municipality_code'),
    municipality: text('municipality'),
    /** Posten's category: G street addresses, P post boxes, B both, S service codes. */
    category: text('category'),
    /** Where this row came from: the bundled register or the name of the uploaded file. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('postal_codes_code_check', sql`${table.postalCode} ~ '^[0-9]{4}$'`)],
);
