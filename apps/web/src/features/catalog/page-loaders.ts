import { pathInLocale } from '@shop/shared';
import { translator } from '../../lib/i18n.js';
import { imageSrcSet, imageUrl } from '../../lib/image-url.js';
import {
  absoluteImage,
  answerOf,
  describe,
  notFoundHead,
  pageTitle,
  type PageHead,
  type PageRequest,
} from '../../lib/server-page.js';
import {
  breadcrumbStructuredData,
  organizationStructuredData,
  productStructuredData,
} from '../../lib/structured-data.js';
import { loadRatingSummary } from '../reviews/index.js';
import { catalogApi, loadMenuCategories } from './catalog-api.js';
import type { CatalogKey } from './catalog-i18n.js';
import { categoryLink, resolveCategory } from './category-links.js';
import { listingArgs, readListingQuery } from './listing-query.js';
import { CARD_IMAGE_SIZES } from './product-card.js';
import { productApi, productPageRequest } from './product-detail/product-api.js';
import { firstProductImage, MAIN_IMAGE_SIZES } from './product-detail/product-gallery.js';

/**
 * What the server fetches before it renders a catalogue page, and the head it writes for it
 * (issue 15). Each page asks the same queries with the same arguments as its component, so the
 * render and then the browser find the answers in the store.
 */

/** A picture the first screen shows, to fetch beside the scripts. */
const preload = (path: string, sizes: string): PageHead['preloadImage'] => {
  const srcSet = imageSrcSet(path);
  return srcSet ? { href: imageUrl(path), srcSet, sizes } : { href: imageUrl(path) };
};

/** A breadcrumb's address in the page's language: `/en/…` on an English page. */
const pageUrl = (request: PageRequest, path: string) =>
  `${request.origin}${pathInLocale(request.locale, path)}`;

export async function loadHomePage(request: PageRequest): Promise<PageHead> {
  const { dispatch, shop, origin } = request;
  const [slides] = await Promise.all([
    dispatch(catalogApi.endpoints.carousel.initiate(undefined)),
    dispatch(catalogApi.endpoints.featuredProducts.initiate(undefined)),
    dispatch(catalogApi.endpoints.newProducts.initiate(undefined)),
    dispatch(catalogApi.endpoints.campaigns.initiate(undefined)),
  ]);
  const firstSlide = answerOf(slides)?.[0];
  return {
    title: shop.name,
    description: describe(shop.about),
    canonicalPath: '/',
    ...(firstSlide
      ? {
          image: absoluteImage(origin, firstSlide.image),
          preloadImage: preload(firstSlide.image, '100vw'),
        }
      : {}),
    structuredData: [organizationStructuredData(shop, origin)],
  };
}

export async function loadCategoryPage(request: PageRequest): Promise<PageHead> {
  const { dispatch, params, search, shop, origin } = request;
  const t = translator<CatalogKey>(request.i18n);
  const slug = params.slug ?? '';
  const categories = await loadMenuCategories(request);
  const resolved = resolveCategory(categories, slug, undefined);
  if (!resolved) return notFoundHead(shop, `/category/${encodeURIComponent(slug)}`);
  const query = readListingQuery(search);
  const listing = answerOf(
    await dispatch(catalogApi.endpoints.categoryListing.initiate(listingArgs(resolved, query, 1))),
  );
  const { category, sub, sub2 } = resolved;
  const shown = sub2 ?? sub ?? category;
  const count = listing?.count ?? 0;
  const firstCard = listing?.products[0];
  const steps = [
    { name: t('catalog.home'), url: pageUrl(request, '/') },
    { name: category.name, url: pageUrl(request, categoryLink(category).to) },
    ...(sub ? [{ name: sub.name, url: pageUrl(request, categoryLink(category, sub).to) }] : []),
    ...(sub && sub2
      ? [{ name: sub2.name, url: pageUrl(request, categoryLink(category, sub, sub2).to) }]
      : []),
  ];
  return {
    title: pageTitle(
      query.page > 1
        ? t('catalog.head.categoryPage', { name: shown.name, page: query.page })
        : shown.name,
      shop,
    ),
    description: describe(
      t('catalog.head.categoryDescription', { name: shown.name, shop: shop.name, count }),
    ),
    // Sort and filters show the same products again; another page shows others.
    canonicalPath: `/category/${encodeURIComponent(shown.slug)}${query.page > 1 ? `?page=${query.page}` : ''}`,
    ...(category.image ? { image: absoluteImage(origin, category.image) } : {}),
    ...(firstCard ? { preloadImage: preload(firstCard.heroImage, CARD_IMAGE_SIZES) } : {}),
    structuredData: [breadcrumbStructuredData(steps)],
  };
}

export async function loadProductPage(request: PageRequest): Promise<PageHead> {
  const { dispatch, params, search, shop, origin } = request;
  const t = translator<CatalogKey>(request.i18n);
  const slug = params.slug ?? '';
  const [page, offers] = await Promise.all([
    // The item the address names (issue 29.9), as the page asks for it.
    dispatch(productApi.endpoints.getProduct.initiate(productPageRequest(slug, search))),
    dispatch(productApi.endpoints.getProductOffers.initiate(slug)),
  ]);
  const product = answerOf(page);
  const canonicalPath = `/product/${encodeURIComponent(slug)}`;
  if (!product) return notFoundHead(shop, canonicalPath);
  const rating = await loadRatingSummary(dispatch, product._id);
  const url = pageUrl(request, canonicalPath);
  const mainImage = firstProductImage(product.heroImage, product.gallery);
  const images = [mainImage, ...product.gallery.filter((path) => path !== mainImage)];
  const description = describe(productDescriptionText(product.description) || product.name);
  const categoryUrl = pageUrl(request, `/category/${encodeURIComponent(product.category.slug)}`);
  return {
    title: pageTitle(product.name, shop),
    description,
    canonicalPath,
    kind: 'product',
    image: absoluteImage(origin, mainImage),
    priceNok: product.sellingPrice,
    preloadImage: preload(mainImage, MAIN_IMAGE_SIZES),
    structuredData: [
      productStructuredData({
        product: { ...product, description },
        url,
        images: images.map((path) => absoluteImage(origin, path)),
        offers: answerOf(offers) ?? [],
        ...(rating ? { rating: { average: rating.averageRating, count: rating.total } } : {}),
        shop,
      }),
      breadcrumbStructuredData([
        { name: t('catalog.home'), url: pageUrl(request, '/') },
        { name: product.category.name, url: categoryUrl },
        { name: product.name, url },
      ]),
    ],
  };
}

export async function loadSearchPage(request: PageRequest): Promise<PageHead> {
  const { dispatch, search, shop } = request;
  const t = translator<CatalogKey>(request.i18n);
  const keyword = search.get('q');
  await Promise.all([
    keyword === null ? undefined : dispatch(catalogApi.endpoints.searchProducts.initiate(keyword)),
  ]);
  return {
    title: pageTitle(
      keyword ? t('catalog.head.searchResults', { keyword }) : t('catalog.head.search'),
      shop,
    ),
    description: describe(t('catalog.head.searchDescription', { shop: shop.name })),
    canonicalPath: '/search',
    noIndex: true,
  };
}

const entities: Record<string, string> = {
  nbsp: ' ',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  amp: '&',
};

/**
 * A product description's text for the meta description: the server sanitised its markup on
 * save, so only tags and the entities the sanitiser writes are left to take out.
 */
function productDescriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_entity, name: string) => entities[name] ?? '');
}
