// @vitest-environment node
// Issue 34.4: the server's render of a draft's preview for staff, through a signed link: the
// product page's view under a banner, nothing to buy, never indexed; a bad link is not found.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatPrice,
  pathInLocale,
  productPreviewApiPath,
  productPreviewMessages,
  productPreviewPath,
  type ProductDetail,
} from '@shop/shared';
import { categories, productCard, stubApi } from './features/catalog/catalog-test-kit.js';
import { renderPage } from './entry-server.js';
import { answer, type FetchCall } from './test/fetch-stub.js';
import { servedShop } from './test/shop-details-answer.js';

const origin = 'https://shop.example';
const token = 'eyJwIjoiZHJhZnQifQ.c2lnbmVk';

const lantern: ProductDetail = {
  ...productCard({
    name: 'Brass Lantern',
    slug: 'brass-lantern',
    heroImage: '/products/brass-lantern.webp',
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
  information: [{ informationKey: 'Material', informationValue: 'Brass' }],
  description: '<p>Hand-beaten brass.</p>',
  related: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (url: string) => renderPage({ url, shop: servedShop, origin });

/** The preview of the lantern at its link; the same lantern at its product page's address. */
function stubLantern() {
  return stubApi({
    [`GET ${productPreviewApiPath(token)}`]: lantern,
    'GET /api/products/brass-lantern/slug': lantern,
    'GET /api/products/brass-lantern/offers': { offers: [] },
    [`GET /api/reviews/rating/${lantern._id}`]: {
      data: { ratings: [], total: 0, averageRating: 0 },
    },
  });
}

describe("the server's render of a product's preview (issue 34.4)", () => {
  it('(issue 34.4) shows the product under the preview banner in bokmål, with nothing to buy and a noindex head', async () => {
    const calls = stubLantern();
    const page = await render(productPreviewPath(token));
    const { html, head, stateScript } = page ?? ({} as never);
    expect(calls.map((call) => call.path)).toContain(productPreviewApiPath(token));
    expect(html).toContain(
      'Forhåndsvisning: kunder ser ikke denne siden før produktet er publisert.',
    );
    expect(html).toMatch(/<h1[^>]*>Brass Lantern<\/h1>/);
    expect(html).toContain('Hand-beaten brass.');
    expect(html).toContain('Kan ikke kjøpes i forhåndsvisningen.');
    expect(html).not.toContain('Legg i handlekurven');
    expect(html).not.toContain('Kjøp nå');
    expect(html).not.toContain('product-detail__buy');
    expect(head).toMatchObject({
      title: `Forhåndsvisning: Brass Lantern | ${servedShop.name}`,
      canonicalPath: productPreviewPath(token),
      noIndex: true,
    });
    expect(head.notFound).toBeUndefined();
    expect(head.structuredData).toBeUndefined();
    // The browser finds the server's answer rather than asking again.
    expect(stateScript).toContain('"endpointName":"getProductPreview"');

    // The product page of the same product is what the preview leaves out of: its cart buttons.
    const productPage = await render('/product/brass-lantern');
    expect(productPage?.html).toContain('Legg i handlekurven');
    expect(productPage?.html).not.toContain('Forhåndsvisning');
  });

  it('(issue 34.4) renders the item its address names, as the product page does, under the bare preview path', async () => {
    const xl: ProductDetail = {
      ...lantern,
      price: 1200,
      sellingPrice: 1200,
      variants: { Size: 'XL' },
    };
    const calls = stubApi({
      [`GET ${productPreviewApiPath(token)}`]: ({ query }: FetchCall) => {
        if (query.size === 0) return lantern;
        if (query.get('Size') === 'XL') return xl;
        return answer(404, { message: 'Brass Lantern is not available as Size: XXL' });
      },
    });
    const page = await render(`${pathInLocale('en', productPreviewPath(token))}?Size=XL`);
    const { html, head, stateScript } = page ?? ({} as never);
    expect(calls.find((call) => call.path === productPreviewApiPath(token))?.query.toString()).toBe(
      'Size=XL',
    );
    expect(html).toContain(`>${formatPrice(1200, 1, 'NOK')}<`);
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>XL</);
    expect(head).toMatchObject({ canonicalPath: productPreviewPath(token), noIndex: true });
    // The browser asks the same and finds the server's answer.
    expect(stateScript).toContain('"selection":{"Size":"XL"}');

    // A combination the product does not have: its default item, and why, as on the product page.
    const missing = await render(`${pathInLocale('en', productPreviewPath(token))}?Size=XXL`);
    expect(missing?.head.notFound).toBeUndefined();
    expect(missing?.html).toContain(`>${formatPrice(800, 1, 'NOK')}<`);
    expect(missing?.html).toContain('Brass Lantern is not available as Size: XXL');
  });

  it('(issue 34.4) speaks English on the English address', async () => {
    stubLantern();
    const page = await render(pathInLocale('en', productPreviewPath(token)));
    expect(page?.html).toContain(
      'Preview: shoppers do not see this page until the product is published.',
    );
    expect(page?.html).toContain('Cannot be bought in the preview.');
    expect(page?.html).not.toContain('Add to cart');
    expect(page?.head).toMatchObject({
      title: `Preview: Brass Lantern | ${servedShop.name}`,
      noIndex: true,
    });
  });

  it('(issue 34.4) a link that is not valid or has expired is not found, with the server’s reason', async () => {
    stubApi({
      [`GET ${productPreviewApiPath('not-a-token')}`]: answer(404, {
        message: productPreviewMessages.invalid,
      }),
    });
    const page = await render(pathInLocale('en', productPreviewPath('not-a-token')));
    expect(page?.head.notFound).toBe(true);
    expect(page?.html).toContain(productPreviewMessages.invalid);
    expect(page?.html).toContain('Page not found');
    expect(page?.html).not.toContain('Preview: shoppers');
  });

  it('(issue 34.4) a bokmål page gives the reason in bokmål', async () => {
    stubApi({
      [`GET ${productPreviewApiPath('not-a-token')}`]: answer(404, {
        message: productPreviewMessages.invalid,
      }),
    });
    const page = await render(productPreviewPath('not-a-token'));
    expect(page?.head.notFound).toBe(true);
    expect(page?.html).toContain(
      'Denne forhåndsvisningslenken er ugyldig eller utløpt. Åpne en ny fra produktet i administrasjonen.',
    );
    expect(page?.html).not.toContain(productPreviewMessages.invalid);
  });
});
