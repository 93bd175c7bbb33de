// What `bench/run.ts` asks of the shop: many different URLs per call, as shoppers send them,
// and the server-rendered page each API call is the main call of. The products and categories
// are read from the running server, so the same code serves PGlite's demo catalogue and
// PostgreSQL's generated ones.
import type { Category } from '@shop/shared';
import type { LoadRequest } from './load.js';

/** Searches as shoppers type them: single words, two words, and typos of both. */
export const searchQueries = [
  'honey',
  'shirt',
  'tea',
  'wool',
  'kurta',
  'hony',
  'cofee',
  'linen shirt',
  'green tea',
  'wool mitens',
];

export const productCount = 30;
export const categoryCount = 20;

/** The storefront's calls are in the page's language (apps/web's api-client); the bench's pages are bokmål. */
const apiHeaders = { 'accept-language': 'nb' };

/** The body of a category page's listing call, as the storefront's `listingArgs` writes it. */
export interface ListingBody {
  id: string;
  sub: { _id: string }[];
  sub2: { _id: string; name: string } | null;
  min: number;
  max: number;
  sortby: '';
  subfilter: [];
}

/** A category at any level of the menu: its page's slug and its listing call. */
export interface CategoryCall {
  slug: string;
  /** The top-level category the listing call is addressed to. */
  id: string;
  body: ListingBody;
  count: number;
}

/** The 15-card first page a category page asks for, without a filter, newest first. */
export function listingRequest(category: CategoryCall, query = '?page=1&limit=15'): LoadRequest {
  return {
    path: `/api/products/category/${encodeURIComponent(category.id)}${query}`,
    method: 'POST',
    headers: { ...apiHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(category.body),
  };
}

export const productRequest = (slug: string): LoadRequest => ({
  path: `/api/products/${encodeURIComponent(slug)}/slug`,
  headers: apiHeaders,
});

export const searchRequest = (query: string): LoadRequest => ({
  path: `/api/products/website?keyword=${encodeURIComponent(query)}`,
  headers: apiHeaders,
});

export const pageRequest = (path: string): LoadRequest => ({ path });

/**
 * What every browser adds to a page's request and to the storefront's calls: it takes the answer
 * compressed. A page is 40-100 KB of HTML against 1-5 KB of JSON; sent whole, the load
 * generator's reading of the bytes, not the server, would set the pages' rate (issue 33).
 */
const browserAccepts = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const asBrowserSends = (request: LoadRequest): LoadRequest => ({
  ...request,
  headers: { ...request.headers, ...browserAccepts },
});

/** The shop's products, categories and searches one bench run asks for. */
export interface CatalogueCalls {
  products: string[];
  categories: CategoryCall[];
  /** The category with the most products, for the unpaged call. */
  largest: CategoryCall;
  searches: string[];
}

/** Every category of the menu at each level, with the listing call its page sends. */
function menuCategories(categories: Category[]): Omit<CategoryCall, 'count'>[] {
  const body = (id: string, sub: ListingBody['sub'], sub2: ListingBody['sub2']): ListingBody => ({
    id,
    sub,
    sub2,
    min: 0,
    max: 0,
    sortby: '',
    subfilter: [],
  });
  return categories.flatMap((category) => [
    { slug: category.slug, id: category._id, body: body(category._id, [], null) },
    ...category.subCategory.flatMap((sub) => [
      { slug: sub.slug, id: category._id, body: body(category._id, [{ _id: sub._id }], null) },
      ...sub.subCategory2.map((sub2) => ({
        slug: sub2.slug,
        id: category._id,
        body: body(category._id, [{ _id: sub._id }], { _id: sub2._id, name: sub2.name }),
      })),
    ]),
  ]);
}

async function answer<T>(base: string, request: LoadRequest): Promise<T> {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
  });
  if (!response.ok) throw new Error(`${request.path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * 20 categories spread evenly over the menu's categories ranked by size, the largest first (so
 * the listing rows hold large and small ones), and 30 products taken in turn from their first
 * pages.
 */
export async function pickCalls(base: string): Promise<CatalogueCalls> {
  const { categories } = await answer<{ categories: Category[] }>(base, {
    path: '/api/categories/web',
    headers: apiHeaders,
  });
  const counted: CategoryCall[] = [];
  for (const category of menuCategories(categories)) {
    const { count } = await answer<{ count: number }>(
      base,
      listingRequest({ ...category, count: 0 }, '?page=1&limit=1'),
    );
    if (count > 0) counted.push({ ...category, count });
  }
  counted.sort((a, b) => b.count - a.count);
  const step = Math.max(1, counted.length / categoryCount);
  const chosen = Array.from(
    { length: Math.min(categoryCount, counted.length) },
    (_, index) => counted[Math.floor(index * step)] as CategoryCall,
  );
  const pages = await Promise.all(
    chosen.map(
      async (category) =>
        (await answer<{ products: { slug: string }[] }>(base, listingRequest(category))).products,
    ),
  );
  const products = new Set<string>();
  for (let index = 0; products.size < productCount && index < 15; index++)
    for (const page of pages) {
      const slug = page[index]?.slug;
      if (slug && products.size < productCount) products.add(slug);
    }
  const largest = counted[0];
  if (!largest) throw new Error('the catalogue has no products');
  return { products: [...products], categories: chosen, largest, searches: searchQueries };
}

/** A server-rendered page beside the API call its content comes from. */
export interface PagePair {
  name: string;
  pages: LoadRequest[];
  api: LoadRequest[];
}

/** The storefront's pages a shopper arrives on, each beside its main call (apps/web page-loaders). */
export function pagePairs(calls: CatalogueCalls): PagePair[] {
  const pairs: PagePair[] = [
    {
      name: 'home `/` · `/api/products/featured`',
      pages: [pageRequest('/')],
      api: [{ path: '/api/products/featured', headers: apiHeaders }],
    },
    {
      name: `category \`/category/<slug>\` · its listing (${calls.categories.length} categories)`,
      pages: calls.categories.map((category) =>
        pageRequest(`/category/${encodeURIComponent(category.slug)}`),
      ),
      api: calls.categories.map((category) => listingRequest(category)),
    },
    {
      name: `product \`/product/<slug>\` · product by slug (${calls.products.length} products)`,
      pages: calls.products.map((slug) => pageRequest(`/product/${encodeURIComponent(slug)}`)),
      api: calls.products.map(productRequest),
    },
    {
      name: `search \`/search?q=\` · search (${calls.searches.length} queries)`,
      pages: calls.searches.map((query) => pageRequest(`/search?q=${encodeURIComponent(query)}`)),
      api: calls.searches.map(searchRequest),
    },
    {
      name: 'about `/about` · `/api/pages/about`',
      pages: [pageRequest('/about')],
      api: [{ path: '/api/pages/about', headers: apiHeaders }],
    },
  ];
  return pairs.map((pair) => ({
    ...pair,
    pages: pair.pages.map(asBrowserSends),
    api: pair.api.map(asBrowserSends),
  }));
}
