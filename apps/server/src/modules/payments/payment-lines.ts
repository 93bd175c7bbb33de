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

/** Shipping is a service taxed at the standard rate. */
export const shippingVatPercent = 25;

/**
 * The lines a payment is created with. Nets requires the lines to add up to the amount, so the
 * coupon becomes discount lines with negative amounts, one per VAT rate in the cart, the coupon
 * split between the rates in proportion to what the items at each rate cost (largest remainder,
 * so the shares add up to the coupon to the øre). Per-rate discount lines keep the VAT of every
 * line right: a single discount line would have to pick one rate for a cart mixing food (15 %)
 * and other goods (25 %). Shipping is one more line when it costs anything.
 *
 * Σ grossTotalOre = Σ qty × unitPriceOre − couponDiscountOre + shippingOre, always.
 */
export function buildPaymentLines(input: {
  items: readonly PaymentLineItem[];
  couponDiscountOre: number;
  shippingOre: number;
}): PaymentLine[] {
  const { items, couponDiscountOre, shippingOre } = input;
  for (const item of items) {
    if (!Number.isSafeInteger(item.qty) || item.qty < 1)
      throw new RangeError(`quantity of ${item.itemId} must be a positive whole number`);
    if (!Number.isSafeInteger(item.unitPriceOre) || item.unitPriceOre < 0)
      throw new RangeError(`price of ${item.itemId} must be whole øre, not negative`);
  }
  if (!Number.isSafeInteger(shippingOre) || shippingOre < 0)
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
  if (shippingOre > 0)
    lines.push({
      reference: 'shipping',
      name: 'Shipping',
      quantity: 1,
      unitPriceOre: shippingOre,
      vatPercent: shippingVatPercent,
      grossTotalOre: shippingOre,
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
