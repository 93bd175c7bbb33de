/**
 * Money is integer øre inside the server and the database; the wire carries NOK numbers
 * (API contract), and the storefront multiplies those by the shopper's rate for display.
 */

import { moneyFormat } from './i18n/format.js';
import type { Locale } from './i18n/locale.js';

declare const oreBrand: unique symbol;

/**
 * A whole number of øre. Branded, so that a plain number (a NOK amount, a quantity, a percent)
 * is refused where øre are meant; it still reads as a number, for comparing and formatting.
 */
export type Ore = number & { readonly [oreBrand]: 'Ore' };

/**
 * The server's twin of a wire shape: the same fields, but each NOK amount `K` held as
 * `${K}Ore` in øre. Services answer these; the routes turn them into the wire's NOK.
 */
export type InOre<Wire, K extends keyof Wire & string> = Omit<Wire, K> & {
  [Key in K as `${Key}Ore`]: Ore;
};

/** Names a whole number as øre; a fraction is a mistake in the caller, so it throws. */
export function ore(amount: number): Ore {
  if (!Number.isInteger(amount)) throw new RangeError(`${amount} is not a whole number of øre`);
  return amount as Ore;
}

/** Norway and NOK unless the shopper picks another country (spec §9). */
export const DEFAULT_CURRENCY = { currencyCode: 'NOK', countryCode: 'NOR', value: 1 } as const;

/**
 * NOK for the wire or a text. Takes a plain number too: the storefront and the back office
 * hold the wire's øre as the numbers their schemas give them.
 */
export function oreToNok(amount: number): number {
  return amount / 100;
}

/** A NOK amount in whole øre. Unchecked: a bound typed by a shopper may be any number. */
export function nokToOre(nok: number): Ore {
  return Math.round(nok * 100) as Ore;
}

/** Selling price after a percent discount, rounded to whole øre. */
export function sellingPriceOre(priceOre: number, discountPercent: number): Ore {
  return Math.round((priceOre * (100 - discountPercent)) / 100) as Ore;
}

/** Converts a NOK amount into the shopper's currency: display = stored × rate (spec §7). */
export function convert(nok: number, rate: number): number {
  return Math.round(nok * rate * 100) / 100;
}

/**
 * Product prices show decimals only when the converted amount is not whole (spec §9), in the
 * reader's language: `NOK 1,234.50` in English (the spec's), `1 234,50 kr` in bokmål.
 */
export function formatPrice(
  nok: number,
  rate: number,
  currencyCode: string,
  locale: Locale = 'en',
): string {
  const amount = convert(nok, rate);
  return moneyFormat(locale, currencyCode, Number.isInteger(amount) ? 0 : 2).format(amount);
}

/** Totals such as cart and checkout amounts always show two decimals (spec §9). */
export function formatAmount(
  nok: number,
  rate: number,
  currencyCode: string,
  locale: Locale = 'en',
): string {
  return moneyFormat(locale, currencyCode, 2).format(convert(nok, rate));
}
