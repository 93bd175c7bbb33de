import { expect, test, type Page } from './support/test.js';
import { formatPrice } from '@shop/shared';
import { categories, categoryProducts, product } from './support/catalogue.js';
import { en, enUrl } from './support/english.js';

// Issue 15: the pages people arrive on from outside come rendered from the server, with their
// head, and the storefront takes them over without asking for them again.

/** The JSON-LD objects of a page's HTML. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
}

/** The API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

test("a product page's HTML holds its name, price and JSON-LD, and the page hydrates without fetching it again", async ({
  page,
  request,
}) => {
  const [category] = await categories(request);
  const [card] = (await categoryProducts(request, category?._id ?? '')).products.filter(
    (candidate) => candidate.stock > 0,
  );
  const detail = await product(request, card?.slug ?? '');

  const response = await request.get(en(`/product/${detail.slug}`));
  expect(response.status()).toBe(200);
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(`>${detail.name.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}<`);
  expect(root).toContain(formatPrice(detail.sellingPrice, 1, 'NOK'));
  expect(html).toContain(`<link rel="canonical" href="`);
  expect(html).toMatch(/<meta property="og:type" content="product" \/>/);
  const [productData] = structuredData(html);
  expect(productData).toMatchObject({
    '@type': 'Product',
    name: detail.name,
    offers: expect.arrayContaining([
      expect.objectContaining({
        '@type': 'Offer',
        priceCurrency: 'NOK',
        price: detail.sellingPrice.toFixed(2),
        availability: 'https://schema.org/InStock',
      }),
    ]),
  });

  const calls = apiCalls(page);
  await page.goto(en(`/product/${detail.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: detail.name })).toBeVisible();
  // Hydrated: the page's own buttons work, with the product the server rendered.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.locator('output[aria-label="Quantity"]')).toHaveText('2');
  expect(calls).not.toContain(`/api/products/${detail.slug}/slug`);
  expect(calls).not.toContain('/api/categories/web');
});

test('a product that does not exist answers 404 with the not-found page, from the server', async ({
  request,
}) => {
  const response = await request.get(en('/product/no-such-product-at-all'));
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('Page not found');
  expect(html).toContain('<meta name="robots" content="noindex, follow" />');
  expect(html).not.toContain('rel="canonical"');
});

test('the home page carries the Organization and a category page its trail, both rendered', async ({
  request,
}) => {
  const home = await (await request.get(en('/'))).text();
  expect(structuredData(home)).toContainEqual(expect.objectContaining({ '@type': 'Organization' }));
  expect(home).toContain('<link rel="preload" as="image"');

  const [category] = await categories(request);
  const {
    products: [first],
  } = await categoryProducts(request, category?._id ?? '');
  const listing = await (await request.get(en(`/category/${category?.slug}`))).text();
  expect(listing).toContain(first?.name.replaceAll('&', '&amp;') ?? '');
  expect(structuredData(listing)).toContainEqual(
    expect.objectContaining({ '@type': 'BreadcrumbList' }),
  );
});

/** About's sections as the page holds them: ids, headings and each section's markup. */
function aboutSections(page: Page) {
  return page.locator('main section').evaluateAll((sections) =>
    sections.map((section) => {
      const heading = section.querySelector('h2');
      return {
        id: section.id,
        labelledBy: section.getAttribute('aria-labelledby'),
        headingId: heading?.id,
        title: heading?.textContent,
        html: section.querySelector('.static-page')?.innerHTML,
      };
    }),
  );
}

test("About comes with its sections in the HTML, the browser's own render of it agrees, and its side list scrolls once live", async ({
  page,
  request,
}) => {
  const response = await request.get(en('/about'));
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<link rel="canonical" href="');
  expect(html).toMatch(/<title>About us \| [^<]+<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+ is a small family-run/);
  // Before any script runs: the side list and every section under its heading. The staff's
  // text may hold no div (the server's sanitiser), so a section's text ends at the first.
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('<h1>About us</h1>');
  expect(root).toContain('<nav id="about-services"');
  expect(root).toContain('<a href="#about-honey"');
  const served = [
    ...root.matchAll(
      /<section id="([^"]+)"[^>]*aria-labelledby="([^"]+)"[^>]*><h2 id="([^"]+)" class="h4">([^<]+)<\/h2><div class="static-page[^"]*">(.*?)<\/div><\/section>/g,
    ),
  ].map(([, id, labelledBy, headingId, title, sectionHtml]) => ({
    id,
    labelledBy,
    headingId,
    title: title?.replaceAll('&amp;', '&'),
    html: sectionHtml,
  }));
  expect(served.map(({ title }) => title)).toEqual([
    'Ethnic Garments',
    'Western Garments',
    'Handicrafts',
    'Health and Beauty',
    'Herbal Goods',
    'Honey',
    'Coffee and Tea',
    'Hemp Products',
    'Cleaning Services',
  ]);

  const calls = apiCalls(page);
  await page.goto(en('/about'));
  expect(await aboutSections(page)).toEqual(served);
  expect(calls).not.toContain('/api/pages/about');

  // Live: a side-list link scrolls its section into view and moves the focus there.
  const list = page.getByRole('navigation', { name: 'Our services' });
  await list.getByRole('link', { name: 'Cleaning Services' }).click();
  const cleaning = page.getByRole('region', { name: 'Cleaning Services' });
  await expect(cleaning).toBeInViewport();
  await expect(cleaning).toBeFocused();
  await expect(page).toHaveURL(enUrl(/\/about$/));

  // Reached inside the shop, the browser splits the text itself: the same ids and markup.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Data Safety and Privacy Statement' }),
  ).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  expect(calls).toContain('/api/pages/privacy');
  expect(await aboutSections(page)).toEqual(served);
});

test('the text pages and the cleaning page show a picture of the shop in link previews, which it serves (issue 29.12)', async ({
  request,
}) => {
  for (const path of ['/about', '/privacy', '/delivery-terms-conditions', '/cleaning']) {
    const html = await (await request.get(path)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(image, path).toMatch(/^https?:\/\/[^/]+\/uploads\/cleaning(-gallery)?\/[\w-]+\.webp$/);
    expect(html, path).toContain(`<meta name="twitter:image" content="${image}" />`);
    const served = await request.get(image);
    expect(served.status(), image).toBe(200);
    expect(served.headers()['content-type'], image).toBe('image/webp');
  }
});
