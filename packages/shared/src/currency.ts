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

/**
 * A country of the selector: ISOCode is alpha-3 as in the old product (Norway is NOR).
 * `Country` is its English name, which saved addresses keep; `name` is what a reader is shown,
 * in the asked language (issue 31.5).
 */
export const countryOptionSchema = z.object({
  Country: answerText(),
  ISOCode: answerText(),
  CurrencyCode: answerText(),
  shipping: z.boolean(),
  name: answerText(),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;
export const countriesResponseSchema = z.array(countryOptionSchema);

/** `GET /api/admin/exchange-rates`: the stored rates, where each came from and when. */
export const adminExchangeRatesSchema = z.object({
  /** Whether the shop refreshes from Norges Bank (EXCHANGE_RATES_REFRESH); 'Refresh now' too. */
  refreshEnabled: z.boolean(),
  rates: z.array(
    z.object({
      currencyCode: answerText(),
      /** What 1 NOK is in the currency. */
      rate: z.number(),
      source: answerText(),
      updatedAt: answerText(),
    }),
  ),
});
export type AdminExchangeRates = z.infer<typeof adminExchangeRatesSchema>;

export const exchangeRatesMessages = {
  refreshOff:
    'Refreshing from Norges Bank is turned off for this shop (EXCHANGE_RATES_REFRESH): the stored rates are in use.',
  refreshFailed:
    'Norges Bank did not answer as expected: the stored rates stay in use. Try again later.',
} as const;
