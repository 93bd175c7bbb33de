import { locales, pathInLocale, shopLocale, type Locale } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { countProductPages, productPages, shownCategoryPages } from '../catalog/index.js';
import { staticPageDates } from '../content/index.js';

/**
 * The most URLs one sitemap file may hold (sitemaps.org); a longer list becomes an index. Each
 * language's address of a page is a URL of its own.
 */
export const SITEMAP_PART_SIZE = 50_000;

export interface SitemapOptions {
  /** The shop's public address (`PUBLIC_URL`): sitemaps hold absolute URLs. */
  publicUrl: string;
  /** URLs per sitemap file; a test lowers it to see an index without 50 000 products. */
  partSize: number;
}

export const sitemapNotFoundMessage = 'Sitemap not found';

/**
 * Storefront paths that are one shopper's own (account, orders, reviews, cart) or a step of
 * signing in or buying: nothing a search result should lead to, in either language. Search
 * results are left out too: endless keyword variations of pages the categories already list.
 */
const privatePages = [
  '/account',
  '/orders',
  '/reviews',
  '/cart',
  '/shipping',
  '/checkout',
  '/login',
  '/forgot-password',
  '/verify/',
  '/search',
  // A staff member's look at a product through a preview link, perhaps a draft (issue 34.4).
  '/preview/',
];

/** The back office, the API and sign-in redirects: not pages of the storefront. */
const serverPaths = ['/admin', '/auth/', '/dev/', '/api/', '/api/products/wishlist'];

/**
 * The API calls the public pages are drawn from. The storefront renders in the browser, so a
 * crawler that renders a product page needs them: blocked, the page it sees would be empty.
 * A longer rule wins, so the wishlist above stays out.
 */
const allowedApi = [
  '/api/products/',
  '/api/categories/',
  '/api/carousel',
  '/api/campaign',
  '/api/pages/',
  '/api/cleaning/',
  '/api/reviews/rating/',
  '/api/reviews/product/',
  '/api/shop',
  '/api/multiCurrency',
  '/api/countries',
];

const baseOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** `/robots.txt`: everything a shopper sees may be crawled, the private areas not. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [
    ...privatePages.flatMap((path) => locales.map((locale) => pathInLocale(locale, path))),
    ...serverPaths,
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...allowedApi.map((path) => `Allow: ${path}`),
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseOf(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The namespace of the `<xhtml:link>` language alternates (Google's sitemap extension). */
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML element; a PUBLIC_URL may carry characters a path never does. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);

interface SitemapUrl {
  path: string;
  lastmod?: Date | null;
}

/** W3C datetime to the second, in UTC. */
const w3cDatetime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A page's address in a language, naming its address in each language and the Norwegian one for
 * any other, as the page's own head does (issue 31): search engines then show a shopper the page
 * in their language.
 */
function urlElement(base: string, url: SitemapUrl, locale: Locale): string {
  const address = (language: Locale) => escapeXml(base + pathInLocale(language, url.path));
  const alternate = (hreflang: string, language: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${address(language)}"/>`;
  const lastmod = url.lastmod ? `<lastmod>${w3cDatetime(url.lastmod)}</lastmod>` : '';
  const alternates = [
    ...locales.map((language) => alternate(language, language)),
    alternate('x-default', shopLocale),
  ].join('');
  return `<url><loc>${address(locale)}</loc>${lastmod}${alternates}</url>`;
}

/**
 * The whole list in order: these pages first, then every product page by slug, each page at its
 * address in each language in turn, bokmål first. `total` counts those URLs.
 */
interface SitemapLayout {
  leading: SitemapUrl[];
  total: number;
  parts: number;
}

/**
 * Home, the cleaning page, the text pages and the categories: few, so read whole. A category's
 * lastmod is the latest change of it, its sub-categories or its products.
 */
async function leadingPages(db: Database): Promise<SitemapUrl[]> {
  const [textPages, categoryPages] = await Promise.all([
    staticPageDates(db),
    shownCategoryPages(db),
  ]);
  return [
    { path: '/' },
    { path: '/cleaning' },
    ...textPages.map((page) => ({ path: page.path, lastmod: page.updatedAt })),
    ...categoryPages.map((page) => ({
      path: `/category/${encodeURIComponent(page.slug)}`,
      lastmod: page.updatedAt,
    })),
  ];
}

async function sitemapLayout(db: Database, partSize: number): Promise<SitemapLayout> {
  const [leading, products] = await Promise.all([leadingPages(db), countProductPages(db)]);
  const total = (leading.length + products) * locales.length;
  return { leading, total, parts: Math.max(1, Math.ceil(total / partSize)) };
}

/**
 * The `<urlset>` of the URLs from `start` to `end` of the list; a part may begin or end between
 * the languages of a page. Products are read in batches and written out as they come, so only
 * the text of the file is held, never every row at once.
 */
async function urlset(
  db: Database,
  base: string,
  layout: SitemapLayout,
  start: number,
  end: number,
): Promise<string> {
  const lines = [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
  ];
  const addPage = (url: SitemapUrl, page: number) =>
    locales.forEach((locale, index) => {
      const position = page * locales.length + index;
      if (position >= start && position < end) lines.push(urlElement(base, url, locale));
    });
  const firstPage = Math.floor(start / locales.length);
  const endPage = Math.ceil(end / locales.length);
  layout.leading.slice(firstPage, endPage).forEach((url, index) => addPage(url, firstPage + index));
  const from = Math.max(firstPage, layout.leading.length);
  if (endPage > from) {
    const range = { skip: from - layout.leading.length, take: endPage - from };
    let page = from;
    for await (const batch of productPages(db, range))
      for (const product of batch)
        addPage(
          { path: `/product/${encodeURIComponent(product.slug)}`, lastmod: product.updatedAt },
          page++,
        );
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * `/sitemap.xml`: every page a search engine may list, or, beyond `partSize` URLs, a
 * `<sitemapindex>` of `/sitemap-1.xml`, `/sitemap-2.xml`… holding `partSize` URLs each.
 */
export async function sitemap(db: Database, options: SitemapOptions): Promise<string> {
  const base = baseOf(options.publicUrl);
  const layout = await sitemapLayout(db, options.partSize);
  if (layout.parts === 1) return urlset(db, base, layout, 0, options.partSize);
  const parts = Array.from(
    { length: layout.parts },
    (_, index) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
  );
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...parts,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * `/sitemap-{part}.xml`: the part'th `partSize` URLs of the list, counted from 1. Part 1 of a
 * list that fits one file is that file, so a crawler holding an older index still gets URLs.
 */
export async function sitemapPart(
  db: Database,
  options: SitemapOptions,
  partName: string,
): Promise<string> {
  const layout = await sitemapLayout(db, options.partSize);
  const part = /^[1-9]\d{0,8}$/.test(partName) ? Number(partName) : 0;
  if (part < 1 || part > layout.parts) throw new NotFoundError('errors.seo.sitemapNotFound');
  const start = (part - 1) * options.partSize;
  return urlset(db, baseOf(options.publicUrl), layout, start, start + options.partSize);
}
