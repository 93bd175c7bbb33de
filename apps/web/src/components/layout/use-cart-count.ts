import { useAppSelector } from '../../app/store.js';

interface CartLineLike {
  qty: number;
}
interface StateWithCart {
  cart?: { cartItems?: CartLineLike[] };
}

/**
 * The number of items in the cart for the header badge (GLOB-08). The cart slice
 * (`state.cart.cartItems`, spec §3) is registered by the cart feature; until it is, the count is 0.
 */
export function useCartCount(): number {
  return useAppSelector((state) =>
    ((state as StateWithCart).cart?.cartItems ?? []).reduce((sum, line) => sum + line.qty, 0),
  );
}
