import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const CartPage = lazy(() => import('./cart-page.js'));
export const BuyNowCartPage = lazy(() =>
  import('./cart-page.js').then((module) => ({ default: module.BuyNowCartPage })),
);
