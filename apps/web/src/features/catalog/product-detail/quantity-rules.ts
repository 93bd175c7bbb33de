/** What limits a quantity: the product's stock and its per-order limit (spec §5). */
export interface QuantityLimits {
  stock: number;
  orderLimit: number;
}

export const MIN_QUANTITY = 1;

export type QuantityHint = 'orderLimit' | 'stockLimit';

/** The most one order may hold: the lower of stock and orderLimit, never below 0. */
export function maxQuantity({ stock, orderLimit }: QuantityLimits): number {
  return Math.max(0, Math.min(stock, orderLimit));
}

/** Keeps a wanted quantity between 1 and the limits; 1 stays the floor even when nothing is left. */
export function clampQuantity(wanted: number, limits: QuantityLimits): number {
  const whole = Number.isFinite(wanted) ? Math.floor(wanted) : MIN_QUANTITY;
  return Math.max(MIN_QUANTITY, Math.min(whole, maxQuantity(limits)));
}

export function canIncrease(quantity: number, limits: QuantityLimits): boolean {
  return quantity < maxQuantity(limits);
}

export function canDecrease(quantity: number): boolean {
  return quantity > MIN_QUANTITY;
}

export function increaseQuantity(quantity: number, limits: QuantityLimits): number {
  return canIncrease(quantity, limits) ? quantity + 1 : clampQuantity(quantity, limits);
}

export function decreaseQuantity(quantity: number, limits: QuantityLimits): number {
  return clampQuantity(quantity - 1, limits);
}

/**
 * Which limit the quantity has reached (CURPROD-15, CURPROD-16): the order limit when it is the
 * binding one (orderLimit <= stock), the stock when stock is lower than the order limit.
 */
export function quantityHint(
  quantity: number,
  { stock, orderLimit }: QuantityLimits,
): QuantityHint | undefined {
  if (quantity === orderLimit && orderLimit <= stock) return 'orderLimit';
  if (quantity === stock && stock < orderLimit) return 'stockLimit';
  return undefined;
}
