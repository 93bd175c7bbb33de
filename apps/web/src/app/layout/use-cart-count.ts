import { useAppSelector } from '../../lib/store-hooks.js';
import { cartItemCount } from '../../features/cart/index.js';

/** The number of items in the cart for the header badge (GLOB-08). */
export function useCartCount(): number {
  return useAppSelector((state) => cartItemCount(state.cart.cartItems));
}
