import type { ShippingShare } from '../payments/index.js';

/** The rate all shipping was paid, mailed and booked at before it followed the goods (issue 29). */
const shippingVatPercentBeforeSplit = 25;

/**
 * An order's (or checkout's) shipping over the VAT rates, as its payment lines carried it: the
 * stored split, or, for one made before the split was stored, all of it at 25 %, as it was sent
 * to the provider, mailed and booked then. Read through here only, so the receipt, the refunds
 * and the accounting export of an old order go on agreeing with its payment and its VAT lines.
 */
export function shippingByRateOf(order: {
  shippingOre: number;
  shippingByRate: readonly ShippingShare[] | null;
}): ShippingShare[] {
  if (order.shippingByRate) return [...order.shippingByRate];
  return order.shippingOre > 0
    ? [{ rate: shippingVatPercentBeforeSplit, grossOre: order.shippingOre }]
    : [];
}
