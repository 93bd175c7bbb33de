/**
 * Money is integer øre inside the server and the database; the wire carries NOK numbers
 * (API contract), and the storefront multiplies those by the shopper's rate for display.
 */
export type Ore = number;

/** Norway and NOK unless the shopper picks another country (spec §9). */
export const DEFAULT_CURRENCY = { currencyCode: 'NOK', countryCode: 'NOR', value: 1 } as const;

export function oreToNok(ore: Ore): number {
  return ore / 100;
}

export function nokToOre(nok: number): Ore {
  return Math.round(nok * 100);
}

/** Selling price after a percent discount, rounded to whole øre. */
export function sellingPriceOre(priceOre: Ore, discountPercent: number): Ore {
  return Math.round((priceOre * (100 - discountPercent)) / 100);
}

function formatter(currencyCode: string, fractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currencyCode,
    currencyDisplay: 'code',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Converts a NOK amount into the shopper's currency: display = stored × rate (spec §7). */
export function convert(nok: number, rate: number): number {
  return Math.round(nok * rate * 100) / 100;
}

/** Product prices show decimals only when the converted amount is not whole (spec §9). */
export function formatPrice(nok: number, rate: number, currencyCode: string): string {
  const amount = convert(nok, rate);
  return formatter(currencyCode, Number.isInteger(amount) ? 0 : 2).format(amount);
}

/** Totals such as cart and checkout amounts always show two decimals (spec §9). */
export function formatAmount(nok: number, rate: number, currencyCode: string): string {
  return formatter(currencyCode, 2).format(convert(nok, rate));
}
