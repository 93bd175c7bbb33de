import { type CartLine, type CartResponse, oreToNok } from '@shop/shared';
import type { CartInOre, CartLineInOre } from './cart.service.js';

/** The priced cart as the wire carries it, in NOK. Only routes call this: services answer øre. */
export function cartToWire(cart: CartInOre): CartResponse {
  return {
    cartItems: cart.cartItems.map(cartLineToWire),
    total: oreToNok(cart.totalOre),
    discount: oreToNok(cart.discountOre),
    grandTotal: oreToNok(cart.grandTotalOre),
  };
}

function cartLineToWire({
  product: { priceOre, sellingPriceOre, ...product },
  qty,
}: CartLineInOre): CartLine {
  return {
    product: { ...product, price: oreToNok(priceOre), sellingPrice: oreToNok(sellingPriceOre) },
    qty,
  };
}
