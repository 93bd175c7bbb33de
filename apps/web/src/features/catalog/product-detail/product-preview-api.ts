import { productPreviewApiPath, variantQuery, type Variants } from '@shop/shared';
import { apiRequest } from '../../../lib/api-client.js';
import { api, clientQuery } from '../../../lib/api.js';
import { itemAnswer, type ItemRequest, type ProductPageAnswer } from './product-api.js';

export interface PreviewRequest extends ItemRequest {
  token: string;
}

function previewUrl(token: string, selection?: Variants): string {
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
     * valid or has expired, or for a combination chosen on the page that the product does not
     * have. A combination from the page's address falls back as on the product page.
     */
    getProductPreview: build.query<ProductPageAnswer, PreviewRequest>({
      queryFn: clientQuery(({ token, ...item }, signal) =>
        itemAnswer(item, (selection) =>
          apiRequest(previewUrl(token, selection), (wire) => wire.productDetailSchema, {
            signal,
          }),
        ),
      ),
    }),
  }),
});

export const { useGetProductPreviewQuery } = productPreviewApi;
