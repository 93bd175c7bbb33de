import { asc, eq, exists } from 'drizzle-orm';
import {
  norwegianDeliveryProblem,
  norwegianPostalCodeMessages,
  norwegianPostalCodeProblem,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { InvalidError } from '../../domain-errors.js';
import { type SavedAddresses, saveUserAddresses } from '../accounts/index.js';
import { findPurchasableItems } from '../catalog/index.js';
import { type Country, findCountry } from '../countries/index.js';
import { registeredPlace } from './postal-register.service.js';
import { shippingRates, shippingZoneCountries, shippingZones } from './shipping.tables.js';

/**
 * Every message of the shipping step the server answers, shown under the postal code; the
 * Norwegian postal codes' are the shared rule's, which the shipping form shows too.
 */
export const shippingMessages = {
  chooseCountry: 'Please choose a country we ship to',
  notShippedTo: (countryName: string) => `We do not ship to ${countryName} yet.`,
  invalidNorwegianPostalCode: norwegianPostalCodeMessages.invalid,
  invalidPostalCode: (countryName: string) => `Please enter a valid postal code for ${countryName}`,
  svalbard: norwegianPostalCodeMessages.svalbard,
  janMayen: norwegianPostalCodeMessages.janMayen,
  svalbardAndJanMayen: norwegianPostalCodeMessages.svalbardAndJanMayen,
  emptyCart: 'The cart is empty',
  tooHeavy: 'This order is too heavy to ship. Please choose Store Pickup.',
  unknownPostalCode: 'Unknown postal code',
} as const;

const NORWAY = 'NO';
/** ISO 3166's own code for Svalbard and Jan Mayen, which the country list offers too. */
const SVALBARD_AND_JAN_MAYEN = 'SJ';

/**
 * The shape of a postal code in the other countries the shop ships to. The format is all that
 * is checked there; the carrier's own address check comes at booking.
 */
const postalCodePatterns: Readonly<Record<string, RegExp>> = {
  SE: /^\d{3} ?\d{2}$/,
  DK: /^\d{4}$/,
  FI: /^\d{5}$/,
  IS: /^\d{3}$/,
  DE: /^\d{5}$/,
  NL: /^[1-9]\d{3} ?[A-Za-z]{2}$/,
  GB: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i,
};

const lowerCaseWords = new Set(['i', 'og', 'på']);

/**
 * Posten's capitals as a place is written: 'MO I RANA' → 'Mo i Rana', 'SØR-FRON' → 'Sør-Fron'.
 * One-letter words stay capitals, as in 'Kristiansand S'.
 */
export function placeNameCase(place: string): string {
  return place
    .toLocaleLowerCase('nb')
    .split(' ')
    .map((word, index) =>
      index > 0 && lowerCaseWords.has(word)
        ? word
        : word
            .split('-')
            .map((part) => part.charAt(0).toLocaleUpperCase('nb') + part.slice(1))
            .join('-'),
    )
    .join(' ');
}

/**
 * `GET /api/postal-codes/{country}/{code}`: the place of a postal code in the register (the
 * `postal_codes` table); Norway only.
 */
export async function lookupPostalCode(
  db: Database,
  country: string,
  code: string,
): Promise<{ postalCode: string; city: string } | undefined> {
  if (findCountry(country)?.alpha2 !== NORWAY) return undefined;
  const postalCode = code.trim();
  if (norwegianPostalCodeProblem(postalCode)) return undefined;
  const place = await registeredPlace(db, postalCode);
  return place === undefined ? undefined : { postalCode, city: placeNameCase(place) };
}

interface Zone {
  id: string;
  freeFromOre: number | null;
}

/** The zone a country ships in, or none: the zone tables say where the shop delivers. */
async function findZone(db: Database, alpha2: string): Promise<Zone | undefined> {
  const [zone] = await db
    .select({ id: shippingZones.id, freeFromOre: shippingZones.freeFromOre })
    .from(shippingZoneCountries)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
    .where(eq(shippingZoneCountries.country, alpha2));
  return zone;
}

/**
 * The countries (ISO 3166 alpha-2) of every shipping zone that has a weight band: where the
 * shop delivers. A zone without bands prices nothing, so its countries are not offered.
 */
export async function shipsToCountries(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ country: shippingZoneCountries.country })
    .from(shippingZoneCountries)
    .where(
      exists(
        db
          .select({ id: shippingRates.id })
          .from(shippingRates)
          .where(eq(shippingRates.zoneId, shippingZoneCountries.zoneId)),
      ),
    );
  return new Set(rows.map((row) => row.country));
}

/**
 * Checks that goods can be delivered to a country and postal code, and answers the country
 * with its zone; a 400 with the reason otherwise.
 */
async function checkDestination(
  db: Database,
  countryCode: string,
  postalCode: string,
): Promise<{ country: Country; zone: Zone }> {
  const country = findCountry(countryCode.trim());
  if (!country) throw new InvalidError('errors.shipping.chooseCountry');
  if (country.alpha2 === SVALBARD_AND_JAN_MAYEN)
    throw new InvalidError('errors.shipping.svalbardAndJanMayen');
  const zone = await findZone(db, country.alpha2);
  if (!zone)
    throw new InvalidError('errors.shipping.notShippedTo', { values: { country: country.name } });

  const code = postalCode.trim();
  if (country.alpha2 === NORWAY) {
    // Svalbard and Jan Mayen are refused by name whether or not the register lists the code. A
    // code the register lacks passes within Posten's numbers (issue 14): Posten issues new
    // codes, and a missed sale costs more than a parcel the carrier reroutes. The shopper types
    // the city, which the address rules require anyway.
    const problem = norwegianDeliveryProblem(code);
    if (problem)
      throw new InvalidError(
        problem === norwegianPostalCodeMessages.svalbard
          ? 'errors.shipping.svalbard'
          : problem === norwegianPostalCodeMessages.janMayen
            ? 'errors.shipping.janMayen'
            : 'errors.shipping.invalidNorwegianPostalCode',
      );
  } else {
    const pattern = postalCodePatterns[country.alpha2];
    if (code === '' || (pattern && !pattern.test(code)))
      throw new InvalidError('errors.shipping.invalidPostalCode', {
        values: { country: country.name },
      });
  }
  return { country, zone };
}

export interface ShippingQuoteRequest {
  lines: readonly { itemId: string; qty: number }[];
  /** ISO 3166 alpha-2 or alpha-3. */
  country: string;
  postalCode: string;
}

export interface ShippingQuote {
  shippingOre: number;
  /** ISO 3166 alpha-2. */
  country: string;
}

/**
 * The home-delivery price of a cart: the cheapest weight band of its zone the parcel fits, or
 * free from the zone's threshold on the goods' selling prices. Weights and prices come from the
 * database; item ids that no longer exist are ignored, as the cart ignores them.
 */
export async function quoteShipping(
  db: Database,
  request: ShippingQuoteRequest,
): Promise<ShippingQuote> {
  const { country, zone } = await checkDestination(db, request.country, request.postalCode);

  const quantities = new Map<string, number>();
  for (const line of request.lines)
    quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.qty);
  const items = await findPurchasableItems(db, [...quantities.keys()]);
  if (items.size === 0) throw new InvalidError('errors.shipping.emptyCart');

  let weightGrams = 0;
  let goodsOre = 0;
  for (const item of items.values()) {
    const qty = quantities.get(item.itemId) ?? 0;
    weightGrams += item.weightGrams * qty;
    goodsOre += item.sellingPriceOre * qty;
  }
  const bands = await zoneBands(db, zone);
  // A zone without bands is not offered (shipsToCountries); it cannot price a parcel either.
  if (bands.length === 0)
    throw new InvalidError('errors.shipping.notShippedTo', { values: { country: country.name } });
  const shippingOre = parcelPrice(zone, bands, weightGrams, goodsOre);
  if (shippingOre === undefined) throw new InvalidError('errors.shipping.tooHeavy');
  return { shippingOre, country: country.alpha2 };
}

interface Band {
  maxWeightGrams: number;
  priceOre: number;
}

/** A zone's weight bands, cheapest first. */
function zoneBands(db: Database, zone: Zone): Promise<Band[]> {
  return db
    .select({ maxWeightGrams: shippingRates.maxWeightGrams, priceOre: shippingRates.priceOre })
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zone.id))
    .orderBy(asc(shippingRates.priceOre));
}

/**
 * A parcel's home-delivery price in a zone: the cheapest band it fits, or free from the zone's
 * threshold on the goods' selling prices; undefined when it fits no band. A zone has a handful
 * of bands; choosing here keeps any weight sum out of SQL's int range.
 */
function parcelPrice(
  zone: Zone,
  bands: readonly Band[],
  weightGrams: number,
  goodsOre: number,
): number | undefined {
  const band = bands.find((candidate) => candidate.maxWeightGrams >= weightGrams);
  // The bands are what the carrier takes, so a parcel past them cannot ship even when free.
  if (!band) return undefined;
  if (zone.freeFromOre !== null && goodsOre >= zone.freeFromOre) return 0;
  return band.priceOre;
}

/**
 * The home-delivery price of a parcel to a country by the rule `quoteShipping` prices a cart
 * with, for many parcels at once (a product feed's shipping cost of each item, issue 34.6):
 * undefined for a country the shop does not ship to; the price is undefined for a parcel that
 * fits no band.
 */
export async function homeDeliveryPricing(
  db: Database,
  countryCode: string,
): Promise<((weightGrams: number, goodsOre: number) => number | undefined) | undefined> {
  const zone = await findZone(db, countryCode);
  if (!zone) return undefined;
  const bands = await zoneBands(db, zone);
  if (bands.length === 0) return undefined;
  return (weightGrams, goodsOre) => parcelPrice(zone, bands, weightGrams, goodsOre);
}

/**
 * Saves the shipping step's addresses on the user, countries as alpha-2 (ORDER-27). The
 * shipping address must be one the shop delivers to; the billing address may be anywhere.
 */
export async function saveAddresses(
  db: Database,
  userId: string,
  addresses: SavedAddresses,
): Promise<SavedAddresses> {
  const { country } = await checkDestination(
    db,
    addresses.shippingDetails.country,
    addresses.shippingDetails.postalCode,
  );
  const billingCountry = findCountry(addresses.billingAddress.country);
  if (!billingCountry) throw new InvalidError('errors.shipping.invalidCountry');

  const saved: SavedAddresses = {
    shippingDetails: { ...addresses.shippingDetails, country: country.alpha2 },
    billingAddress: { ...addresses.billingAddress, country: billingCountry.alpha2 },
  };
  await saveUserAddresses(db, userId, saved);
  return saved;
}
