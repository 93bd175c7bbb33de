import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  locales,
  pathInLocale,
  shopLocale,
  type CurrencyChoice,
  type Locale,
  type PageHead,
  type PublicShop,
} from '@shop/shared';

export type { PageHead } from '@shop/shared';

/**
 * The server's render of the storefront's pages (issue 15): the web build's `ssr/entry-server.mjs`
 * renders a page from the storefront's own components, fetching through the storefront's own
 * calls, which this server answers in-process. Here its answer becomes the page's HTML and head.
 */

export interface RenderedPage {
  html: string;
  head: PageHead;
  stateScript: string;
}

/** What the server uses of the web build's `entry-server.mjs`. */
interface StorefrontRenderModule {
  configureRender(options: {
    transport: (url: string, init: RequestInit) => Promise<Response>;
    testPayments: boolean;
  }): void;
  renderPage(request: {
    url: string;
    shop: PublicShop;
    origin: string;
    currency?: CurrencyChoice;
  }): Promise<RenderedPage | undefined>;
}

export type StorefrontRenderer = StorefrontRenderModule['renderPage'];

const RENDER_ENTRY = path.join('ssr', 'entry-server.mjs');

/** An API call's answer as the render reads it. */
interface CallAnswer {
  status: number;
  body: Buffer | null;
  contentType: string;
}

/**
 * The call every page makes alike, its menu's categories: answered once per change (issue 33)
 * rather than per page.
 */
const EVERY_PAGE_CALLS = new Set(['/api/categories/web']);

/** The calls the render makes, answered by this server without a socket. */
function injectTransport(app: FastifyInstance) {
  const call = async (url: URL, init: RequestInit): Promise<CallAnswer> => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const status = answer.statusCode;
    return {
      status,
      body: status === 204 ? null : answer.rawPayload,
      contentType: String(answer.headers['content-type'] ?? ''),
    };
  };
  return async (url: string, init: RequestInit): Promise<Response> => {
    const target = new URL(url, 'http://storefront.invalid');
    // Only API calls: a page's path would come back here and render again.
    if (!target.pathname.startsWith('/api/'))
      throw new Error(`The storefront's render asked for ${target.pathname}, not an API call`);
    const everyPage = (init.method ?? 'GET') === 'GET' && EVERY_PAGE_CALLS.has(target.pathname);
    const language = new Headers(init.headers).get('accept-language') ?? '';
    const answer = everyPage
      ? await app.responseCache.perChange(
          `${language} ${target.href}`,
          () => call(target, init),
          // Only a whole answer outlives its page.
          (kept) => kept.status === 200,
        )
      : await call(target, init);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
}

/** The web build's renderer, or undefined when the build has none (an older build). */
export async function loadStorefrontRenderer(
  app: FastifyInstance,
  options: { webDistDir: string; testPayments: boolean },
): Promise<StorefrontRenderer | undefined> {
  const { webDistDir } = options;
  const entry = path.join(webDistDir, RENDER_ENTRY);
  if (!fs.existsSync(entry)) {
    app.log.warn(
      `No ${RENDER_ENTRY} in ${webDistDir}: the storefront's pages render in the browser`,
    );
    return undefined;
  }
  const module = (await import(pathToFileURL(entry).href)) as StorefrontRenderModule;
  module.configureRender({ transport: injectTransport(app), testPayments: options.testPayments });
  return (request) => module.renderPage(request);
}

/** Text for an attribute value or an element. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** JSON in a script element; `<` escaped so no text in it can close the script. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** `og:locale` of each language. */
const openGraphLocale: Record<Locale, string> = { nb: 'nb_NO', en: 'en_GB' };

/**
 * The page's address in each language, and the Norwegian one for any other (issue 31): a page
 * at `/…` and at `/en/…` is one page, so search engines show the shopper's own.
 */
export function languageAlternates(origin: string, path: string): string {
  const link = (hreflang: string, locale: Locale) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${origin}${pathInLocale(locale, path)}`)}" />`;
  return [...locales.map((locale) => link(locale, locale)), link('x-default', shopLocale)].join('');
}

/**
 * The head's tags for a page in a language: what search engines and link previews read. The
 * head's `canonicalPath` is the page's path within its language.
 */
export function headTags(head: PageHead, origin: string, locale: Locale): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags: string[] = [];
  if (head.notFound || head.noIndex) tags.push(meta('name', 'robots', 'noindex, follow'));
  if (!head.notFound) {
    const url = `${origin}${pathInLocale(locale, head.canonicalPath)}`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      languageAlternates(origin, head.canonicalPath),
      meta('property', 'og:locale', openGraphLocale[locale]),
      meta('property', 'og:type', head.kind ?? 'website'),
      meta('property', 'og:url', url),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (head.image)
      tags.push(
        meta('property', 'og:image', head.image),
        meta('name', 'twitter:image', head.image),
      );
    if (head.priceNok !== undefined)
      tags.push(
        meta('property', 'product:price:amount', head.priceNok.toFixed(2)),
        meta('property', 'product:price:currency', 'NOK'),
      );
  }
  if (head.preloadImage) {
    const { href, srcSet, sizes } = head.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${
        srcSet ? ` imagesrcset="${escapeHtml(srcSet)}"` : ''
      }${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ''} fetchpriority="high" />`,
    );
  }
  for (const data of head.structuredData ?? [])
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('');
}

/**
 * The built page with a rendered page in it: its head, its HTML, the store it was rendered with.
 * Replacements are functions, so a `$` in a product's text is never read as a pattern.
 */
export function withRenderedPage(
  html: string,
  page: RenderedPage,
  origin: string,
  locale: Locale,
): string {
  const { head } = page;
  const description = head.description
    ? `<meta name="description" content="${escapeHtml(head.description)}" />`
    : '';
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => description)
    .replace('</head>', () => `${headTags(head, origin, locale)}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.stateScript}`);
}
