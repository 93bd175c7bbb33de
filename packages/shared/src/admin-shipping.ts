import { z } from 'zod';
import { adminErrorSchema } from './admin.js';
import { answerText, idSchema, text } from './common.js';

export const MAX_ZONE_NAME_LENGTH = 80;
/** A carrier band ends well below a tonne; the cap keeps weights far inside SQL's int range. */
export const MAX_BAND_WEIGHT_GRAMS = 1_000_000;
/** 100 000 NOK: higher than any parcel price, far inside SQL's int range. */
export const MAX_BAND_PRICE_ORE = 10_000_000;
/** 1 000 000 NOK. */
export const MAX_FREE_FROM_ORE = 100_000_000;
/** Posten's register has some 5 000 codes; a file with fewer than this is cut short. */
export const MIN_POSTAL_REGISTER_ROWS = 1_000;
/** How many bad lines of an uploaded register the refusal lists. */
export const POSTAL_REGISTER_ERRORS_SHOWN = 20;

/** What the back office's shipping calls answer when they refuse; the admin app shows them. */
export const shippingAdminMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_ZONE_NAME_LENGTH} characters`,
  nameTaken: (name: string) => `There is already a zone named “${name}”`,
  countryFormat: 'A country is its two-letter ISO code, such as SE',
  countryRepeated: 'Each country may be listed once',
  unknownCountry: (code: string) => `${code} is not a country the shop’s country list offers`,
  svalbardAndJanMayen:
    'Svalbard and Jan Mayen cannot be in a zone: the shop does not deliver there (store pickup only)',
  countryInOtherZone: (country: string, zone: string) =>
    `${country} is already in the zone “${zone}”. Remove it there first.`,
  freeFrom: 'The free-shipping threshold is a whole number of øre, 0 or more, or none',
  freeFromTooHigh: `The free-shipping threshold must be at most ${MAX_FREE_FROM_ORE / 100} NOK`,
  nothingToChange: 'Give at least one of name, countries or freeFromOre',
  zoneNotFound: 'Shipping zone not found',
  lastZone:
    'This is the only zone left. Remove its countries instead to stop home delivery; the shop sets the default zones up again when none is left.',
  weight: 'The maximum weight is a whole number of grams, more than 0',
  weightTooHigh: `The maximum weight must be at most ${MAX_BAND_WEIGHT_GRAMS / 1000} kg`,
  price: 'The price is a whole number of øre, 0 or more',
  priceTooHigh: `The price must be at most ${MAX_BAND_PRICE_ORE / 100} NOK`,
  bandTaken: (kg: string) => `This zone already has a band up to ${kg} kg`,
  bandNotFound: 'Weight band not found',
  bandNothingToChange: 'Give at least one of maxWeightGrams or priceOre',
  postalCodeNotFound: 'This postal code is not in the register',
  postalCodeFormat: 'A Norwegian postal code is four digits',
  noFile: 'Choose the register file (Posten’s tab-separated Postnummerregister) to upload',
  badFile: (count: number) =>
    `The file was not loaded: ${count} line${count === 1 ? ' is' : 's are'} not a postal code, a place and the other columns separated by tabs. Nothing was changed.`,
  tooFewRows: (count: number) =>
    `The file holds only ${count} postal code${count === 1 ? '' : 's'}; Posten’s register has some 5 000, so it looks cut short. Nothing was changed.`,
} as const;

const wholeNumber = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message });

export const zoneNameSchema = text({ error: shippingAdminMessages.nameRequired })
  .trim()
  .min(1, { error: shippingAdminMessages.nameRequired })
  .max(MAX_ZONE_NAME_LENGTH, { error: shippingAdminMessages.nameTooLong });

export const zoneCountriesSchema = z
  .array(
    text({ error: shippingAdminMessages.countryFormat }).regex(/^[A-Z]{2}$/, {
      error: shippingAdminMessages.countryFormat,
    }),
    { error: shippingAdminMessages.countryFormat },
  )
  .max(300)
  .refine((codes) => new Set(codes).size === codes.length, {
    error: shippingAdminMessages.countryRepeated,
  });

export const freeFromOreSchema = wholeNumber(shippingAdminMessages.freeFrom)
  .max(MAX_FREE_FROM_ORE, { error: shippingAdminMessages.freeFromTooHigh })
  .nullable();

export const bandWeightSchema = wholeNumber(shippingAdminMessages.weight)
  .min(1, { error: shippingAdminMessages.weight })
  .max(MAX_BAND_WEIGHT_GRAMS, { error: shippingAdminMessages.weightTooHigh });

export const bandPriceSchema = wholeNumber(shippingAdminMessages.price).max(MAX_BAND_PRICE_ORE, {
  error: shippingAdminMessages.priceTooHigh,
});

/** A country of a zone, or one the owner may add: ISO 3166 alpha-2 with its English name. */
export const shippingCountrySchema = z.object({ code: answerText(), name: answerText() });
export type ShippingCountry = z.infer<typeof shippingCountrySchema>;

/** A weight band: a parcel up to `maxWeightGrams` costs `priceOre`. */
export const adminShippingBandSchema = z.object({
  id: idSchema,
  maxWeightGrams: z.number().int(),
  priceOre: z.number().int(),
});
export type AdminShippingBand = z.infer<typeof adminShippingBandSchema>;

export const adminShippingZoneSchema = z.object({
  id: idSchema,
  name: answerText(),
  /** By name. */
  countries: z.array(shippingCountrySchema),
  /** Goods from this sum (øre, selling prices before the coupon) ship free; null: never. */
  freeFromOre: z.number().int().nullable(),
  /** Lightest first. */
  bands: z.array(adminShippingBandSchema),
});
export type AdminShippingZone = z.infer<typeof adminShippingZoneSchema>;

export const adminShippingZonesSchema = z.object({
  zones: z.array(adminShippingZoneSchema),
  /** The countries a zone may hold: the storefront's country list without Svalbard and Jan Mayen. */
  countries: z.array(shippingCountrySchema),
});
export type AdminShippingZones = z.infer<typeof adminShippingZonesSchema>;

export const createShippingZoneRequestSchema = z.object({
  name: zoneNameSchema,
  countries: zoneCountriesSchema.default([]),
  freeFromOre: freeFromOreSchema.default(null),
});
export type CreateShippingZoneRequest = z.input<typeof createShippingZoneRequestSchema>;

export const updateShippingZoneRequestSchema = z
  .object({
    name: zoneNameSchema.optional(),
    /** Every country of the zone: the list replaces the one it had. */
    countries: zoneCountriesSchema.optional(),
    freeFromOre: freeFromOreSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: shippingAdminMessages.nothingToChange,
  });
export type UpdateShippingZoneRequest = z.input<typeof updateShippingZoneRequestSchema>;

export const shippingBandRequestSchema = z.object({
  maxWeightGrams: bandWeightSchema,
  priceOre: bandPriceSchema,
});
export type ShippingBandRequest = z.input<typeof shippingBandRequestSchema>;

export const updateShippingBandRequestSchema = z
  .object({ maxWeightGrams: bandWeightSchema.optional(), priceOre: bandPriceSchema.optional() })
  .refine((body) => body.maxWeightGrams !== undefined || body.priceOre !== undefined, {
    error: shippingAdminMessages.bandNothingToChange,
  });
export type UpdateShippingBandRequest = z.input<typeof updateShippingBandRequestSchema>;

/** `GET /api/admin/postal-codes`: what the register holds and where it came from. */
export const postalRegisterSummarySchema = z.object({
  count: z.number().int(),
  /** The bundled register or the name of the uploaded file; null while the register is empty. */
  source: answerText().nullable(),
  /** ISO 8601; null while the register is empty. */
  updatedAt: answerText().nullable(),
});
export type PostalRegisterSummary = z.infer<typeof postalRegisterSummarySchema>;

/** One postal code of the register, as Posten lists it. */
export const adminPostalCodeSchema = z.object({
  postalCode: answerText(),
  /** In capitals, as Posten writes it. */
  place: answerText(),
  /** As the storefront shows it ("Mo i Rana"). */
  city: answerText(),
  municipalityCode: answerText().nullable(),
  municipality: answerText().nullable(),
  /** G street addresses, P post boxes, B both, F several uses, S service codes. */
  category: answerText().nullable(),
  source: answerText(),
  updatedAt: answerText(),
});
export type AdminPostalCode = z.infer<typeof adminPostalCodeSchema>;

export const adminPostalCodeParamsSchema = z.object({
  code: text({ error: shippingAdminMessages.postalCodeFormat }).regex(/^\d{4}$/, {
    error: shippingAdminMessages.postalCodeFormat,
  }),
});

/** What replacing the register with an uploaded file did, compared with the register before. */
export const postalRegisterUploadResultSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  total: z.number().int(),
  source: answerText(),
});
export type PostalRegisterUploadResult = z.infer<typeof postalRegisterUploadResultSchema>;

/** A line of the uploaded file that is not a register row; lines are counted from 1. */
export const postalRegisterLineErrorSchema = z.object({
  line: z.number().int(),
  message: answerText(),
});
export type PostalRegisterLineError = z.infer<typeof postalRegisterLineErrorSchema>;

/** The upload's 400: the first bad lines in `errors` when the file had any. */
export const postalRegisterUploadErrorSchema = adminErrorSchema.extend({
  errors: z.array(postalRegisterLineErrorSchema).optional(),
});
export type PostalRegisterUploadError = z.infer<typeof postalRegisterUploadErrorSchema>;
