import {
  productPreviewApiPath,
  variantQuery,
  type ProductDetail,
  type Variants,
} from '@shop/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { api, clientQuery } from '../../../lib/api.js';

export interface PreviewRequest {
  token: string;
  /** The chosen value of every option; without it the server answers the default item. */
  selection?: Variants;
}

function previewUrl({ token, selection }: PreviewRequest): string {
  const query = selection ? variantQuery(selection) : '';
  return query ? `${productPreviewApiPath(token)}?${query}` : productPreviewApiPath(token);
}

// Apart from product-api.ts: the preview's contract module holds a schema, and the product
// page's chunks import none (issue 33.2).
export const productPreviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A product as its preview link names it, draft or not (issue 34.4), in the product page's
     * shape and with its option query; 404 with the server's message for a link that is not
     * valid or has expired, or for a combination the product does not have.
     */
    getProductPreview: build.query<ProductDetail, PreviewRequest>({
      queryFn: clientQuery((request, signal) =>
        apiRequest(previewUrl(request), (wire) => wire.productDetailSchema, { signal }),
      ),
    }),
  }),
});

export const { useGetProductPreviewQuery } = productPreviewApi;
