import type { PublicShop } from '@shop/shared';
import { apiRequest } from './api-client.js';
import { api, clientQuery } from './api.js';

const askShop = (signal: AbortSignal) =>
  apiRequest('/api/shop', (wire) => wire.publicShopSchema, { signal });

/** The shop's own details, as the owner saved them in the back office: one call, kept. */
const shopDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopDetails: build.query<PublicShop, undefined>({
      queryFn: clientQuery((_none, signal) => askShop(signal)),
    }),
  }),
});

/** The shop's name, address, contact details and links; undefined until they have arrived. */
export function useShopDetails(): PublicShop | undefined {
  return shopDetailsApi.useShopDetailsQuery(undefined).data;
}

/** Whether the shop takes Vipps MobilePay, so its choice and Express buttons are offered. */
export function useVippsOffered(): boolean {
  return useShopDetails()?.checkoutPaymentMethods.includes('vipps') ?? false;
}

/**
 * The details the server wrote into the page (`<script id="shop-details">`), so the header and
 * footer paint with them at once instead of moving the page when `GET /api/shop` answers. They
 * come in the same response as the page's scripts, from the same server's checked setting, so
 * they are taken as they are; a page without them (or with broken ones) falls back to the call.
 */
export function embeddedShopDetails(): PublicShop | undefined {
  // The server renders pages with a store of its own, given the details it has.
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('shop-details')?.textContent;
  if (!text) return undefined;
  try {
    const details: unknown = JSON.parse(text);
    return typeof details === 'object' &&
      details !== null &&
      'name' in details &&
      'checkoutPaymentMethods' in details
      ? (details as PublicShop)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The action that puts details already at hand into the cache, so nothing asks for them; it is
 * synchronous (unlike `upsertQueryData`), so the first render has them.
 */
export function shopDetailsKnown(details: PublicShop) {
  return shopDetailsApi.util.upsertQueryEntries([
    { endpointName: 'shopDetails', arg: undefined, value: details },
  ]);
}
