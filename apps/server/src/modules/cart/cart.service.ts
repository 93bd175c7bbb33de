import {
  type CartLineRequest,
  type CartProduct,
  type CheckStockResponse,
  type InOre,
  type Locale,
  ore,
  type Ore,
  stockMessages,
  type StockProblem,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { findPurchasableItems, type PurchasableItem } from '../catalog/index.js';
import { type CouponCustomer, couponForCart } from '../promotions/index.js';

interface RequestedLine {
  itemId: string;
  qty: number;
  /** The name the client last saw, only used to word a message about a vanished item. */
  clientName?: string;
}

/**
 * One line per item in the client's order, quantities of repeated items summed: a cart that
 * names an item twice means that many units of it, and pricing or checking it twice would
 * count its stock twice.
 */
function mergeLines(lines: readonly CartLineRequest[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  for (const line of lines) {
    const itemId = line.product._id;
    const existing = merged.get(itemId);
    if (existing) {
      existing.qty += line.qty;
      continue;
    }
    const name: unknown = line.product.name;
    merged.set(itemId, {
      itemId,
      qty: line.qty,
      clientName: typeof name === 'string' && name.trim() ? name.trim() : undefined,
    });
  }
  return [...merged.values()];
}

/** A priced line: the item as the database has it now, its prices in øre. */
export interface CartLineInOre {
  product: InOre<CartProduct, 'price' | 'sellingPrice'>;
  qty: number;
}

/**
 * A priced cart in øre (`cartToWire` sends it in NOK): `totalOre` the list prices, `discountOre`
 * what the product discounts and the coupon take off, `grandTotalOre` their difference.
 */
export interface CartInOre {
  cartItems: CartLineInOre[];
  totalOre: Ore;
  discountOre: Ore;
  grandTotalOre: Ore;
}

function toCartLine(item: PurchasableItem, qty: number): CartLineInOre {
  return {
    product: {
      _id: item.itemId,
      name: item.name,
      slug: item.slug,
      stock: item.stock,
      orderLimit: item.orderLimit,
      heroImage: item.heroImage,
      priceOre: item.priceOre,
      discount: item.discountPercent,
      sellingPriceOre: item.sellingPriceOre,
      variants: item.variants,
    },
    qty,
  };
}

/** The part of a promotion pricing needs; the promotions module has already vouched for it. */
export interface CartCoupon {
  type: 'percent' | 'fixed';
  /** A percent for `percent`, øre for `fixed`. */
  value: number;
  minOrderOre: number;
}

/**
 * What a coupon takes off a selling total, in øre: a percent of it, or a fixed amount never
 * above it, and nothing while the total is below the coupon's minimum order.
 */
function couponDiscountOre(coupon: CartCoupon | undefined, sellingTotalOre: number) {
  if (!coupon || sellingTotalOre < coupon.minOrderOre) return 0;
  if (coupon.type === 'percent') return Math.round((sellingTotalOre * coupon.value) / 100);
  return Math.min(coupon.value, sellingTotalOre);
}

/**
 * Prices a client's cart from the database: lines keep the client's order and quantities,
 * repeated items are merged, vanished items are dropped, and every price, discount and total
 * comes from the database (whatever the client sent). Sums run in integer øre, which the route
 * turns into NOK, so no rounding drifts between lines. Names and variants are in `locale`, the
 * bokmål unless told.
 */
export async function priceCart(
  db: Database,
  lines: readonly CartLineRequest[],
  coupon?: CartCoupon,
  locale?: Locale,
): Promise<CartInOre> {
  const requested = mergeLines(lines);
  const items = await findPurchasableItems(
    db,
    requested.map((line) => line.itemId),
    { ...(locale ? { locale } : {}) },
  );
  const cartItems: CartLineInOre[] = [];
  let totalOre = 0;
  let sellingTotalOre = 0;
  for (const line of requested) {
    const item = items.get(line.itemId);
    if (!item) continue;
    cartItems.push(toCartLine(item, line.qty));
    totalOre += item.priceOre * line.qty;
    sellingTotalOre += item.sellingPriceOre * line.qty;
  }
  const discountOre = ore(totalOre - sellingTotalOre + couponDiscountOre(coupon, sellingTotalOre));
  return {
    cartItems,
    totalOre: ore(totalOre),
    discountOre,
    grandTotalOre: ore(totalOre - discountOre),
  };
}

/**
 * A cart as the shopper will pay it, coupon included. The coupon is resolved first, so an
 * unusable code is refused with its reason before anything is priced; for a signed-in shopper
 * (`customer`, see `couponCustomerOf`) that includes a coupon they have used as often as it allows.
 */
export async function priceCartWithCoupon(
  db: Database,
  lines: readonly CartLineRequest[],
  couponCode: string | undefined,
  customer: CouponCustomer | undefined,
  locale: Locale,
): Promise<CartInOre> {
  const coupon = await couponForCart(db, couponCode, { customer, required: false });
  return priceCart(db, lines, coupon, locale);
}

function stockProblem(line: RequestedLine, item: PurchasableItem | undefined): string | undefined {
  if (!item) {
    return line.clientName
      ? stockMessages.noLongerSold(line.clientName)
      : stockMessages.productNoLongerSold;
  }
  if (item.stock <= 0 || line.qty > item.stock) return stockMessages.outOfStock(item.name);
  if (line.qty > item.orderLimit) return stockMessages.orderLimitReached(item.name);
  return undefined;
}

/**
 * The checkout button's last look before shipping (spec §4): one message per line that cannot
 * be bought as asked, against the stock and limits of this moment; empty when all can be.
 */
export async function checkStock(
  db: Database,
  lines: readonly CartLineRequest[],
  locale: Locale,
): Promise<CheckStockResponse> {
  const requested = mergeLines(lines);
  const items = await findPurchasableItems(
    db,
    requested.map((line) => line.itemId),
    { locale },
  );
  const responseArray: StockProblem[] = [];
  for (const line of requested) {
    const message = stockProblem(line, items.get(line.itemId));
    if (message) responseArray.push({ product_id: line.itemId, message });
  }
  return { responseArray };
}
