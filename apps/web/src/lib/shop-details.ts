import type { ShopDetails } from '@shop/shared';
import { apiRequest } from './api-client.js';
import { api, clientQuery } from './api.js';

/** The shop's own details, as the owner saved them in the back office: one call, kept. */
const shopDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopDetails: build.query<ShopDetails, undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/shop', (wire) => wire.shopDetailsSchema, { signal }),
      ),
    }),
  }),
});

/** The shop's name, address, contact details and links; undefined until they have arrived. */
export function useShopDetails(): ShopDetails | undefined {
  return shopDetailsApi.useShopDetailsQuery(undefined).data;
}
