import type { ProductDetail, ProductOffer, Variants } from '@shop/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { api, clientQuery } from '../../../lib/api.js';

export interface ProductRequest {
  slug: string;
  /** The chosen value of every option; without it the server answers the default item. */
  selection?: Variants;
}

/** `GET /api/products/{slug}/slug?Color=Red&Size=XL` (API contract, CURPROD-12). */
export function productUrl({ slug, selection }: ProductRequest): string {
  const path = `/api/products/${encodeURIComponent(slug)}/slug`;
  const query = selection ? new URLSearchParams(selection).toString() : '';
  return query ? `${path}?${query}` : path;
}

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<ProductDetail, ProductRequest>({
      queryFn: clientQuery((request, signal) =>
        apiRequest(productUrl(request), (wire) => wire.productDetailSchema, { signal }),
      ),
    }),
    /** Every item of the product for sale: the offers its structured data lists (ours). */
    getProductOffers: build.query<ProductOffer[], string>({
      queryFn: clientQuery(async (slug, signal) => {
        const { offers } = await apiRequest(
          `/api/products/${encodeURIComponent(slug)}/offers`,
          (wire) => wire.productOffersResponseSchema,
          { signal },
        );
        return offers;
      }),
    }),
  }),
});

export const { useGetProductQuery } = productApi;
