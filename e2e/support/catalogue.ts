import type { APIRequestContext } from '@playwright/test';
import type { Category, CategoryListingResponse, ProductCard, ProductDetail } from '@shop/shared';

/** Reads the demo catalogue through the API so journeys do not hard-code seed data. */
export async function categories(request: APIRequestContext): Promise<Category[]> {
  const response = await request.get('/api/categories/web');
  return ((await response.json()) as { categories: Category[] }).categories;
}

export async function categoryProducts(
  request: APIRequestContext,
  id: string,
  body: Record<string, unknown> = {},
): Promise<CategoryListingResponse> {
  const response = await request.post(`/api/products/category/${id}`, {
    data: { id, sub: [], sub2: null, min: 0, max: 0, sortby: '', ...body },
  });
  return (await response.json()) as CategoryListingResponse;
}

export async function product(request: APIRequestContext, slug: string): Promise<ProductDetail> {
  return (await (await request.get(`/api/products/${slug}/slug`)).json()) as ProductDetail;
}

/**
 * A product as a Norwegian shopper reads it, and as the back office's lists name it: in bokmål
 * (issue 31). `product` and the other reads here answer the English pages' words.
 */
export async function productInBokmal(
  request: APIRequestContext,
  slug: string,
): Promise<ProductDetail> {
  const response = await request.get(`/api/products/${slug}/slug`, {
    headers: { 'accept-language': 'nb' },
  });
  return (await response.json()) as ProductDetail;
}

/** A product with two options whose items differ in price, for the option-switch journey. */
export async function productWithPricedOptions(
  request: APIRequestContext,
): Promise<{ product: ProductDetail; option: string; value: string; other: ProductDetail }> {
  const { products } = (await (
    await request.get('/api/products/website?keyword=kurta')
  ).json()) as { products: ProductCard[] };
  for (const card of products) {
    const detail = await product(request, card.slug);
    for (const option of detail.options) {
      for (const value of option.values) {
        if (value === detail.variants[option.name]) continue;
        const query = new URLSearchParams({ ...detail.variants, [option.name]: value });
        const other = await request.get(`/api/products/${detail.slug}/slug?${query}`);
        if (!other.ok()) continue;
        const otherDetail = (await other.json()) as ProductDetail;
        if (otherDetail.sellingPrice !== detail.sellingPrice)
          return { product: detail, option: option.name, value, other: otherDetail };
      }
    }
  }
  throw new Error('the demo catalogue has no product whose options change the price');
}

/**
 * Journeys name the products they make with a base-36 time stamp (`Date.now().toString(36)`, as
 * in `csv-mug-mwu2hp6g`). Those are theirs to change or sell out while others run, so the demo
 * catalogue leaves them out: a slug whose last part reads as a moment of the last day. A stamp
 * may be letters only (`mwudlrzd`), so its shape alone does not tell it from a word.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
function journeyMade(slug: string): boolean {
  const stamp = /-([a-z\d]{8})$/.exec(slug)?.[1];
  if (stamp === undefined) return false;
  const made = Number.parseInt(stamp, 36);
  return made > Date.now() - DAY_MS && made <= Date.now() + 60_000;
}

/** Every product detail of the demo catalogue, read once per worker through the API. */
let details: ProductDetail[] | undefined;
export async function allProducts(request: APIRequestContext): Promise<ProductDetail[]> {
  if (details) return details;
  const slugs = new Set<string>();
  for (const category of await categories(request))
    for (const card of (await categoryProducts(request, category._id)).products)
      if (!journeyMade(card.slug)) slugs.add(card.slug);
  details = await Promise.all([...slugs].map((slug) => product(request, slug)));
  return details;
}

/** The first demo product (its default item) that satisfies a rule, or a failed set-up. */
export async function findProduct(
  request: APIRequestContext,
  what: string,
  rule: (item: ProductDetail) => boolean,
): Promise<ProductDetail> {
  const found = (await allProducts(request)).find(rule);
  if (!found) throw new Error(`the demo catalogue has no product that ${what}`);
  return found;
}
