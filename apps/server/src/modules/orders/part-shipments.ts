import { paidLineAmounts, returnAmount, type PricedLine } from './refund-amounts.js';
import type { ShipmentLine } from './orders.tables.js';

/**
 * What a part of a home delivery captures when it leaves the shop (issue 32.3). Each line's units
 * are worth their share of what the line was paid for after the coupon, as running totals rounded
 * down (as returns are, `returnAmount`), so the parts of a line add up to it; the first part
 * carries the order's shipping; the part that ships the last units takes what is left of the
 * total, so the parts add up to the total to the øre, whatever the rounding did before.
 */

export interface ShippingOrder {
  itemsTotalOre: number;
  discountOre: number;
  shippingOre: number;
  grandTotalOre: number;
}

export interface PartPlan {
  lines: ShipmentLine[];
  /** The order's shipping when this is the first part, else 0. */
  shippingOre: number;
  /** What the part captures: 0 when the payment was charged in full at the order. */
  amountOre: number;
  /** The part ships every unit that was left: the order is SHIPPED with it. */
  last: boolean;
}

/**
 * The part made of `requested` (line id → units, each checked against what is left), after the
 * `earlier` parts. `capturing`: the payment is still reserved, to be captured part by part.
 */
export function planPart(
  order: ShippingOrder,
  lines: readonly PricedLine[],
  earlier: readonly {
    lines: readonly { orderLineId: string; quantity: number }[];
    amountOre: number;
  }[],
  requested: ReadonlyMap<string, number>,
  capturing: boolean,
): PartPlan {
  const shipped = shippedQuantities(earlier);
  const paid = paidLineAmounts(order, lines);
  const partLines: ShipmentLine[] = [];
  for (const line of lines) {
    const quantity = requested.get(line.id);
    if (quantity === undefined) continue;
    partLines.push({
      orderLineId: line.id,
      quantity,
      amountOre: returnAmount(
        paid.get(line.id) ?? 0,
        line.quantity,
        shipped.get(line.id) ?? 0,
        quantity,
      ),
      vatPercent: line.vatPercent,
    });
  }
  const last = lines.every(
    (line) => (shipped.get(line.id) ?? 0) + (requested.get(line.id) ?? 0) >= line.quantity,
  );
  const shippingOre = earlier.length === 0 ? order.shippingOre : 0;
  const leftOre = order.grandTotalOre - earlier.reduce((sum, part) => sum + part.amountOre, 0);
  const shareOre = partLines.reduce((sum, line) => sum + line.amountOre, 0) + shippingOre;
  const amountOre = !capturing ? 0 : last ? leftOre : Math.min(shareOre, leftOre);
  return { lines: partLines, shippingOre, amountOre: Math.max(amountOre, 0), last };
}

/** How many units of each line the parts shipped, by line id. */
export function shippedQuantities(
  parts: readonly { lines: readonly { orderLineId: string; quantity: number }[] }[],
): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const part of parts)
    for (const line of part.lines)
      shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
  return shipped;
}
