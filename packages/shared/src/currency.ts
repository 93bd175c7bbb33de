import { z } from 'zod';
import { answerText, text } from './common.js';

export const multiCurrencyRequestSchema = z.object({
  currencyCode: text({ error: 'currencyCode is required' })
    .regex(/^[A-Za-z]{3}$/, { error: 'currencyCode must be a three-letter ISO 4217 code' })
    .transform((code) => code.toUpperCase()),
  countryCode: text()
    .regex(/^[A-Za-z]{2,3}$/, { error: 'countryCode must be an ISO 3166 code' })
    .transform((code) => code.toUpperCase())
    .optional(),
});
export type MultiCurrencyRequest = z.input<typeof multiCurrencyRequestSchema>;

export const multiCurrencyResponseSchema = z.object({
  value: z.number(),
  code: answerText(),
  countryCode: answerText(),
});
export type MultiCurrencyResponse = z.infer<typeof multiCurrencyResponseSchema>;

/** A country of the selector: ISOCode is alpha-3 as in the old product (Norway is NOR). */
export const countryOptionSchema = z.object({
  Country: answerText(),
  ISOCode: answerText(),
  CurrencyCode: answerText(),
  shipping: z.boolean(),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;
export const countriesResponseSchema = z.array(countryOptionSchema);
