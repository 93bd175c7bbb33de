// @vitest-environment node
// Node, as on the server: a render that reached for `document` or `localStorage` would fail here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice, pathInLocale, type ProductDetail } from '@shop/shared';
import { categories, productCard, stubApi } from './features/catalog/catalog-test-kit.js';
import { renderPage } from './entry-server.js';
import { answer, type FetchCall } from './test/fetch-stub.js';
import { servedShop } from './test/shop-details-answer.js';
import { staticPageAnswer } from './test/static-page-answer.js';

const origin = 'https://shop.example';

const sweater: ProductDetail = {
  ...productCard({
    name: 'Wool Sweater <Limited>',
    slug: 'wool-sweater',
    heroImage: '/products/wool-sweater.webp',
    price: 1000,
    sellingPrice: 800,
    discount: 20,
    stock: 10,
  }),
  category: { _id: categories[0]?._id ?? '', name: 'Garments', slug: 'garments' },
  orderLimit: 3,
  gallery: [],
  options: [{ name: 'Size', values: ['M', 'XL'] }],
  variants: { Size: 'M' },
  information: [],
  description: '<p>Knitted in <strong>Norway</strong> &amp; warm.</p>',
  related: [],
};

const offers = [
  { sku: 'SWEATER-M', variants: { Size: 'M' }, sellingPrice: 800, stock: 10 },
  { sku: 'SWEATER-XL', variants: { Size: 'XL' }, sellingPrice: 850, stock: 0 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

// The spec's English words are the English pages' (issue 31): `/en/…`.
const render = (url: string) =>
  renderPage({ url: pathInLocale('en', url), shop: servedShop, origin });

describe("the server's render of the storefront (issue 15)", () => {
  it("a product page holds the product's name, price and description, and its JSON-LD", async () => {
    stubApi({
      'GET /api/products/wool-sweater/slug': sweater,
      'GET /api/products/wool-sweater/offers': { offers },
      [`GET /api/reviews/rating/${sweater._id}`]: {
        data: { ratings: [{ id: 5, count: 3 }], total: 3, averageRating: 4.67 },
      },
    });
    const page = await render('/product/wool-sweater');
    expect(page).toBeDefined();
    const { html, head, stateScript } = page ?? ({} as never);
    // Text is escaped: a name cannot open a tag.
    expect(html).toContain('Wool Sweater &lt;Limited>');
    expect(html).toMatch(/NOK\s800</);
    expect(html).toContain('Knitted in <strong>Norway</strong>');
    // The layout is there too, with the menu the server fetched.
    expect(html).toContain(categories[0]?.name);
    expect(head).toMatchObject({
      title: `Wool Sweater <Limited> | ${servedShop.name}`,
      description: 'Knitted in Norway & warm.',
      canonicalPath: '/product/wool-sweater',
      kind: 'product',
      priceNok: 800,
      image: `${origin}/uploads/products/wool-sweater.webp`,
    });
    expect(head.preloadImage?.href).toBe('/uploads/products/wool-sweater.webp');
    const [product, breadcrumbs] = head.structuredData ?? [];
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Wool Sweater <Limited>',
      url: `${origin}/en/product/wool-sweater`,
      offers: [
        { sku: 'SWEATER-M', price: '800.00', priceCurrency: 'NOK' },
        {
          sku: 'SWEATER-XL',
          url: `${origin}/en/product/wool-sweater?Size=XL`,
          price: '850.00',
          availability: 'https://schema.org/OutOfStock',
        },
      ],
      aggregateRating: { ratingValue: 4.7, reviewCount: 3 },
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    // The browser gets the answers the page was rendered with, and no `<` that ends the script.
    expect(stateScript).toContain('"endpointName":"getProduct"');
    expect(stateScript).not.toContain('<Limited>');
  });

  it("a product page's address with a combination renders that item and its price, and its offer's address is that same address (issue 29.9)", async () => {
    const xl: ProductDetail = {
      ...sweater,
      _id: 'd1f0c6a4-4b1e-4c6a-9f51-1c2d3e4f5a6b',
      sellingPrice: 850,
      price: 850,
      discount: 0,
      variants: { Size: 'XL' },
    };
    const calls = stubApi({
      'GET /api/products/wool-sweater/slug': ({ query }: FetchCall) =>
        query.get('Size') === 'XL' ? xl : sweater,
      'GET /api/products/wool-sweater/offers': { offers },
      [`GET /api/reviews/rating/${xl._id}`]: { data: { ratings: [], total: 0, averageRating: 0 } },
    });
    const page = await render('/product/wool-sweater?Size=XL');
    const { html, head, stateScript } = page ?? ({} as never);
    expect(calls.find((call) => call.path.endsWith('/slug'))?.query.toString()).toBe('Size=XL');
    expect(html).toMatch(/NOK\s850</);
    expect(html).not.toMatch(/NOK\s800</);
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>XL</);
    expect(head).toMatchObject({ priceNok: 850, canonicalPath: '/product/wool-sweater' });
    const xlOffer = (head.structuredData?.[0] as { offers: { sku: string; url: string }[] })
      .offers[1];
    expect(xlOffer).toEqual(
      expect.objectContaining({
        sku: 'SWEATER-XL',
        url: `${origin}/en/product/wool-sweater?Size=XL`,
      }),
    );
    // The browser asks the same and finds the server's answer.
    expect(stateScript).toContain('"selection":{"Size":"XL"}');
  });

  it("a link's combination the product does not have renders its default item and says so (issue 29.9)", async () => {
    stubApi({
      'GET /api/products/wool-sweater/slug': ({ query }: FetchCall) =>
        query.size === 0
          ? sweater
          : answer(404, { message: 'Wool Sweater is not available as Size: XXL' }),
      'GET /api/products/wool-sweater/offers': { offers },
      [`GET /api/reviews/rating/${sweater._id}`]: {
        data: { ratings: [], total: 0, averageRating: 0 },
      },
    });
    const page = await render('/product/wool-sweater?Size=XXL');
    expect(page?.head.notFound).toBeUndefined();
    expect(page?.html).toMatch(/NOK\s800</);
    expect(page?.html).toContain('Wool Sweater is not available as Size: XXL');
  });

  it("prices are rendered in the shopper's currency from the cookie, and the browser starts in it (issue 29.10)", async () => {
    stubApi({
      'GET /api/products/wool-sweater/slug': sweater,
      'GET /api/products/wool-sweater/offers': { offers },
      [`GET /api/reviews/rating/${sweater._id}`]: {
        data: { ratings: [], total: 0, averageRating: 0 },
      },
      'POST /api/multiCurrency': ({ body }: FetchCall) =>
        (body as { currencyCode: string }).currencyCode === 'SEK'
          ? { value: 1.06531, code: 'SEK', countryCode: 'SWE' }
          : answer(404, { message: 'Currency XYZ is not supported' }),
    });
    const page = await renderPage({
      url: '/en/product/wool-sweater',
      shop: servedShop,
      origin,
      currency: { currencyCode: 'SEK', countryCode: 'SWE' },
    });
    expect(page?.html).toContain(`>${formatPrice(800, 1.06531, 'SEK', 'en')}<`);
    expect(page?.html).not.toMatch(/NOK\s800</);
    expect(page?.stateScript).toContain(
      '"currency":{"currencyCode":"SEK","currencyValue":1.06531,"countryCode":"SWE","status":"success"}',
    );
    // Machine-readable prices stay in NOK, as the API states them.
    expect(page?.head.priceNok).toBe(800);

    const unknown = await renderPage({
      url: '/en/product/wool-sweater',
      shop: servedShop,
      origin,
      currency: { currencyCode: 'XYZ', countryCode: 'NOR' },
    });
    expect(unknown?.html).toMatch(/NOK\s800</);
  });

  it('a product without accepted reviews has no rating in its JSON-LD', async () => {
    stubApi({
      'GET /api/products/wool-sweater/slug': sweater,
      'GET /api/products/wool-sweater/offers': { offers },
      [`GET /api/reviews/rating/${sweater._id}`]: {
        data: { ratings: [], total: 0, averageRating: 0 },
      },
    });
    const page = await render('/product/wool-sweater');
    expect(page?.head.structuredData?.[0]).not.toHaveProperty('aggregateRating');
  });

  it('a product that does not exist is not found, with the not-found page', async () => {
    stubApi({
      'GET /api/products/gone/slug': answer(404, { message: 'Product not found' }),
      'GET /api/products/gone/offers': answer(404, { message: 'Product not found' }),
    });
    const page = await render('/product/gone');
    expect(page?.head.notFound).toBe(true);
    expect(page?.html).toMatch(/not found/i);
  });

  it('a failing API is thrown, so the server sends the page for the browser to render', async () => {
    stubApi({ 'GET /api/products/wool-sweater/slug': answer(500, { message: 'Down' }) });
    await expect(render('/product/wool-sweater')).rejects.toThrow(/could not be loaded/);
  });

  it('a category page lists its first products and names its trail', async () => {
    const calls = stubApi({
      [`POST /api/products/category/${categories[0]?._id}`]: {
        count: 2,
        products: [productCard({ name: 'Linen Kurta' }), productCard({ name: 'Silk Saree' })],
      },
    });
    const page = await render(`/category/${categories[0]?.slug}?page=2&sort=lowToHigh`);
    expect(page?.html).toContain('Linen Kurta');
    expect(page?.html).toContain('Silk Saree');
    expect(page?.head.canonicalPath).toBe(`/category/${categories[0]?.slug}?page=2`);
    expect(page?.head.structuredData?.[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Home' }, { name: categories[0]?.name }],
    });
    const listing = calls.find((call) => call.path.startsWith('/api/products/category/'));
    expect(listing?.query.get('page')).toBe('2');
    expect(listing?.body).toMatchObject({ sortby: 'lowToHigh' });
  });

  it('an unknown category is not found', async () => {
    stubApi({});
    expect((await render('/category/no-such-category'))?.head.notFound).toBe(true);
  });

  it('the home page carries the Organization', async () => {
    stubApi({
      'GET /api/carousel/': { carousel: [] },
      'GET /api/products/featured': [productCard({ name: 'Raw Honey' })],
      'GET /api/products/new': [],
      'GET /api/campaign/': [],
    });
    const page = await render('/');
    expect(page?.html).toContain('Raw Honey');
    expect(page?.head.structuredData?.[0]).toMatchObject({
      '@type': 'Organization',
      name: servedShop.name,
      url: `${origin}/`,
    });
  });

  it('search results are rendered and kept out of the index', async () => {
    stubApi({ 'GET /api/products/website': { products: [productCard({ name: 'Raw Honey' })] } });
    const page = await render('/search?q=hony');
    expect(page?.html).toContain('Raw Honey');
    expect(page?.head.noIndex).toBe(true);
  });

  it('STATIC-06 STATIC-07 STATIC-08 About holds its title, intro, side list and sections, without a DOMParser', async () => {
    // Node has none: the server's own parser splits the text.
    expect(typeof DOMParser).toBe('undefined');
    stubApi(
      staticPageAnswer('about', {
        title: 'Who we are',
        html:
          '<p>Fjordhandel <em>since 1999</em> &amp; proud.</p><!-- note -->' +
          '<h2>Tea &amp; Coffee</h2><p>Brewed daily.</p><h3>Sourcing</h3>' +
          '<h2>Blåbær</h2><ul><li>Wild</li></ul>',
      }),
    );
    const page = await render('/about');
    const html = page?.html ?? '';
    expect(html).toContain('<h1>Who we are</h1>');
    expect(html).toContain('<p>Fjordhandel <em>since 1999</em> &amp; proud.</p><!-- note -->');
    expect(html).toMatch(/<nav id="about-services"[^>]*aria-label="Our services"/);
    const links = [...html.matchAll(/<a href="(#about-[^"]*)"[^>]*>([^<]*)<\/a>/g)];
    expect(links.map(([, href, text]) => [href, text])).toEqual([
      ['#about-tea-coffee', 'Tea &amp; Coffee'],
      ['#about-blabaer', 'Blåbær'],
    ]);
    expect(html).toMatch(
      /<section id="about-tea-coffee"[^>]*aria-labelledby="about-tea-coffee-heading"[^>]*><h2 id="about-tea-coffee-heading" class="h4">Tea &amp; Coffee<\/h2><div class="static-page text-break "><p>Brewed daily.<\/p><h3>Sourcing<\/h3><\/div><\/section>/,
    );
    expect(html).toMatch(
      /<section id="about-blabaer"[^>]*><h2 id="about-blabaer-heading" class="h4">Blåbær<\/h2><div [^>]*><ul><li>Wild<\/li><\/ul><\/div><\/section>/,
    );
    expect(page?.head).toEqual({
      title: `Who we are | ${servedShop.name}`,
      description: 'Fjordhandel since 1999 & proud.',
      canonicalPath: '/about',
      image: `${origin}/uploads/cleaning/cleaning-1.webp`,
    });
    expect(page?.stateScript).toContain('"endpointName":"staticPage"');
  });

  it("About's description is the default text's opening, or its title without an intro", async () => {
    stubApi(staticPageAnswer('about'));
    const page = await render('/about');
    expect(page?.head.description).toMatch(
      new RegExp(`^${servedShop.name} is a small family-run trading company .{60,}…$`),
    );
    expect(page?.head.description.length).toBeLessThanOrEqual(160);
    expect(page?.html).toContain('href="#about-cleaning-services"');

    stubApi(staticPageAnswer('about', { html: '<h2>Honey</h2><p>Raw.</p>' }));
    expect((await render('/about'))?.head.description).toBe(`About us of ${servedShop.name}.`);
  });

  it("routes of the shopper's own (cart, account) are left to the browser", async () => {
    stubApi({});
    expect(await render('/cart')).toBeUndefined();
    expect(await render('/account')).toBeUndefined();
  });

  it('a Norwegian address renders in bokmål and says so in its not-found title (issue 31.3)', async () => {
    stubApi({});
    const page = await renderPage({ url: '/no/such/page', shop: servedShop, origin });
    expect(page?.head.title).toBe(`Fant ikke siden | ${servedShop.name}`);
    expect(page?.html).toContain('Fant ikke siden');
    expect(page?.html).toContain('Hopp til innholdet');
    const english = await render('/no/such/page');
    expect(english?.head.title).toBe(`Page not found | ${servedShop.name}`);
  });

  it('an unknown address renders the not-found page', async () => {
    stubApi({});
    const page = await render('/no/such/page');
    expect(page?.head.notFound).toBe(true);
  });
});
