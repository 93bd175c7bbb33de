import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CURRENCY_COOKIE,
  isStorefrontRoute,
  LOCALE_COOKIE,
  locales,
  localeOfPath,
  pathInLocale,
  readCurrencyCookie,
  type Locale,
  type PublicShop,
} from '@shop/shared';
import { previewAnswerHeaders } from '../modules/catalog/index.js';
import { type FileStorage, serveUploadedFiles } from '../modules/uploads/index.js';
import type { ResponseCacheRule } from './response-cache.js';
import {
  languageAlternates,
  loadStorefrontRenderer,
  withRenderedPage,
  type RenderedPage,
} from './storefront-render.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The web build's record of which file each source became (`build.manifest` in Vite). */
const BUILD_MANIFEST = path.join('.vite', 'manifest.json');

/** Each language's compiled catalogues in the web build (`apps/web/src/i18n/`). */
const catalogueSources: Record<Locale, string> = { nb: 'src/i18n/nb.ts', en: 'src/i18n/en.ts' };

/**
 * A `modulepreload` of each language's catalogue chunk, so the browser fetches the page's words
 * beside the entry script rather than after running it; none for a build without a manifest.
 */
function catalogueModulePreloads(webDistDir: string): Partial<Record<Locale, string>> {
  const file = path.join(webDistDir, BUILD_MANIFEST);
  if (!fs.existsSync(file)) return {};
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string }>;
  const preloads: Partial<Record<Locale, string>> = {};
  for (const locale of locales) {
    const chunk = manifest[catalogueSources[locale]];
    if (chunk) preloads[locale] = `<link rel="modulepreload" crossorigin href="/${chunk.file}">`;
  }
  return preloads;
}

/** Whether the catalogue has a category (any level) or a product with a slug. */
export interface CatalogueSlugs {
  category(slug: string): Promise<boolean>;
  product(slug: string): Promise<boolean>;
  /** The current slug of the category or product that had `slug` before a rename. */
  redirect(kind: 'category' | 'product', slug: string): Promise<string | undefined>;
}

/** What a storefront route answers: its page (200), not found (404) or a renamed page (301). */
type RouteTarget = { status: 200 | 404 } | { status: 301; location: string };

const slugPage = /^\/(category|product)\/([^/]+)\/?$/;

/**
 * Whether a storefront route names something that exists: /category/{slug} and /product/{slug}
 * of an unknown slug are not found, so a crawler or a shared link gets 404 with the page, and
 * a slug from before a rename moves permanently to the current one, so old links keep working.
 * The English pages (`/en/…`) answer the same, and move within English.
 */
async function routeTarget(pathname: string, slugs: CatalogueSlugs): Promise<RouteTarget> {
  const { locale, path: localPath } = localeOfPath(pathname);
  const match = slugPage.exec(localPath);
  if (!match) return { status: 200 };
  const kind = match[1] === 'category' ? 'category' : 'product';
  // Fastify has already refused a path with broken percent-encoding.
  const slug = decodeURIComponent(match[2] ?? '');
  if (await (kind === 'category' ? slugs.category(slug) : slugs.product(slug)))
    return { status: 200 };
  const current = await slugs.redirect(kind, slug);
  return current === undefined
    ? { status: 404 }
    : { status: 301, location: pathInLocale(locale, `/${kind}/${encodeURIComponent(current)}`) };
}

/** The page in its language: `<html lang>` says which, for screen readers and search engines. */
function inLanguage(html: string, locale: Locale): string {
  return html.replace(
    /<html\b([^>]*?)\slang="[^"]*"/,
    (_, before: string) => `<html${before} lang="${locale}"`,
  );
}

/**
 * The page says in its first bytes that payments are in test mode, so the storefront's 'test
 * shop' banner is there from the first paint, with no extra call and no layout shift.
 */
function markTestPayments(html: string, testPayments: boolean): string {
  return testPayments ? html.replace(/<html\b/, '<html data-test-payments="true"') : html;
}

/**
 * The page carries the shop's own details in its language (the header's name, the footer's
 * About text and contacts) so the storefront paints them at once instead of shifting the page
 * when its `GET /api/shop` answers. `<` is escaped so no text the owner typed can close the
 * script.
 */
function withShopDetails(html: string, details: PublicShop | undefined): string {
  if (!details) return html;
  const json = JSON.stringify(details).replaceAll('<', '\\u003c');
  return html.replace(
    '</head>',
    () => `<script id="shop-details" type="application/json">${json}</script></head>`,
  );
}

/** Whether a path is the API's or an uploaded file's, never a page (a route of their own). */
const notAPage = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');

/**
 * Whether a path is a preview link's page (issue 34.4), in either language: a staff member's
 * look at a product that may be a draft, never kept nor indexed, whatever it answers.
 */
const isPreviewPage = (pathname: string) => localeOfPath(pathname).path.startsWith('/preview/');

/**
 * Which rendered pages are alike (issue 33.1): a page depends on its address (which holds its
 * language) and the shopper's currency, and on nothing of the shopper else: the render asks the
 * API without their cookies. The bare address of a shopper who chose English is a redirect,
 * never kept. Cleared with the API's answers, by every change that reaches them.
 */
function pageCacheRule(app: FastifyInstance): ResponseCacheRule {
  return {
    key: (request) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (notAPage(pathname) || isPreviewPage(pathname)) return undefined;
      // The cache looks before the cookie plugin has read the cookies.
      const cookies = app.parseCookie(request.headers.cookie ?? '');
      if (pathname === '/' && cookies[LOCALE_COOKIE] === 'en') return undefined;
      const currency = readCurrencyCookie(cookies[CURRENCY_COOKIE]);
      return `${currency ? `${currency.currencyCode}-${currency.countryCode}` : 'NOK'} ${request.url}`;
    },
  };
}

/**
 * Serves the built storefront (hashed assets cached for a year, the page itself never) and
 * uploaded images. Paths that are not API calls get the storefront's page: 200 for a route
 * of the storefront, 404 for anything else (an unknown category or product included) so the
 * page shows its not-found screen.
 */
export async function registerStorefront(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    /** Where uploaded images are, served at /uploads/<key> whichever store it is. */
    uploads: FileStorage;
    testPayments: boolean;
    catalogueSlugs: CatalogueSlugs;
    /** The shop's details in the page's language. */
    shopDetails: (locale: Locale) => Promise<PublicShop>;
    /** The shop's public address, for the rendered pages' absolute URLs. */
    publicUrl: string;
  },
): Promise<void> {
  await serveUploadedFiles(app, options.uploads);

  const indexFile = path.join(options.webDistDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile)
    ? markTestPayments(fs.readFileSync(indexFile, 'utf8'), options.testPayments)
    : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's `.br` and `.gz` beside each asset (scripts/precompress-assets.ts).
      preCompressed: true,
      // The server's render and the build's manifest are the server's own, not for the browser.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/') && !pathName.startsWith('/.vite/'),
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const render = indexHtml ? await loadStorefrontRenderer(app, options) : undefined;
  const cataloguePreloads = catalogueModulePreloads(options.webDistDir);
  const origin = options.publicUrl.replace(/\/+$/, '');

  const notFound = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (isPreviewPage(pathname)) reply.headers(previewAnswerHeaders);
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  };
  app.setNotFoundHandler(async (request, reply) =>
    notFound(request, reply, request.url.split('?')[0] ?? '/'),
  );
  if (!indexHtml) return;

  // A route rather than the not-found handler, so that the compression hook, which is added
  // to routes, reaches the page. Files of the build and /uploads/ are routes of their own.
  app.get('/*', { config: { responseCache: pageCacheRule(app) } }, async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    if (notAPage(pathname)) return notFound(request, reply, pathname);
    // The language a shopper chose with the switch opens the bare address the shop is typed in
    // as; any other address, and a visit without the cookie (a crawler's), gets what it asks.
    if (pathname === '/' && request.cookies[LOCALE_COOKIE] === 'en') {
      const english = pathInLocale('en', '/');
      return reply
        .header('Vary', 'Cookie')
        .header('Cache-Control', 'no-cache')
        .redirect(query ? `${english}?${query}` : english, 302);
    }
    const { locale, path: localPath } = localeOfPath(pathname);
    const details = await app.responseCache
      .perChange(`shop details ${locale}`, () => options.shopDetails(locale))
      .catch((error: unknown) => {
        // The storefront asks `GET /api/shop` itself when the page has no details.
        request.log.warn({ err: error }, 'Could not read the shop details for the page');
        return undefined;
      });
    let page: RenderedPage | undefined;
    if (render && details) {
      try {
        // Prices in the shopper's currency from the first byte (issue 29.10).
        const currency = readCurrencyCookie(request.cookies[CURRENCY_COOKIE]);
        page = await render({
          url: request.url,
          shop: details,
          origin,
          ...(currency ? { currency } : {}),
        });
      } catch (error) {
        // The page still loads, and the browser renders it from the API.
        request.log.warn({ err: error }, 'Could not render a storefront page on the server');
      }
    }
    // A rendered page that found what it shows needs no second look at the catalogue (issue 33);
    // one that found nothing may be a renamed product or category, which moves.
    const target: RouteTarget = !isStorefrontRoute(pathname)
      ? { status: 404 }
      : page && !page.head.notFound
        ? { status: 200 }
        : await routeTarget(pathname, options.catalogueSlugs).catch((error: unknown) => {
            // The page itself still loads and asks the API; only the status is a guess.
            request.log.warn({ err: error }, 'Could not check the page of a storefront route');
            return { status: 200 } as const;
          });
    if (target.status === 301)
      return reply.redirect(query ? `${target.location}?${query}` : target.location, 301);
    const status = page?.head.notFound ? 404 : target.status;
    let html = inLanguage(withShopDetails(indexHtml, details), locale).replace(
      '</head>',
      () => `${cataloguePreloads[locale] ?? ''}</head>`,
    );
    if (page) html = withRenderedPage(html, page, origin, locale);
    // A page the browser renders alone still names its twin in the other language.
    else if (status === 200)
      html = html.replace('</head>', () => `${languageAlternates(origin, localPath)}</head>`);
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      // The page differs by the currency cookie: a cache keyed by the address alone must not
      // hand one shopper's prices to another.
      .header('Vary', 'Cookie')
      .type('text/html');
    if (isPreviewPage(pathname)) reply.headers(previewAnswerHeaders);
    return reply.send(html);
  });
}
