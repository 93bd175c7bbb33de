import { z } from 'zod';

export const multiCurrencyRequestSchema = z.object({
  currencyCode: z
    .string({ error: 'currencyCode is required' })
    .regex(/^[A-Za-z]{3}$/, { error: 'currencyCode must be a three-letter ISO 4217 code' })
    .transform((code) => code.toUpperCase()),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2,3}$/, { error: 'countryCode must be an ISO 3166 code' })
    .transform((code) => code.toUpperCase())
    .optional(),
});
export type MultiCurrencyRequest = z.input<typeof multiCurrencyRequestSchema>;

export const multiCurrencyResponseSchema = z.object({
  value: z.number(),
  code: z.string(),
  countryCode: z.string(),
});
export type MultiCurrencyResponse = z.infer<typeof multiCurrencyResponseSchema>;

/** A country of the selector: ISOCode is alpha-3 as in the old product (Norway is NOR). */
export const countryOptionSchema = z.object({
  Country: z.string(),
  ISOCode: z.string(),
  CurrencyCode: z.string(),
  shipping: z.boolean(),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;
export const countriesResponseSchema = z.array(countryOptionSchema);
