import { describe, expect, it } from 'vitest';
import { isStorefrontRoute } from './routes.js';

describe('storefront routes', () => {
  it('knows every route of the spec route table', () => {
    for (const path of [
      '/',
      '/category/honey',
      '/product/x',
      '/verify/1/2',
      '/cart/buy-now',
      '/more',
      // Issue 32.1: where Vipps MobilePay sends the shopper back.
      '/checkout/vipps',
    ])
      expect(isStorefrontRoute(path)).toBe(true);
  });

  // Issue 31.3: the English pages are the same routes under /en.
  it('knows every route under /en as well', () => {
    for (const path of [
      '/en',
      '/en/',
      '/en/category/honey',
      '/en/cart/buy-now',
      '/en/checkout/vipps',
    ])
      expect(isStorefrontRoute(path)).toBe(true);
  });

  it('NOTFOUND-01 does not match other paths', () => {
    for (const path of ['/nope', '/product', '/category/a/b', '/cartx', '/en/nope', '/enx'])
      expect(isStorefrontRoute(path)).toBe(false);
  });
});
