import type {
  Campaign,
  CarouselResponse,
  Category,
  CategoryListingRequest,
  CategoryListingResponse,
  ProductCard,
} from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';
import { answerOf } from '../../lib/server-page.js';
import type { AppDispatch } from '../../lib/store-hooks.js';

/** The storefront fetches one page of a category at a time (CAT-18). */
export const CATEGORY_PAGE_SIZE = 15;

export interface CategoryListingArgs {
  id: string;
  page: number;
  body: CategoryListingRequest;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], undefined>({
      queryFn: clientQuery(async (_none, signal) => {
        const { categories } = await apiRequest(
          '/api/categories/web',
          (wire) => wire.categoriesResponseSchema,
          { signal },
        );
        return categories;
      }),
    }),
    searchProducts: build.query<ProductCard[], string>({
      queryFn: clientQuery(async (keyword, signal) => {
        const { products } = await apiRequest(
          `/api/products/website?keyword=${encodeURIComponent(keyword)}`,
          (wire) => wire.productListResponseSchema,
          { signal },
        );
        return products;
      }),
    }),
    featuredProducts: build.query<ProductCard[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/products/featured', (wire) => wire.productCardsSchema, { signal }),
      ),
    }),
    newProducts: build.query<ProductCard[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/products/new', (wire) => wire.productCardsSchema, { signal }),
      ),
    }),
    categoryListing: build.query<CategoryListingResponse, CategoryListingArgs>({
      queryFn: clientQuery(({ id, page, body }, signal) =>
        apiRequest(
          `/api/products/category/${encodeURIComponent(id)}?page=${page}&limit=${CATEGORY_PAGE_SIZE}`,
          (wire) => wire.categoryListingResponseSchema,
          { method: 'POST', body, signal },
        ),
      ),
    }),
    carousel: build.query<CarouselResponse['carousel'], undefined>({
      queryFn: clientQuery(async (_none, signal) => {
        const { carousel } = await apiRequest(
          '/api/carousel/',
          (wire) => wire.carouselResponseSchema,
          { signal },
        );
        return carousel;
      }),
    }),
    campaigns: build.query<Campaign[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/campaign/', (wire) => wire.campaignsResponseSchema, { signal }),
      ),
    }),
  }),
});

export const {
  useCategoriesQuery,
  useSearchProductsQuery,
  useFeaturedProductsQuery,
  useNewProductsQuery,
  useCategoryListingQuery,
  useCarouselQuery,
  useCampaignsQuery,
} = catalogApi;

/** The categories of the header's menu, which every page shows, fetched as the server renders. */
export async function loadMenuCategories({
  dispatch,
}: {
  dispatch: AppDispatch;
}): Promise<Category[]> {
  return answerOf(await dispatch(catalogApi.endpoints.categories.initiate(undefined))) ?? [];
}
