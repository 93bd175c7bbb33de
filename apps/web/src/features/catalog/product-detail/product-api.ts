import { productDetailSchema, type ProductDetail, type Variants } from '@shop/shared';
import { api } from '../../../app/api.js';

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

const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<ProductDetail, ProductRequest>({
      query: (request) => productUrl(request),
      transformResponse: (payload: unknown) => productDetailSchema.parse(payload),
    }),
  }),
});

export const { useGetProductQuery } = productApi;
