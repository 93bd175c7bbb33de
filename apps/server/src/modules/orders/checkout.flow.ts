import type { CartLineRequest, CartResponse } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { priceCart } from '../cart/cart.service.js';
import { couponForCart } from '../promotions/promotions.service.js';

/**
 * The cart-to-order path, the one place where the cart, promotions (and, in later steps,
 * shipping, payments and orders) meet. Each step is a named function so the whole path reads
 * top to bottom here.
 */

/**
 * Step 1: price a cart as the shopper will pay it. The coupon is resolved first, so an
 * unusable code is refused with its reason before anything is priced.
 */
export async function priceCartWithCoupon(
  db: Database,
  lines: readonly CartLineRequest[],
  couponCode: string | undefined,
): Promise<CartResponse> {
  const coupon = await couponForCart(db, couponCode);
  return priceCart(db, lines, coupon);
}
