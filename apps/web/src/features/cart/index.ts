// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export { CartPage, BuyNowCartPage } from './pages.js';

export { BillingSummary, type Charge } from './billing-summary.js';
export { cartItemCount, cartTotals } from './cart-logic.js';
export {
  boughtNow,
  cartSlice,
  couponRemoved,
  orderPlaced,
  orderSuccessClosed,
  type CartKind,
} from './cart-slice.js';
export {
  cartLines,
  cartRefreshed,
  couponApplied,
  lineSignature,
  stockChecked,
} from './cart-sync.js';
export { toCartProduct } from './cart-product.js';
export { ProductCartButtons } from './product-cart-buttons.js';
