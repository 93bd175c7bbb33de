import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const ShippingPage = lazy(() => import('./shipping-page.js'));
export const BuyNowShippingPage = lazy(() =>
  import('./shipping-page.js').then((module) => ({ default: module.BuyNowShippingPage })),
);
export const CheckoutPage = lazy(() => import('./checkout-page.js'));
export const BuyNowCheckoutPage = lazy(() =>
  import('./checkout-page.js').then((module) => ({ default: module.BuyNowCheckoutPage })),
);
export const VippsReturnPage = lazy(() => import('./vipps-return-page.js'));
