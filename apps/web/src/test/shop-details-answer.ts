import {
  localeOfAcceptLanguage,
  shopDetailsIn,
  shopSettingDefaults,
  type PublicShop,
  type ShopDetailsSetting,
} from '@shop/shared';
import type { FetchCall } from './fetch-stub.js';

/**
 * The shop's details as `GET /api/shop` serves them in the tests: a fresh install's demo shop,
 * in English, the language of the tests' pages and of a call that names none, on a server
 * without Vipps MobilePay (the card only).
 */
export const servedShop: PublicShop = {
  ...shopDetailsIn(shopSettingDefaults.shopDetails, 'en'),
  checkoutPaymentMethods: ['card'],
};

/** A shop whose server has Vipps MobilePay (issue 32): the checkout and Express offer it. */
export const withVipps = {
  checkoutPaymentMethods: ['card', 'vipps'],
} satisfies Partial<PublicShop>;

/**
 * The `GET /api/shop` answer for `stubFetch`, with `changes` over the demo shop, so that a test
 * can show that what the page shows comes from the call and not from the defaults.
 */
export function shopDetailsAnswer(changes: Partial<PublicShop> = {}) {
  return { 'GET /api/shop': { ...servedShop, ...changes } };
}

/**
 * The `GET /api/shop` answer as the server gives it for the stored `details`: in the language
 * the call asks for by its `Accept-Language` (the page's).
 */
export function shopDetailsByLanguage(details: ShopDetailsSetting) {
  return {
    'GET /api/shop': (call: FetchCall) => ({
      ...shopDetailsIn(details, localeOfAcceptLanguage(call.headers['Accept-Language'])),
      checkoutPaymentMethods: servedShop.checkoutPaymentMethods,
    }),
  };
}
