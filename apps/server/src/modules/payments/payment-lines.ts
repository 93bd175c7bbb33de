import { formatAmount, oreToNok } from '@shop/shared';
import type { CreatePaymentInput, PaymentLine } from './payment-provider.js';

export interface PaymentLineItem {
  itemId: string | number;
  name: string;
  qty: number;
  /** Including VAT, after any product discount, before the coupon. */
  unitPriceOre: number;
  vatPercent: number;
}

/** The shipping's part at one VAT rate, VAT included. */
export interface ShippingShare {
  rate: number;
  grossOre: number;
}

function assertItems(items: readonly PaymentLineItem[]) {
  for (const item of items) {
    if (!Number.isSafeInteger(item.qty) || item.qty < 1)
      throw new RangeError(`quantity of ${item.itemId} must be a positive whole number`);
    if (!Number.isSafeInteger(item.unitPriceOre) || item.unitPriceOre < 0)
      throw new RangeError(`price of ${item.itemId} must be whole øre, not negative`);
  }
}

/**
 * The shipping split over the VAT rates of the goods it delivers, the one place this is worked
 * out (issue 29; docs/decisions.md, "Shipping VAT follows the goods"). Delivery the seller charges
 * for is an accessory supply of the goods (merverdiavgiftsloven § 4-1 and Skatteetaten's
 * practice), so it carries their rate, and over goods of several rates it is split in proportion
 * to their value at each rate: the items' prices before the coupon, which the coupon is spread
 * over in the same proportion, so the split stays defined when a coupon takes the goods to nothing.
 * Goods that cost nothing at all are weighed by their units instead. Whole øre by largest
 * remainder, adding up to `shippingOre` exactly; highest rate first, no empty shares.
 */
export function splitShippingByRate(
  shippingOre: number,
  items: readonly PaymentLineItem[],
): ShippingShare[] {
  if (!Number.isSafeInteger(shippingOre) || shippingOre < 0)
    throw new RangeError('shipping must be whole øre, not negative');
  assertItems(items);
  if (shippingOre === 0) return [];
  if (items.length === 0) throw new RangeError('shipping needs goods to deliver');
  const weighOf = (weigh: (item: PaymentLineItem) => number) => {
    const byRate = new Map<number, number>();
    for (const item of [...items].sort((a, b) => b.vatPercent - a.vatPercent))
      byRate.set(item.vatPercent, (byRate.get(item.vatPercent) ?? 0) + weigh(item));
    return byRate;
  };
  const byValue = weighOf((item) => item.qty * item.unitPriceOre);
  const weights = [...byValue.values()].some((value) => value > 0)
    ? byValue
    : weighOf((item) => item.qty);
  return [...splitProportionally(shippingOre, weights)]
    .filter(([, grossOre]) => grossOre > 0)
    .map(([rate, grossOre]) => ({ rate, grossOre }));
}

/** Whether a payment line is (a rate's part of) the shipping. */
export const isShippingLine = (line: Pick<PaymentLine, 'reference'>) =>
  line.reference === 'shipping' || line.reference.startsWith('shipping-vat-');

/**
 * The lines a payment is created with. Nets requires the lines to add up to the amount, so the
 * coupon becomes discount lines with negative amounts, one per VAT rate in the cart, the coupon
 * split between the rates in proportion to what the items at each rate cost (largest remainder,
 * so the shares add up to the coupon to the øre). Per-rate discount lines keep the VAT of every
 * line right: a single discount line would have to pick one rate for a cart mixing food (15 %)
 * and other goods (25 %). The shipping is one line at its rate, or one line per rate when it is
 * split over several (`splitShippingByRate`, or an order's stored split).
 *
 * Σ grossTotalOre = Σ qty × unitPriceOre − couponDiscountOre + Σ shipping, always.
 */
export function buildPaymentLines(input: {
  items: readonly PaymentLineItem[];
  couponDiscountOre: number;
  shipping: readonly ShippingShare[];
}): PaymentLine[] {
  const { items, couponDiscountOre, shipping } = input;
  assertItems(items);
  for (const share of shipping)
    if (!Number.isSafeInteger(share.grossOre) || share.grossOre < 0)
      throw new RangeError('shipping must be whole øre, not negative');
  const lines: PaymentLine[] = items.map((item) => ({
    reference: String(item.itemId),
    name: item.name,
    quantity: item.qty,
    unitPriceOre: item.unitPriceOre,
    vatPercent: item.vatPercent,
    grossTotalOre: item.qty * item.unitPriceOre,
  }));
  const itemsTotal = lines.reduce((sum, line) => sum + line.grossTotalOre, 0);
  if (!Number.isSafeInteger(couponDiscountOre) || couponDiscountOre < 0)
    throw new RangeError('coupon discount must be whole øre, not negative');
  if (couponDiscountOre > itemsTotal)
    throw new RangeError('coupon discount cannot exceed the items total');

  if (couponDiscountOre > 0) {
    const byRate = new Map<number, number>();
    for (const line of lines)
      byRate.set(line.vatPercent, (byRate.get(line.vatPercent) ?? 0) + line.grossTotalOre);
    for (const [vatPercent, share] of splitProportionally(couponDiscountOre, byRate)) {
      if (share === 0) continue;
      lines.push({
        reference: `coupon-vat-${vatPercent}`,
        name: `Coupon discount (${vatPercent} % VAT)`,
        quantity: 1,
        unitPriceOre: -share,
        vatPercent,
        grossTotalOre: -share,
      });
    }
  }
  const charged = shipping.filter((share) => share.grossOre > 0);
  for (const share of charged)
    lines.push({
      reference: charged.length === 1 ? 'shipping' : `shipping-vat-${share.rate}`,
      name: charged.length === 1 ? 'Shipping' : `Shipping (${share.rate} % VAT)`,
      quantity: 1,
      unitPriceOre: share.grossOre,
      vatPercent: share.rate,
      grossTotalOre: share.grossOre,
    });
  return lines;
}

/** Splits `total` over the weights, in whole units adding up to `total` exactly. */
function splitProportionally(total: number, weights: Map<number, number>): Map<number, number> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0);
  const shares = new Map<number, number>();
  const remainders: { key: number; remainder: bigint }[] = [];
  let given = 0;
  for (const [key, weight] of weights) {
    // BigInt: total × weight can pass 2^53 on a large order.
    const exact = BigInt(total) * BigInt(weight);
    const share = Number(exact / BigInt(sum));
    shares.set(key, share);
    given += share;
    remainders.push({ key, remainder: exact % BigInt(sum) });
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const { key } of remainders.slice(0, total - given))
    shares.set(key, (shares.get(key) ?? 0) + 1);
  return shares;
}

/** The VAT included in a gross amount, rounded to the øre. */
export function vatOfGross(grossOre: number, vatPercent: number): number {
  // Rounded away from zero on a half, so a discount line's VAT mirrors an item line's.
  const vat = Math.round((Math.abs(grossOre) * vatPercent) / (100 + vatPercent));
  return grossOre < 0 ? -vat : vat;
}

/** VAT included in the paid amount, per rate above zero, highest rate first, in øre. */
export function vatByRate(lines: readonly PaymentLine[]): { rate: number; amountOre: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const vat = vatOfGross(line.grossTotalOre, line.vatPercent);
    byRate.set(line.vatPercent, (byRate.get(line.vatPercent) ?? 0) + vat);
  }
  return [...byRate.entries()]
    .filter(([rate]) => rate > 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, amountOre]) => ({ rate, amountOre }));
}

/**
 * An amount as the storefront's summary shows it (NOK 1,234.50), so the widget's figure reads
 * like the one beside it and never as a bare "kr" that could be SEK (issue 10.2, 10.13).
 */
export function formatNok(amountOre: number): string {
  return formatAmount(oreToNok(amountOre), 1, 'NOK');
}

/** Refuses a payment or refund whose lines would not add up to its amount, as Nets does. */
export function assertLinesAddUp(input: Pick<CreatePaymentInput, 'amountOre' | 'lines'>): void {
  const sum = input.lines.reduce((total, line) => total + line.grossTotalOre, 0);
  if (!Number.isSafeInteger(input.amountOre) || input.amountOre <= 0)
    throw new RangeError('payment amount must be a positive number of øre');
  if (sum !== input.amountOre)
    throw new RangeError(`payment lines add up to ${sum} øre, not the amount ${input.amountOre}`);
}
