import {
  convert,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  nokToOre,
  oreToNok,
  stockMessages,
  type CartLine,
  type CartProduct,
} from '@shop/shared';

/** The lines after a cart rule ran, with the message the shopper sees (spec §4 Cart). */
export interface CartChange {
  lines: CartLine[];
  message: string;
  isError: boolean;
  /** The product the message is about, so the cart page can show it under that line. */
  productId?: string;
}

/** NOK amounts of spec §3; grandTotal is the one spelling, never the old grandtotal (CART-28). */
export interface CartTotals {
  total: number;
  discount: number;
  grandTotal: number;
}

const done = (lines: CartLine[]): CartChange => ({ lines, message: '', isError: false });
const refused = (lines: CartLine[], message: string, productId?: string): CartChange => ({
  lines,
  message,
  isError: true,
  productId,
});

/** The most a line may hold, and which rule sets it: the stock or the order limit. */
export interface LineLimit {
  max: number;
  reason: 'stock' | 'orderLimit';
}

/**
 * The tighter of stock and order limit, as the product page's hints name it; the server refuses
 * more than MAX_LINE_QUANTITY per line whatever the stock, so that counts as the order limit.
 */
export function lineLimit(product: CartProduct): LineLimit {
  const limit = Math.min(product.orderLimit, MAX_LINE_QUANTITY);
  return product.stock < limit
    ? { max: product.stock, reason: 'stock' }
    : { max: limit, reason: 'orderLimit' };
}

/** Why a line cannot hold `qty` of `product`, if it cannot (spec §8's stock messages). */
function quantityProblem(product: CartProduct, qty: number): string | undefined {
  if (!Number.isInteger(qty) || qty < 1) return stockMessages.quantityOutOfStock;
  const { max, reason } = lineLimit(product);
  if (qty <= max) return undefined;
  return reason === 'stock'
    ? stockMessages.outOfStock(product.name)
    : stockMessages.orderLimitReached(product.name);
}

/**
 * The message of a line that asks more than it may, e.g. after the stock fell since it was
 * added; the cart page shows it under the line.
 */
export function lineProblem({ product, qty }: CartLine): string | undefined {
  return quantityProblem(product, qty);
}

/**
 * Adds `qty` of a product. A new item goes to the front; an item already in the cart (same
 * `product._id`, so another option combination is another line) has its quantity raised.
 */
export function addToCart(lines: CartLine[], product: CartProduct, qty: number): CartChange {
  if (!Number.isInteger(qty) || qty < 1) return refused(lines, stockMessages.quantityOutOfStock);
  const existing = lines.find((line) => line.product._id === product._id);
  const newQty = (existing?.qty ?? 0) + qty;
  const problem = quantityProblem(product, newQty);
  if (problem !== undefined) return refused(lines, problem, product._id);
  const message = stockMessages.addedSuccessfully(product.name);
  if (existing === undefined)
    return { lines: [{ product, qty }, ...lines], message, isError: false };
  return {
    lines: lines.map((line) => (line === existing ? { ...line, qty: newQty } : line)),
    message,
    isError: false,
  };
}

/** The cart page's quantity field: replaces the quantity when it is within stock and limit. */
export function setQuantity(lines: CartLine[], productId: string, qty: number): CartChange {
  const existing = lines.find((line) => line.product._id === productId);
  if (existing === undefined) return done(lines);
  if (quantityProblem(existing.product, qty) !== undefined)
    return refused(lines, stockMessages.quantityOutOfStock, productId);
  return done(lines.map((line) => (line === existing ? { ...line, qty } : line)));
}

/** The minus button: one less, and a line at 1 disappears. */
export function removeOne(lines: CartLine[], productId: string): CartChange {
  return done(
    lines.flatMap((line) => {
      if (line.product._id !== productId) return [line];
      return line.qty > 1 ? [{ ...line, qty: line.qty - 1 }] : [];
    }),
  );
}

export function deleteLine(lines: CartLine[], productId: string): CartChange {
  return done(lines.filter((line) => line.product._id !== productId));
}

export function clearLines(): CartChange {
  return done([]);
}

/**
 * Buy Now: the buy-now cart holds one item, so a valid request replaces whatever it held; a
 * refused one leaves it as it was.
 */
export function buyNow(lines: CartLine[], product: CartProduct, qty: number): CartChange {
  const problem = quantityProblem(product, qty);
  if (problem !== undefined) return refused(lines, problem, product._id);
  return {
    lines: [{ product, qty }],
    message: stockMessages.addedSuccessfully(product.name),
    isError: false,
  };
}

/** Sums in whole øre, so that many lines of 0.1 NOK never drift (e.g. 0.30000000000000004). */
export function cartTotals(lines: CartLine[]): CartTotals {
  let totalOre = 0;
  let sellingOre = 0;
  for (const { product, qty } of lines) {
    totalOre += nokToOre(product.price) * qty;
    sellingOre += nokToOre(product.sellingPrice) * qty;
  }
  return {
    total: oreToNok(totalOre),
    discount: oreToNok(totalOre - sellingOre),
    grandTotal: oreToNok(sellingOre),
  };
}

/** A NOK amount in the shown currency as whole minor units (øre, öre, cents), as it is shown. */
const shownMinor = (nok: number, rate: number) => Math.round(convert(nok, rate) * 100);

/**
 * A line's sub-total in the shown currency: the unit price as shown, times the quantity. So
 * `2 × SEK 131.60` reads `SEK 263.20`, never a separately converted and rounded `263.21`.
 */
export function lineSubTotal(unitNok: number, qty: number, rate: number): number {
  return (shownMinor(unitNok, rate) * qty) / 100;
}

/** The billing summary's amounts in the shown currency (not NOK). */
export interface ShownTotals {
  total: number;
  shipping: number;
  discount: number;
  /** What the shopper pays, shipping included. */
  grandTotal: number;
}

/**
 * The billing summary in the shown currency, built from the lines as they are shown, so its
 * totals are the sums of the lines' own amounts. The server's `grandTotalNok` adds what a coupon
 * takes off (the lines' selling total less it); the coupon and the shipping are converted once.
 */
export function shownTotals(
  lines: CartLine[],
  grandTotalNok: number,
  rate: number,
  shippingNok = 0,
): ShownTotals {
  let totalMinor = 0;
  let sellingMinor = 0;
  for (const { product, qty } of lines) {
    totalMinor += shownMinor(product.price, rate) * qty;
    sellingMinor += shownMinor(product.sellingPrice, rate) * qty;
  }
  const couponOre = Math.max(0, nokToOre(cartTotals(lines).grandTotal) - nokToOre(grandTotalNok));
  const couponMinor = shownMinor(oreToNok(couponOre), rate);
  const shippingMinor = shownMinor(shippingNok, rate);
  return {
    total: totalMinor / 100,
    shipping: shippingMinor / 100,
    discount: (totalMinor - sellingMinor + couponMinor) / 100,
    grandTotal: (sellingMinor - couponMinor + shippingMinor) / 100,
  };
}

/** The header badge: items, not lines. */
export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.qty, 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isWholeAmount = (value: unknown): value is number =>
  isAmount(value) && Number.isInteger(value);

function isCartProduct(value: unknown): value is CartProduct {
  if (!isRecord(value)) return false;
  const { _id, name, slug, heroImage, stock, orderLimit, price, discount, sellingPrice, variants } =
    value;
  return (
    typeof _id === 'string' &&
    _id !== '' &&
    typeof name === 'string' &&
    typeof slug === 'string' &&
    typeof heroImage === 'string' &&
    isWholeAmount(stock) &&
    isWholeAmount(orderLimit) &&
    isAmount(price) &&
    isAmount(discount) &&
    isAmount(sellingPrice) &&
    isRecord(variants) &&
    Object.values(variants).every((option) => typeof option === 'string')
  );
}

/**
 * Checks lines read back from the browser's storage, which anyone can edit. A hand-written
 * check rather than the shared zod schema keeps zod out of the storefront's first load.
 */
export function isCartLines(value: unknown, maxLines = MAX_CART_LINES): value is CartLine[] {
  if (!Array.isArray(value) || value.length > maxLines) return false;
  const ids = new Set<string>();
  return value.every((line: unknown) => {
    if (!isRecord(line) || !isCartProduct(line.product)) return false;
    const { qty } = line;
    if (!Number.isInteger(qty) || (qty as number) < 1 || (qty as number) > MAX_LINE_QUANTITY)
      return false;
    if (ids.has(line.product._id)) return false;
    ids.add(line.product._id);
    return true;
  });
}
