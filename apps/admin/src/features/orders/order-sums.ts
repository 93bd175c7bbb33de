import type { AdminOrder } from '@shop/shared';
import type { OrdersTranslate } from './order-states.js';

export interface OrderSums {
  /** The lines at what they were sold for: the sum of the line totals. */
  linesOre: number;
  /** Taken off the lines' prices before the sale: list prices less selling prices. */
  productDiscountOre: number;
  /** What the coupon took off on top. */
  couponOre: number;
}

/**
 * The order's discount split as a reader of the lines needs it. The server's `itemsTotalOre` is
 * at list prices and its `discountOre` holds the product discounts and the coupon together, while
 * each line shows its selling price; so the lines add up to the items less the product
 * discounts, and only the coupon stands between them and the total.
 */
export function orderSums(
  order: Pick<AdminOrder, 'lines' | 'itemsTotalOre' | 'discountOre'>,
): OrderSums {
  const linesOre = order.lines.reduce((sum, line) => sum + line.lineTotalOre, 0);
  const productDiscountOre = order.itemsTotalOre - linesOre;
  return { linesOre, productDiscountOre, couponOre: order.discountOre - productDiscountOre };
}

/**
 * The shipping as a receipt lists it: at the VAT rate of the goods it delivered, or one row per
 * rate when it was split over goods of several rates by their value (issue 29); a store pickup
 * or free shipping is one row of nothing.
 */
export function shippingRows(
  t: OrdersTranslate,
  order: Pick<AdminOrder, 'deliveryMethod' | 'shippingByRate'>,
): { label: string; ore: number }[] {
  const shares = order.shippingByRate.filter((share) => share.grossOre > 0);
  if (shares.length === 0)
    return [{ label: t('orders.shipping.none', { method: order.deliveryMethod }), ore: 0 }];
  return shares.map((share) => ({
    label: t(shares.length === 1 ? 'orders.shipping.one' : 'orders.shipping.share', {
      rate: share.rate,
    }),
    ore: share.grossOre,
  }));
}
