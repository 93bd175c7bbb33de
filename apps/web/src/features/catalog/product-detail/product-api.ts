import { variantQuery, type ProductDetail, type ProductOffer, type Variants } from '@shop/shared';
import { ApiError, apiRequest } from '../../../lib/api-client.js';
import { api, clientQuery } from '../../../lib/api.js';

/** The item a page of a product asks for: the product page's, and its preview's (issue 34.4). */
export interface ItemRequest {
  /** The chosen value of every option; without it the server answers the default item. */
  selection?: Variants;
  /**
   * The selection came with the page's address (a shared link, a search engine's offer): a
   * product without that item then shows its default item rather than nothing.
   */
  fromLink?: true;
}

export interface ProductRequest extends ItemRequest {
  slug: string;
}

/** A product page's answer; `unavailable` says why a link's combination is not the one shown. */
export type ProductPageAnswer = ProductDetail & { unavailable?: string };

/** `GET /api/products/{slug}/slug?Colour=Red&Size=XL` (API contract, CURPROD-12). */
export function productUrl({ slug, selection }: ProductRequest): string {
  const path = `/api/products/${encodeURIComponent(slug)}/slug`;
  const query = selection ? variantQuery(selection) : '';
  return query ? `${path}?${query}` : path;
}

/**
 * The item a page's address names (`?Colour=Blue&Size=M`, issue 29.9), else the default item:
 * what the product page and its preview ask for. The server's render and the browser ask the
 * same, so the browser finds the server's answer. `picked` once the shopper has chosen on the page.
 */
export function itemRequest(search: URLSearchParams, picked = false): ItemRequest {
  // An empty value means the default, as in every call of the API.
  const pairs = [...search.entries()].filter(([, value]) => value !== '');
  if (pairs.length === 0) return {};
  const selection = Object.fromEntries(pairs);
  return picked ? { selection } : { selection, fromLink: true };
}

/** What a product page asks for its address. */
export const productPageRequest = (
  slug: string,
  search: URLSearchParams,
  picked = false,
): ProductRequest => ({ slug, ...itemRequest(search, picked) });

/**
 * A page's answer for the item it asks for; `ask` fetches a selection, or the default item
 * without one.
 */
export async function itemAnswer(
  { selection, fromLink }: ItemRequest,
  ask: (selection?: Variants) => Promise<ProductDetail>,
): Promise<ProductPageAnswer> {
  try {
    return await ask(selection);
  } catch (error) {
    // A link's combination that does not exist (404) or names no option of this product (400,
    // such as a campaign's tracking parameter): the product is still there to show.
    const refused = error instanceof ApiError && (error.status === 404 || error.status === 400);
    if (!fromLink || !refused) throw error;
    const product = await ask();
    return error.status === 404 ? { ...product, unavailable: error.message } : product;
  }
}

const productPage = ({ slug, ...item }: ProductRequest, signal: AbortSignal) =>
  itemAnswer(item, (selection) =>
    apiRequest(productUrl({ slug, selection }), (wire) => wire.productDetailSchema, { signal }),
  );

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<ProductPageAnswer, ProductRequest>({
      queryFn: clientQuery(productPage),
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
