import { shopSettingDefaults, type ShopDetails } from '@shop/shared';

/** The shop's details as `GET /api/shop` serves them in the tests: a fresh install's demo shop. */
export const servedShop: ShopDetails = shopSettingDefaults.shopDetails;

/**
 * The `GET /api/shop` answer for `stubFetch`, with `changes` over the demo shop, so that a test
 * can show that what the page shows comes from the call and not from the defaults.
 */
export function shopDetailsAnswer(changes: Partial<ShopDetails> = {}) {
  return { 'GET /api/shop': { ...servedShop, ...changes } };
}
