import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathInLocale, storefrontRoutePatterns } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import {
  productPages,
  shownCategoryPages,
  type CataloguePage,
} from '../catalog/catalog-pages.service.js';
import { categories, products } from '../catalog/catalog.tables.js';
import { staticPages } from '../content/content.tables.js';
import { escapeXml } from './seo.service.js';

// Search engines' files (issue 15): robots.txt and the sitemap, split into an index of parts
// when long. `split` serves the same catalogue with three URLs per sitemap file.

const PUBLIC_URL = 'https://shop.example/';
const BASE = 'https://shop.example';
const PART_SIZE = 3;
const acaciaChanged = new Date('2025-03-04T05:06:07.890Z');
const refundSaved = new Date('2025-02-01T10:00:00.000Z');

let ctx: TestContext;
let split: TestContext;
let webDist: string;

/**
 * The fixture catalogue with a draft, an archived product, a hidden third-level category (with
 * its product) and a hidden tree, a product whose slug needs encoding, and a saved text page.
 */
async function prepareCatalogue(db: Database): Promise<void> {
  const fixture = await insertCatalogFixture(db);
  const product = (slug: string) => required(fixture.products[slug], slug).id;
  await db
    .update(products)
    .set({ status: 'draft' })
    .where(eq(products.id, product('green-tea')));
  await db
    .update(products)
    .set({ status: 'archived' })
    .where(eq(products.id, product('wool-socks')));
  await db
    .update(products)
    .set({ updatedAt: acaciaChanged })
    .where(eq(products.id, product('acacia-honey')));
  await db.update(categories).set({ hidden: true }).where(eq(categories.slug, 'creamed-honey'));
  const [top] = await db
    .insert(categories)
    .values({ name: 'Hidden top', slug: 'hidden-top', hidden: true })
    .returning({ id: categories.id });
  const [under] = await db
    .insert(categories)
    .values({ name: 'Under hidden', slug: 'under-hidden', parentId: required(top, 'top').id })
    .returning({ id: categories.id });
  await db
    .insert(categories)
    .values({ name: 'Deep', slug: 'deep-under-hidden', parentId: required(under, 'under').id });
  await db.insert(products).values({
    slug: 'tea & "cake"',
    name: 'Tea and cake',
    categoryId: required(fixture.categories.food, 'food'),
  });
  await db
    .insert(staticPages)
    .values({ slug: 'refund', title: 'Refund', html: '<p>Refunds</p>', updatedAt: refundSaved });
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  [ctx, split] = await Promise.all([
    createTestApp({ PUBLIC_URL, WEB_DIST_DIR: webDist, RESPONSE_CACHE_SECONDS: '600' }),
    createTestApp({ PUBLIC_URL }, { sitemapPartSize: PART_SIZE }),
  ]);
  await Promise.all([prepareCatalogue(ctx.db), prepareCatalogue(split.db)]);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), split?.close()]);
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (context: TestContext, url: string) => context.app.inject({ method: 'GET', url });

interface UrlEntry {
  loc: string;
  lastmod?: string;
  /** The `<xhtml:link rel="alternate">` of a page's URL: its address by hreflang. */
  alternates?: Record<string, string>;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const namespaces = {
  urlset: `${NAMESPACE} xmlns:xhtml="http://www.w3.org/1999/xhtml"`,
  sitemapindex: NAMESPACE,
};

/** Element text as XML reads it; a bare `&` or `<` is not well-formed. */
function xmlText(text: string): string {
  expect(text).not.toMatch(/<|>|&(?!(?:amp|lt|gt|quot|apos);)/);
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * A strict reading of the one shape the shop writes (no XML parser is a dependency): the
 * declaration, the root with the sitemap namespace (and a urlset with the xhtml one its links
 * need), and only `<url>` (or `<sitemap>`) elements with a `<loc>`, an optional `<lastmod>` and,
 * in a `<url>`, `<xhtml:link>` alternates, every element closed in order.
 */
function readSitemap(xml: string, root: 'urlset' | 'sitemapindex'): UrlEntry[] {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  expect(xml.startsWith(XML_DECLARATION)).toBe(true);
  const body = new RegExp(
    `^<${root} ${namespaces[root]}>\\n((?:<${entry}>.*</${entry}>\\n)*)</${root}>\\n$`,
  );
  const match = body.exec(xml.slice(XML_DECLARATION.length));
  expect(match, xml).not.toBeNull();
  const element = new RegExp(
    `^<${entry}><loc>([^<]*)</loc>(?:<lastmod>(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ)</lastmod>)?(${
      root === 'urlset' ? '(?:<xhtml:link rel="alternate" hreflang="[a-z-]+" href="[^"<]*"/>)*' : ''
    })</${entry}>$`,
  );
  return (match?.[1] ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const parts = element.exec(line);
      expect(parts, line).not.toBeNull();
      const loc = xmlText(parts?.[1] ?? '');
      expect(new URL(loc).origin).toBe(BASE);
      const links = [...(parts?.[3] ?? '').matchAll(/hreflang="([a-z-]+)" href="([^"]*)"/g)];
      return {
        loc,
        ...(parts?.[2] === undefined ? {} : { lastmod: parts[2] }),
        ...(links.length
          ? {
              alternates: Object.fromEntries(
                links.map(([, lang = '', href = '']) => [lang, xmlText(href)]),
              ),
            }
          : {}),
      };
    });
}

const isEnglish = (loc: string) => new URL(loc).pathname.startsWith('/en/');

const locs = (entries: UrlEntry[]) => entries.map((entry) => entry.loc);

async function singleList(): Promise<UrlEntry[]> {
  const response = await get(ctx, '/sitemap.xml');
  expect(response.statusCode).toBe(200);
  return readSitemap(response.body, 'urlset');
}

/** The list's Norwegian addresses: each page once. */
const norwegianList = async () => (await singleList()).filter((entry) => !isEnglish(entry.loc));

/** Whether a crawler obeying these rules may fetch the path: the longest matching rule wins. */
function crawlable(robots: string, pathname: string): boolean {
  const rules = robots
    .split('\n')
    .flatMap((line) => {
      const rule = /^(Allow|Disallow): (\S+)$/.exec(line);
      return rule ? [{ allow: rule[1] === 'Allow', path: rule[2] ?? '' }] : [];
    })
    .filter((rule) => pathname.startsWith(rule.path))
    .sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow));
  return rules[0]?.allow ?? true;
}

describe('robots.txt', () => {
  it('issue 15: lets crawlers see every page a shopper browses, keeps private areas out and names the sitemap', async () => {
    const response = await get(ctx, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const robots = response.body;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/shop\.example\/sitemap\.xml$/m);

    const publicRoutes = [
      '/',
      '/category/:slug',
      '/product/:slug',
      '/cleaning',
      '/about',
      '/delivery-terms-conditions',
      '/terms-conditions',
      '/refund',
      '/return',
      '/privacy',
      '/mobcat',
      '/more',
    ];
    // A new storefront route fails here until someone decides whether crawlers may see it; the
    // English page of a route is as open as the Norwegian one (issue 31).
    for (const pattern of storefrontRoutePatterns) {
      const sample = pattern.replace(/:[a-z]+/gi, 'x');
      expect(crawlable(robots, sample), pattern).toBe(publicRoutes.includes(pattern));
      const english = pathInLocale('en', sample);
      expect(crawlable(robots, english), english).toBe(publicRoutes.includes(pattern));
    }
    for (const open of [
      '/uploads/products/tea.webp',
      '/sitemap.xml',
      // The product feeds (issue 34.6): public files for Google and Prisjakt, not pages to list.
      '/feeds/google-merchant.xml',
      '/feeds/prisjakt.xml',
      '/api/products/acacia-honey/slug',
      '/api/categories/web',
      '/api/pages/about',
      '/api/reviews/product/x',
    ])
      expect(crawlable(robots, open), open).toBe(true);
    for (const closed of [
      '/admin',
      '/admin/products',
      '/api/products/wishlist',
      '/api/subscribers/profile',
      '/api/orders',
      '/api/admin/products',
      // A preview link's API answer and page (issue 34.4), never in a search result.
      '/api/previews/products/x',
      '/preview/x',
      '/en/preview/x',
      '/auth/google',
      '/account',
      '/orders',
      '/en/account',
      '/en/cart',
      '/en/checkout/payment',
    ])
      expect(crawlable(robots, closed), closed).toBe(false);
  });
});

describe('the sitemap', () => {
  it('issue 15: lists home, the cleaning page, the text pages and the shown categories on PUBLIC_URL', async () => {
    const response = await get(ctx, '/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const entries = await norwegianList();
    expect(locs(entries.slice(0, 8))).toEqual([
      `${BASE}/`,
      `${BASE}/cleaning`,
      `${BASE}/about`,
      `${BASE}/terms-conditions`,
      `${BASE}/refund`,
      `${BASE}/return`,
      `${BASE}/privacy`,
      `${BASE}/delivery-terms-conditions`,
    ]);
    // A saved page has the time of its save; a default text has no date; a category has the
    // time of its latest change (issue 29.12).
    expect(entries.find((entry) => entry.loc === `${BASE}/refund`)?.lastmod).toBe(
      '2025-02-01T10:00:00Z',
    );
    expect(entries.find((entry) => entry.loc === `${BASE}/about`)?.lastmod).toBeUndefined();
    const categoryEntries = entries.filter((entry) => entry.loc.startsWith(`${BASE}/category/`));
    expect(categoryEntries.every((entry) => entry.lastmod !== undefined)).toBe(true);
    expect(locs(categoryEntries).sort()).toEqual(
      ['cleaning', 'coffee-and-tea', 'food', 'garments', 'honey', 'raw-honey', 'socks', 't-shirts']
        .map((slug) => `${BASE}/category/${slug}`)
        .sort(),
    );
  });

  it('issue 15: lists every published product on sale with its lastmod, never a draft, archived or hidden one', async () => {
    const entries = await norwegianList();
    const productEntries = entries.filter((entry) => entry.loc.startsWith(`${BASE}/product/`));
    expect(locs(productEntries).sort()).toEqual(
      [
        'acacia-honey',
        'ethiopian-coffee-beans',
        'hemp-t-shirt',
        'raw-forest-honey',
        'tea%20%26%20%22cake%22',
      ]
        .map((slug) => `${BASE}/product/${slug}`)
        .sort(),
    );
    expect(productEntries.find((entry) => entry.loc.endsWith('/acacia-honey'))?.lastmod).toBe(
      '2025-03-04T05:06:07Z',
    );
    expect(productEntries.every((entry) => entry.lastmod !== undefined)).toBe(true);
  });

  it('issue 31.3: lists each page at its English address too, each URL naming both and the Norwegian as the default', async () => {
    const entries = await singleList();
    const norwegian = entries.filter((entry) => !isEnglish(entry.loc));
    expect(entries).toHaveLength(norwegian.length * 2);
    entries.forEach((entry, index) => {
      // Each page's Norwegian address, then its English one.
      const page = required(norwegian[Math.floor(index / 2)], entry.loc);
      const path = new URL(page.loc).pathname;
      const english = `${BASE}${pathInLocale('en', path)}`;
      expect(entry.loc).toBe(index % 2 === 0 ? page.loc : english);
      expect(entry.lastmod).toBe(page.lastmod);
      expect(entry.alternates, entry.loc).toEqual({
        nb: page.loc,
        en: english,
        'x-default': page.loc,
      });
    });
    expect(locs(entries.slice(0, 4))).toEqual([
      `${BASE}/`,
      `${BASE}/en/`,
      `${BASE}/cleaning`,
      `${BASE}/en/cleaning`,
    ]);
    expect(locs(entries)).toContain(`${BASE}/en/product/tea%20%26%20%22cake%22`);
    expect(locs(entries)).toContain(`${BASE}/en/category/raw-honey`);
  });

  it('issue 15: is served from the response cache with its own type and headers', async () => {
    await get(ctx, '/sitemap.xml');
    const again = await get(ctx, '/sitemap.xml');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(again.headers['cache-control']).toBe('public, max-age=3600');
    readSitemap(again.body, 'urlset');
  });

  it('issue 15: answers its files, not the storefront page that catches unknown paths', async () => {
    expect((await get(ctx, '/no-such-page')).body).toContain('<div id="root">');
    const single = await singleList();
    const first = await get(ctx, '/sitemap-1.xml');
    expect(first.statusCode).toBe(200);
    expect(readSitemap(first.body, 'urlset')).toEqual(single);
    for (const url of ['/sitemap-2.xml', '/sitemap-0.xml', '/sitemap-abc.xml', '/sitemap-01.xml']) {
      const response = await get(ctx, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Sitemap not found' });
    }
  });

  it('issue 15: becomes an index of parts holding at most the part size, together the whole list', async () => {
    const single = await singleList();
    const index = await get(split, '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const parts = readSitemap(index.body, 'sitemapindex');
    const count = Math.ceil(single.length / PART_SIZE);
    expect(count).toBeGreaterThan(2);
    expect(locs(parts)).toEqual(
      Array.from({ length: count }, (_, index) => `${BASE}/sitemap-${index + 1}.xml`),
    );

    const together: UrlEntry[] = [];
    for (const part of parts) {
      const response = await get(split, new URL(part.loc).pathname);
      expect(response.statusCode, part.loc).toBe(200);
      const entries = readSitemap(response.body, 'urlset');
      expect(entries.length, part.loc).toBeGreaterThan(0);
      expect(entries.length, part.loc).toBeLessThanOrEqual(PART_SIZE);
      together.push(...entries);
    }
    // The two apps have databases of their own, seeded a moment apart: the same pages, but
    // their save times may differ by a second.
    expect(locs(together)).toEqual(locs(single));
    expect(together.map((entry) => entry.lastmod === undefined)).toEqual(
      single.map((entry) => entry.lastmod === undefined),
    );

    const beyond = await get(split, `/sitemap-${count + 1}.xml`);
    expect(beyond.statusCode).toBe(404);
    expect((await get(split, '/sitemap-999.xml')).statusCode).toBe(404);
  });

  it('issue 15: reads products in batches continuing after the last slug, the same as in one query', async () => {
    const read = async (batchSize: number) => {
      const pages: CataloguePage[] = [];
      for await (const batch of productPages(ctx.db, { skip: 1, take: 10 }, batchSize)) {
        expect(batch.length).toBeLessThanOrEqual(batchSize);
        pages.push(...batch);
      }
      return pages.map((page) => page.slug);
    };
    const inOne = await read(1000);
    expect(inOne).toHaveLength(4);
    expect(await read(2)).toEqual(inOne);
    expect(await read(1)).toEqual(inOne);
  });

  it('issue 29.12: gives each category the latest change of itself, its sub-categories or its products, on sale or not', async () => {
    const lastmods = async () =>
      new Map((await shownCategoryPages(ctx.db)).map((page) => [page.slug, page.updatedAt]));
    const forestHoney = new Date('2031-01-02T03:04:05.000Z');
    await ctx.db
      .update(products)
      .set({ updatedAt: forestHoney })
      .where(eq(products.slug, 'raw-forest-honey'));
    // A product filed under Food > Honey > Raw Honey changes the page of each of the three.
    const afterProduct = await lastmods();
    for (const slug of ['food', 'honey', 'raw-honey'])
      expect(afterProduct.get(slug), slug).toEqual(forestHoney);
    for (const slug of ['garments', 'socks', 'coffee-and-tea', 'cleaning'])
      expect(afterProduct.get(slug)?.getTime(), slug).toBeLessThan(forestHoney.getTime());

    // A category's own change: its time kept by the database, whoever writes it.
    const [before] = await ctx.db
      .select({ updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.slug, 'socks'));
    await ctx.db.update(categories).set({ name: 'Warm Socks' }).where(eq(categories.slug, 'socks'));
    const [renamed] = await ctx.db
      .select({ updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.slug, 'socks'));
    expect(renamed?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    const afterRename = await lastmods();
    // Socks is one of Garments' filters: its parent's page changed with it, not its sibling's.
    expect(afterRename.get('socks')).toEqual(renamed?.updatedAt);
    expect(afterRename.get('garments')).toEqual(renamed?.updatedAt);
    expect(afterRename.get('t-shirts')?.getTime()).toBeLessThan(renamed?.updatedAt.getTime() ?? 0);

    // An archived product left the page: that is a change of it too.
    const archived = new Date('2032-05-06T07:08:09.000Z');
    await ctx.db
      .update(products)
      .set({ updatedAt: archived })
      .where(eq(products.slug, 'wool-socks'));
    const afterArchived = await lastmods();
    expect([afterArchived.get('socks'), afterArchived.get('garments')]).toEqual([
      archived,
      archived,
    ]);

    const entries = readSitemap((await get(split, '/sitemap-1.xml')).body, 'urlset');
    expect(entries.every((entry) => !entry.loc.includes('/category/') || entry.lastmod)).toBe(true);
  });

  it('issue 15: escapes text for XML', () => {
    expect(escapeXml(`https://shop.example/?a=1&b=<"it's">`)).toBe(
      'https://shop.example/?a=1&amp;b=&lt;&quot;it&apos;s&quot;&gt;',
    );
  });
});
