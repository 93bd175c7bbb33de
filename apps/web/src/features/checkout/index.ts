// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export {
  ShippingPage,
  BuyNowShippingPage,
  CheckoutPage,
  BuyNowCheckoutPage,
  VippsReturnPage,
} from './pages.js';

export { orderSlice } from './order-slice.js';
export { VippsExpressButton } from './vipps-express-button.js';
