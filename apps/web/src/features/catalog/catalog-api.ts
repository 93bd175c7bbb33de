import type {
  Campaign,
  CarouselResponse,
  CategoriesResponse,
  Category,
  CategoryListingRequest,
  CategoryListingResponse,
  ProductCard,
} from '@shop/shared';
import { api } from '../../app/api.js';

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
      query: () => '/api/categories/web',
      transformResponse: (response: CategoriesResponse) => response.categories,
    }),
    searchProducts: build.query<ProductCard[], string>({
      query: (keyword) => `/api/products/website?keyword=${encodeURIComponent(keyword)}`,
      transformResponse: (response: { products: ProductCard[] }) => response.products,
    }),
    featuredProducts: build.query<ProductCard[], undefined>({
      query: () => '/api/products/featured',
    }),
    newProducts: build.query<ProductCard[], undefined>({ query: () => '/api/products/new' }),
    categoryListing: build.query<CategoryListingResponse, CategoryListingArgs>({
      query: ({ id, page, body }) => ({
        url: `/api/products/category/${encodeURIComponent(id)}?page=${page}&limit=${CATEGORY_PAGE_SIZE}`,
        method: 'POST',
        body,
      }),
    }),
    carousel: build.query<CarouselResponse['carousel'], undefined>({
      query: () => '/api/carousel/',
      transformResponse: (response: CarouselResponse) => response.carousel,
    }),
    campaigns: build.query<Campaign[], undefined>({ query: () => '/api/campaign/' }),
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
