/**
 * The category listing's rules the storefront needs while it renders a page (price filters,
 * sorting), without zod: a page chunk that imports them does not load the schemas
 * (`catalog.ts`) and zod with them, whose evaluation was a long task on a phone (issue 33.2).
 */

/** The highest price a filter may name: prices are stored as 32-bit øre (NOK 21 474 836.47). */
export const MAX_PRICE_FILTER_NOK = 21_474_836;

export const minAboveMaxMessage = 'Min cannot be greater than Max';

/** A price range is valid unless both ends are set and min is above max; max 0 means no limit. */
export function isPriceRangeValid(min: number, max: number): boolean {
  return max === 0 || min <= max;
}

/** The category page's message for a bound above MAX_PRICE_FILTER_NOK, shown in its currency. */
export const priceFilterTooHighMessage = (limit: string) => `Min and Max can be at most ${limit}`;

/**
 * Why the listing cannot be filtered by this range of NOK amounts: min above max (VAL-01), or an
 * end above what prices can be; undefined when it can.
 */
export function priceRangeProblem(
  minNok: number,
  maxNok: number,
): 'minAboveMax' | 'tooHigh' | undefined {
  if (Math.max(minNok, maxNok) > MAX_PRICE_FILTER_NOK) return 'tooHigh';
  return isPriceRangeValid(minNok, maxNok) ? undefined : 'minAboveMax';
}

export const categorySortValues = ['', 'remove', 'lowToHigh', 'highToLow'] as const;
export type CategorySort = (typeof categorySortValues)[number];
