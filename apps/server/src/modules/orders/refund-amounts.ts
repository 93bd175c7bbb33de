import type { ShippingShare } from '../payments/index.js';

/**
 * What a refund gives back, to the øre. Refunds come one at a time (a line now, another later, a
 * goodwill amount after that) and must still add up exactly to what was paid, so every amount
 * here is a difference of running totals that are each rounded down: the pieces of a whole then
 * always add up to the whole, and the last piece takes the remainder.
 */

export interface PricedLine {
  id: string;
  quantity: number;
  /** Per unit, VAT included, after the product discount and before the coupon. */
  unitPriceOre: number;
  vatPercent: number;
}

/**
 * Splits `total` over `weights` in whole øre that add up to `total` exactly: the running total
 * up to each weight is rounded down, and each share is the step between two running totals, so
 * no share exceeds its exact value by a whole øre and the last one takes the remainder.
 */
export function splitExactly(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(total) || total < 0)
    throw new RangeError('the amount to split must be whole øre, not negative');
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0))
    throw new RangeError('weights must be whole numbers, not negative');
  if (sum === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('an amount cannot be split over nothing');
  }
  let running = 0;
  let given = 0;
  return weights.map((weight) => {
    running += weight;
    // BigInt: total × running can pass 2^53 on a large order.
    const upTo = Number((BigInt(total) * BigInt(running)) / BigInt(sum));
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/**
 * What each line was paid for: its price × quantity less its share of the coupon. The lines'
 * amounts add up to `itemsTotalOre − discountOre` exactly (the order's `discountOre` holds the
 * product discounts too, which the lines' prices already have). Lines in the order's order.
 */
export function paidLineAmounts(
  order: { itemsTotalOre: number; discountOre: number },
  lines: readonly PricedLine[],
): Map<string, number> {
  const gross = lines.map((line) => line.unitPriceOre * line.quantity);
  const grossTotal = gross.reduce((a, b) => a + b, 0);
  const couponOre = grossTotal - (order.itemsTotalOre - order.discountOre);
  if (couponOre < 0 || couponOre > grossTotal)
    throw new RangeError(
      `the order's lines (${grossTotal} øre) do not match its total less discount`,
    );
  const shares = splitExactly(couponOre, gross);
  return new Map(lines.map((line, index) => [line.id, (gross[index] ?? 0) - (shares[index] ?? 0)]));
}

/**
 * The refund for `returning` more units of a line of which `returnedBefore` were returned
 * already: the paid amount of the units up to now less that of the units before, each rounded
 * down, so the returns of a whole line add up to what it was paid for.
 */
export function returnAmount(
  paidOre: number,
  quantity: number,
  returnedBefore: number,
  returning: number,
): number {
  if (
    !Number.isInteger(returning) ||
    returning < 1 ||
    returnedBefore < 0 ||
    returnedBefore + returning > quantity
  )
    throw new RangeError(`cannot return ${returning} after ${returnedBefore} of ${quantity}`);
  const upTo = (units: number) => Number((BigInt(paidOre) * BigInt(units)) / BigInt(quantity));
  return upTo(returnedBefore + returning) - upTo(returnedBefore);
}

/**
 * An amount given back without goods (goodwill such as the shipping, the rest of a cancelled
 * order) split over the VAT rates in proportion to what was paid at each (the lines after the
 * coupon, and the shipping at the rates it was paid at, `shippingByRateOf`): a reduction of the
 * whole sale carries the VAT of what was sold. Rates highest first.
 */
export function amountByRate(
  amountOre: number,
  lines: readonly PricedLine[],
  paid: ReadonlyMap<string, number>,
  shipping: readonly ShippingShare[],
): { vatPercent: number; amountOre: number }[] {
  const byRate = new Map<number, number>();
  const add = (rate: number, ore: number) => byRate.set(rate, (byRate.get(rate) ?? 0) + ore);
  for (const line of lines) add(line.vatPercent, paid.get(line.id) ?? 0);
  for (const share of shipping) add(share.rate, share.grossOre);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const shares = splitExactly(
    amountOre,
    rates.map((rate) => byRate.get(rate) ?? 0),
  );
  return rates
    .map((vatPercent, index) => ({ vatPercent, amountOre: shares[index] ?? 0 }))
    .filter((share) => share.amountOre > 0);
}
