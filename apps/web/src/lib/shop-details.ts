import type { PaymentMethod, PublicShop, ShopDetails } from '@shop/shared';
import { apiRequest } from './api-client.js';
import { api, clientQuery } from './api.js';

/**
 * The details as the storefront holds them: `GET /api/shop` answers the ways the checkout takes
 * payment with them, but details the server wrote into the page may come without those.
 */
export type ShopAtHand = ShopDetails & Partial<Pick<PublicShop, 'checkoutPaymentMethods'>>;

const askShop = (signal: AbortSignal) =>
  apiRequest('/api/shop', (wire) => wire.publicShopSchema, { signal });

/** The shop's own details, as the owner saved them in the back office: one call, kept. */
const shopDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopDetails: build.query<ShopAtHand, undefined>({
      queryFn: clientQuery((_none, signal) => askShop(signal)),
    }),
    checkoutPaymentMethods: build.query<PaymentMethod[], undefined>({
      queryFn: clientQuery(async (_none, signal) => (await askShop(signal)).checkoutPaymentMethods),
    }),
  }),
});

/** The shop's name, address, contact details and links; undefined until they have arrived. */
export function useShopDetails(): ShopAtHand | undefined {
  return shopDetailsApi.useShopDetailsQuery(undefined).data;
}

/**
 * How the checkout takes payment (issue 32): the card, and Vipps MobilePay where the server has
 * it; undefined until known. Details written into the page without them are asked for once
 * more, after the first answer, so a page that loaded the details itself makes one call.
 */
function useCheckoutPaymentMethods(): readonly PaymentMethod[] | undefined {
  const known = useShopDetails();
  const asked = shopDetailsApi.useCheckoutPaymentMethodsQuery(undefined, {
    skip: known === undefined || known.checkoutPaymentMethods !== undefined,
  }).data;
  return known?.checkoutPaymentMethods ?? asked;
}

/** Whether the shop takes Vipps MobilePay, so its choice and Express buttons are offered. */
export function useVippsOffered(): boolean {
  return useCheckoutPaymentMethods()?.includes('vipps') ?? false;
}

/**
 * The details the server wrote into the page (`<script id="shop-details">`), so the header and
 * footer paint with them at once instead of moving the page when `GET /api/shop` answers. They
 * come in the same response as the page's scripts, from the same server's checked setting, so
 * they are taken as they are; a page without them (or with broken ones) falls back to the call.
 */
export function embeddedShopDetails(): ShopAtHand | undefined {
  // The server renders pages with a store of its own, given the details it has.
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('shop-details')?.textContent;
  if (!text) return undefined;
  try {
    const details: unknown = JSON.parse(text);
    return typeof details === 'object' && details !== null && 'name' in details
      ? (details as ShopAtHand)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The action that puts details already at hand into the cache, so nothing asks for them; it is
 * synchronous (unlike `upsertQueryData`), so the first render has them.
 */
export function shopDetailsKnown(details: ShopAtHand) {
  return shopDetailsApi.util.upsertQueryEntries([
    { endpointName: 'shopDetails', arg: undefined, value: details },
  ]);
}
