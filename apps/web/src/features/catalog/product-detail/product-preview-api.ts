import { productPreviewApiPath, type ProductDetail } from '@shop/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { api, clientQuery } from '../../../lib/api.js';

// Apart from product-api.ts: the preview's contract module holds a schema, and the product
// page's chunks import none (issue 33.2).
export const productPreviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A product as its preview link names it, draft or not (issue 34.4), in the product page's
     * shape; 404 with the server's message for a link that is not valid or has expired.
     */
    getProductPreview: build.query<ProductDetail, string>({
      queryFn: clientQuery((token, signal) =>
        apiRequest(productPreviewApiPath(token), (wire) => wire.productDetailSchema, { signal }),
      ),
    }),
  }),
});

export const { useGetProductPreviewQuery } = productPreviewApi;
