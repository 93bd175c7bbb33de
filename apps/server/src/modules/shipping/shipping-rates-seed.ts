import { inArray, sql } from 'drizzle-orm';
import { nokToOre } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { required } from '../../db/seed/required.js';
import { shippingRates, shippingZoneCountries, shippingZones } from './shipping.tables.js';

export interface DefaultShippingZone {
  code: string;
  name: string;
  /** ISO 3166 alpha-2. */
  countries: readonly string[];
  freeFromNok: number | null;
  /** Weight bands: parcels up to `maxKg` cost `nok`. */
  bands: readonly { maxKg: number; nok: number }[];
}

/**
 * The shop's starting rates, close to Posten/Bring's parcel prices for a small business:
 * Norway by weight with free shipping from 1 000 NOK, the other Nordic countries dearer and
 * free from 2 500 NOK, and Germany, the Netherlands and the United Kingdom never free.
 */
export const defaultShippingZones: readonly DefaultShippingZone[] = [
  {
    code: 'NO',
    name: 'Norway',
    countries: ['NO'],
    freeFromNok: 1_000,
    bands: [
      { maxKg: 1, nok: 79 },
      { maxKg: 5, nok: 129 },
      { maxKg: 10, nok: 179 },
      { maxKg: 35, nok: 299 },
    ],
  },
  {
    code: 'NORDIC',
    name: 'Nordic countries',
    countries: ['SE', 'DK', 'FI', 'IS'],
    freeFromNok: 2_500,
    bands: [
      { maxKg: 1, nok: 199 },
      { maxKg: 5, nok: 299 },
      { maxKg: 10, nok: 399 },
      { maxKg: 20, nok: 599 },
    ],
  },
  {
    code: 'EU-UK',
    name: 'Germany, the Netherlands and the United Kingdom',
    countries: ['DE', 'NL', 'GB'],
    freeFromNok: null,
    bands: [
      { maxKg: 1, nok: 249 },
      { maxKg: 5, nok: 379 },
      { maxKg: 10, nok: 499 },
      { maxKg: 20, nok: 749 },
    ],
  },
];

/**
 * Inserts the default zones, countries and rates when there are no zones. Rates are the
 * shop's configuration rather than demo data, so this runs on every start; zones the owner
 * changed are left alone. Conflicts are skipped so two processes starting together agree.
 */
export async function seedShippingRatesIfEmpty(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(shippingZones);
  if ((existing?.count ?? 0) > 0) return 0;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(shippingZones)
      .values(
        defaultShippingZones.map((zone) => ({
          code: zone.code,
          name: zone.name,
          freeFromOre: zone.freeFromNok === null ? null : nokToOre(zone.freeFromNok),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: shippingZones.id });
    const zones = await tx
      .select({ id: shippingZones.id, code: shippingZones.code })
      .from(shippingZones)
      .where(
        inArray(
          shippingZones.code,
          defaultShippingZones.map((zone) => zone.code),
        ),
      );
    const zoneIds = new Map(zones.map((zone) => [zone.code, zone.id]));
    const zoneId = (zone: DefaultShippingZone) => required(zoneIds.get(zone.code), zone.code);
    await tx
      .insert(shippingZoneCountries)
      .values(
        defaultShippingZones.flatMap((zone) =>
          zone.countries.map((country) => ({ country, zoneId: zoneId(zone) })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(shippingRates)
      .values(
        defaultShippingZones.flatMap((zone) =>
          zone.bands.map((band) => ({
            zoneId: zoneId(zone),
            maxWeightGrams: band.maxKg * 1000,
            priceOre: nokToOre(band.nok),
          })),
        ),
      )
      .onConflictDoNothing();
    return inserted.length;
  });
}
