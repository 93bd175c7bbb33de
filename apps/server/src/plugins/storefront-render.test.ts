import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettingDefaults, type CategoryListingResponse } from '@shop/shared';
import { setSetting } from '../modules/settings/settings.service.js';
import { insertCatalogFixture, required, type CatalogFixture } from '../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { headTags, type PageHead } from './storefront-render.js';

/** The built page's structure, as apps/web/index.html has it after `vite build`. */
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Garments, handicrafts, honey, coffee and tea, hemp goods and cleaning services from Norway."
    />
    <meta name="theme-color" content="#1f5c4a" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Nordic Trading Shop</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Text with everything a replacement or an HTML writer could get wrong. */
const tricky = `Tea "Gold" <b>&</b> $& $' $\` $$ $1`;
const trickyEscaped = "Tea &quot;Gold&quot; &lt;b&gt;&amp;&lt;/b&gt; $&amp; $' $` $$ $1";
const trickyHtml = `<p id="tricky">Price $& and $' and $\` and $$ and $1</p>`;
const hostileJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Honey </script><script>alert(1)</script> <!-- &amp;',
};

/**
 * A stand-in for the web build's `ssr/entry-server.mjs`: the same two exports, a page per path
 * for each case of the server's handling of a render.
 */
const fakeRenderer = `
let transport;
let testPayments;

export function configureRender(options) {
  transport = options.transport;
  testPayments = options.testPayments;
}

const state = (value) => '<script id="state">' + JSON.stringify(value) + '</script>';

export async function renderPage({ url, shop, origin, currency }) {
  const address = new URL(url, 'http://shop.invalid');
  const { searchParams } = address;
  // An English page is the same page under /en.
  const pathname = address.pathname.replace(/^\\/en(?=\\/|$)/, '') || '/';
  switch (pathname) {
    case '/':
      return {
        html: '<p id="currency">' + JSON.stringify(currency ?? null) + '</p>',
        stateScript: state({ page: 'home' }),
        head: { title: 'Home', description: 'Home', canonicalPath: '/' },
      };
    case '/product/hemp-t-shirt':
      return {
        html: '<main><h1>Hemp T-Shirt</h1></main>',
        stateScript: state({ page: 'product', shop: shop.name, origin }),
        head: {
          title: 'Hemp T-Shirt | Nordic Trading Shop',
          description: 'Soft hemp.',
          canonicalPath: '/product/hemp-t-shirt',
          image: origin + '/uploads/products/hemp.webp',
          kind: 'product',
          priceNok: 239.2,
          structuredData: [
            { '@context': 'https://schema.org', '@type': 'Product', name: 'Hemp T-Shirt' },
            { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
          ],
          preloadImage: {
            href: '/uploads/products/hemp-800.webp',
            srcSet: '/uploads/products/hemp-400.webp 400w, /uploads/products/hemp-800.webp 800w',
            sizes: '(max-width: 600px) 100vw, 50vw',
          },
        },
      };
    case '/search':
      return {
        html: ${JSON.stringify(trickyHtml)},
        stateScript: state({ page: 'search' }),
        head: {
          title: ${JSON.stringify(tricky)},
          description: ${JSON.stringify(tricky)},
          canonicalPath: '/search',
          noIndex: true,
          structuredData: [${JSON.stringify(hostileJsonLd)}],
        },
      };
    case '/category/garments':
      return {
        html: '<main><h1>Page not found</h1></main>',
        stateScript: state({ page: 'not-found' }),
        head: {
          title: 'Page not found | Nordic Trading Shop',
          description: '',
          canonicalPath: '/category/garments',
          notFound: true,
        },
      };
    case '/cleaning':
      throw new Error('The render failed');
    case '/about': {
      const shopAnswer = await transport('http://localhost:5000/api/shop', { method: 'GET' });
      const details = await shopAnswer.json();
      const offersAnswer = await transport('/api/products/acacia-honey/offers', {});
      const { offers } = await offersAnswer.json();
      const listing = await transport(
        '/api/products/category/' + searchParams.get('category') + '?page=1',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ sub: [], sub2: null, min: 0, max: 0, sortby: '', subfilter: [] }),
        },
      );
      const { products } = await listing.json();
      const missing = await transport('/api/no-such-thing', { method: 'GET' });
      return {
        html:
          '<p id="shop">' + details.name + '</p>' +
          '<p id="price">' + offers[0].sellingPrice + '</p>' +
          '<p id="listing">' + products.map((card) => card.slug).join(',') + '</p>' +
          '<p id="missing">' + missing.status + ' ' + missing.headers.get('content-type') + '</p>' +
          '<p id="test-payments">' + testPayments + '</p>',
        stateScript: state({ page: 'about' }),
        head: { title: 'About', description: 'About us', canonicalPath: '/about' },
      };
    }
    default:
      return undefined;
  }
}
`;

let webDist: string;
let ctx: TestContext;
let fixture: CatalogFixture;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), indexHtml);
  await fs.mkdir(path.join(webDist, 'ssr'));
  await fs.writeFile(path.join(webDist, 'ssr', 'entry-server.mjs'), fakeRenderer);
  // The part of Vite's build manifest the server reads: each language's catalogue chunk.
  await fs.mkdir(path.join(webDist, '.vite'));
  await fs.writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      'src/i18n/nb.ts': { file: 'assets/nb-n0rsk.js', isDynamicEntry: true },
      'src/i18n/en.ts': { file: 'assets/en-3ngl1sh.js', isDynamicEntry: true },
    }),
  );
  ctx = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://shop.example/' });
  fixture = await insertCatalogFixture(ctx.db);
  await setSetting(ctx.db, 'shopDetails', {
    ...shopSettingDefaults.shopDetails,
    name: 'Fjordbutikken',
  });
});

afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A page split at its `</head>`: what the head holds, and the rest. */
function parts(body: string) {
  const [head = '', rest = ''] = body.split('</head>');
  return { head, body: rest };
}

function jsonLd(head: string): unknown[] {
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as unknown,
  );
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('a storefront page rendered on the server (issue 15)', () => {
  it('puts the rendered HTML in the root, the store after it and the page head in the head', async () => {
    const response = await page('/product/hemp-t-shirt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const { head, body } = parts(response.body);

    expect(body).toContain(
      '<div id="root"><main><h1>Hemp T-Shirt</h1></main></div>' +
        '<script id="state">{"page":"product","shop":"Fjordbutikken","origin":"https://shop.example"}</script>',
    );
    expect(head).toContain('<title>Hemp T-Shirt | Nordic Trading Shop</title>');
    expect(head).not.toContain('<title>Nordic Trading Shop</title>');
    expect(count(head, 'name="description"')).toBe(1);
    expect(head).toContain('<meta name="description" content="Soft hemp." />');
    expect(head).not.toContain('cleaning services from Norway');
    // What the page had kept its place.
    expect(head).toContain('<meta name="theme-color" content="#1f5c4a" />');
    expect(head).toContain('src="/assets/index-abc123.js"');
    expect(head).toContain('<script id="shop-details" type="application/json">');

    // PUBLIC_URL's trailing slash is not doubled.
    expect(head).toContain(
      '<link rel="canonical" href="https://shop.example/product/hemp-t-shirt" />',
    );
    for (const tag of [
      '<meta property="og:type" content="product" />',
      '<meta property="og:url" content="https://shop.example/product/hemp-t-shirt" />',
      '<meta property="og:title" content="Hemp T-Shirt | Nordic Trading Shop" />',
      '<meta property="og:description" content="Soft hemp." />',
      '<meta property="og:image" content="https://shop.example/uploads/products/hemp.webp" />',
      '<meta property="product:price:amount" content="239.20" />',
      '<meta property="product:price:currency" content="NOK" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:title" content="Hemp T-Shirt | Nordic Trading Shop" />',
      '<meta name="twitter:description" content="Soft hemp." />',
      '<meta name="twitter:image" content="https://shop.example/uploads/products/hemp.webp" />',
      '<link rel="preload" as="image" href="/uploads/products/hemp-800.webp" ' +
        'imagesrcset="/uploads/products/hemp-400.webp 400w, /uploads/products/hemp-800.webp 800w" ' +
        'imagesizes="(max-width: 600px) 100vw, 50vw" fetchpriority="high" />',
    ])
      expect(head, tag).toContain(tag);
    expect(head).not.toContain('robots');
    expect(jsonLd(head)).toEqual([
      { '@context': 'https://schema.org', '@type': 'Product', name: 'Hemp T-Shirt' },
      { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
    ]);
  });

  it('serves each language its page: <html lang>, its own canonical address and both alternates (issue 31.3)', async () => {
    const alternates = (path: string) =>
      '<link rel="alternate" hreflang="nb" href="https://shop.example' +
      path +
      '" />' +
      '<link rel="alternate" hreflang="en" href="https://shop.example/en' +
      path +
      '" />' +
      '<link rel="alternate" hreflang="x-default" href="https://shop.example' +
      path +
      '" />';
    const norwegian = await page('/product/hemp-t-shirt');
    expect(norwegian.body).toMatch(/<html[^>]* lang="nb">/);
    expect(parts(norwegian.body).head).toContain(alternates('/product/hemp-t-shirt'));
    expect(parts(norwegian.body).head).toContain('<meta property="og:locale" content="nb_NO" />');

    const english = await page('/en/product/hemp-t-shirt');
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/<html[^>]* lang="en">/);
    const { head } = parts(english.body);
    expect(head).toContain(
      '<link rel="canonical" href="https://shop.example/en/product/hemp-t-shirt" />',
    );
    expect(head).toContain(
      '<meta property="og:url" content="https://shop.example/en/product/hemp-t-shirt" />',
    );
    expect(head).toContain('<meta property="og:locale" content="en_GB" />');
    expect(head).toContain(alternates('/product/hemp-t-shirt'));
    expect(count(head, 'rel="canonical"')).toBe(1);

    for (const home of ['/en', '/en/']) {
      const response = await page(home);
      expect(response.statusCode, home).toBe(200);
      expect(response.body, home).toMatch(/<html[^>]* lang="en">/);
      expect(response.body, home).toContain(
        '<link rel="canonical" href="https://shop.example/en/" />',
      );
    }
    // A page the browser renders alone names its twin all the same.
    const cart = parts((await page('/en/cart')).body).head;
    expect(cart).toContain(alternates('/cart'));
    expect(cart).not.toContain('rel="canonical"');
  });

  it("preloads the catalogue chunk of the page's language and no other, rendered here or not (issue 31.9)", async () => {
    const preload = (locale: string) =>
      `<link rel="modulepreload" crossorigin href="/assets/${locale}">`;
    for (const [url, own, other] of [
      ['/', 'nb-n0rsk.js', 'en-3ngl1sh.js'],
      ['/en/', 'en-3ngl1sh.js', 'nb-n0rsk.js'],
      ['/product/hemp-t-shirt', 'nb-n0rsk.js', 'en-3ngl1sh.js'],
      ['/en/cart', 'en-3ngl1sh.js', 'nb-n0rsk.js'],
      ['/cart', 'nb-n0rsk.js', 'en-3ngl1sh.js'],
    ] as const) {
      const { head } = parts((await page(url)).body);
      expect(count(head, preload(own)), url).toBe(1);
      expect(head, url).not.toContain(other);
    }
    // The manifest is the server's, like its render.
    expect((await page('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('answers an unknown address 404 in either language (issue 31.3)', async () => {
    for (const url of [
      '/no-such-page',
      '/en/no-such-page',
      '/enx',
      '/en/product/no-such-product',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    const english404 = await page('/en/no-such-page');
    expect(english404.body).toMatch(/<html[^>]* lang="en">/);
    expect(english404.body).not.toContain('hreflang');
  });

  it('opens the bare address in the language the shopper chose, and nothing else (issue 31.3)', async () => {
    const chosen = await ctx.app.inject({
      method: 'GET',
      url: '/?ref=mail',
      cookies: { locale: 'en' },
    });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/en/?ref=mail');
    expect(chosen.headers.vary).toContain('Cookie');
    const asked = await ctx.app.inject({
      method: 'GET',
      url: '/product/hemp-t-shirt',
      cookies: { locale: 'en' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toMatch(/<html[^>]* lang="nb">/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/', cookies: { locale: 'nb' } })).statusCode,
    ).toBe(200);
    expect((await page('/')).statusCode).toBe(200);
  });

  it("renders with the shopper's currency from its cookie, and says the page differs by cookie (issue 29.10)", async () => {
    const sweden = await ctx.app.inject({
      method: 'GET',
      url: '/',
      cookies: { currency: 'SEK-SWE' },
    });
    expect(sweden.body).toContain(
      '<p id="currency">{"currencyCode":"SEK","countryCode":"SWE"}</p>',
    );
    expect(sweden.headers.vary).toMatch(/\bcookie\b/i);
    for (const cookies of [{}, { currency: 'SEK"><script>' }] as Record<string, string>[]) {
      const plain = await ctx.app.inject({ method: 'GET', url: '/', cookies });
      expect(plain.body).toContain('<p id="currency">null</p>');
      expect(plain.headers.vary).toMatch(/\bcookie\b/i);
    }
    // Compressed, the page still says both what it varies by.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/',
      cookies: { currency: 'SEK-SWE' },
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/\bcookie\b/i);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
  });

  it('escapes the head text, keeps the HTML as rendered and applies no replacement patterns', async () => {
    const response = await page('/search?q=tea');
    expect(response.statusCode).toBe(200);
    const { head, body } = parts(response.body);

    expect(head).toContain(`<title>${trickyEscaped}</title>`);
    expect(head).toContain(`<meta name="description" content="${trickyEscaped}" />`);
    expect(head).toContain(`<meta property="og:title" content="${trickyEscaped}" />`);
    expect(head).toContain(`<meta name="twitter:description" content="${trickyEscaped}" />`);
    expect(count(response.body, '<title>')).toBe(1);
    expect(count(response.body, '<!doctype html>')).toBe(1);
    expect(body).toContain(
      `<div id="root">${trickyHtml}</div><script id="state">{"page":"search"}</script>`,
    );
    expect(head).toContain('<meta name="robots" content="noindex, follow" />');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/search" />');

    // The structured data reads back whole, and nothing in it closed its script.
    expect(jsonLd(head)).toEqual([hostileJsonLd]);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!-- &amp;');
  });

  it('answers 404 with noindex and no canonical address when the page names nothing', async () => {
    const response = await page('/category/garments');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    const { head, body } = parts(response.body);
    expect(head).toContain('<meta name="robots" content="noindex, follow" />');
    expect(head).not.toContain('rel="canonical"');
    expect(head).not.toContain('og:');
    expect(head).not.toContain('name="description"');
    expect(head).toContain('<title>Page not found | Nordic Trading Shop</title>');
    expect(body).toContain('<div id="root"><main><h1>Page not found</h1></main></div>');
  });

  it('answers 200 with the plain page and the shop details when the render throws', async () => {
    const response = await page('/cleaning');
    expect(response.statusCode).toBe(200);
    const { head, body } = parts(response.body);
    expect(body).toContain('<div id="root"></div>');
    expect(head).toContain('<title>Nordic Trading Shop</title>');
    expect(head).toContain('cleaning services from Norway.');
    expect(head).toMatch(/<script id="shop-details" type="application\/json">\{.*"Fjordbutikken"/);
    expect(head).not.toContain('rel="canonical"');
  });

  it('gives the plain page for a route the render declines', async () => {
    const response = await page('/cart');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<title>Nordic Trading Shop</title>');
    expect(response.body).toContain('<script id="shop-details" type="application/json">');
    expect(response.body).not.toContain('rel="canonical"');
  });

  it('lets the render call this app in-process, with method, headers, body and status', async () => {
    const food = required(fixture.categories.food, 'food');
    const listing = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/category/${food}?page=1`,
      payload: { sub: [], sub2: null, min: 0, max: 0, sortby: '', subfilter: [] },
    });
    expect(listing.statusCode).toBe(200);
    const slugs = (listing.json() as CategoryListingResponse).products.map((card) => card.slug);
    expect(slugs.length).toBeGreaterThan(1);

    const response = await page(`/about?category=${food}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p id="shop">Fjordbutikken</p>');
    expect(response.body).toContain('<p id="price">149</p>');
    expect(response.body).toContain(`<p id="listing">${slugs.join(',')}</p>`);
    expect(response.body).toContain('<p id="missing">404 application/json; charset=utf-8</p>');
    expect(response.body).toContain('<p id="test-payments">true</p>');
  });

  it('never serves the server render itself', async () => {
    for (const url of [
      '/ssr/entry-server.mjs',
      '/%73sr/entry-server.mjs',
      '/ssr/entry-server.mjs?raw',
      '/assets/../ssr/entry-server.mjs',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('configureRender');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/ssr/entry-server.mjs' });
    expect(head.statusCode).toBe(404);
  });

  it('still answers an unknown API path with JSON 404', async () => {
    const response = await page('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });
});

describe('headTags', () => {
  const productHead: PageHead = {
    title: 'Acacia Honey',
    description: 'Raw honey from Norway.',
    canonicalPath: '/product/acacia-honey',
    kind: 'product',
    priceNok: 149,
  };

  it('describes a product with its price in NOK, two decimals', () => {
    const tags = headTags(productHead, 'https://shop.example', 'nb');
    expect(tags).toContain('<meta property="og:type" content="product" />');
    expect(tags).toContain('<meta property="product:price:amount" content="149.00" />');
    expect(tags).toContain('<meta property="product:price:currency" content="NOK" />');
    expect(tags).toContain(
      '<link rel="canonical" href="https://shop.example/product/acacia-honey" />',
    );
    // No picture: the small card, and no image tags.
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('robots');
    expect(headTags({ ...productHead, priceNok: 239.2 }, 'https://shop.example', 'nb')).toContain(
      '<meta property="product:price:amount" content="239.20" />',
    );
    expect(headTags({ ...productHead, priceNok: 0.5 }, 'https://shop.example', 'nb')).toContain(
      '<meta property="product:price:amount" content="0.50" />',
    );
  });

  it('describes any other page as a website without a price', () => {
    const tags = headTags(
      { title: 'About', description: 'About us', canonicalPath: '/about' },
      'https://shop.example',
      'nb',
    );
    expect(tags).toContain('<meta property="og:type" content="website" />');
    expect(tags).not.toContain('product:price');
  });
});
