import { expect, test, type Page } from './support/test.js';
import {
  formatPrice,
  variantPairs,
  variantQuery,
  type ProductDetail,
  type ProductOffer,
} from '@shop/shared';
import { findProduct, product, productWithPricedOptions } from './support/catalogue.js';
import { en } from './support/english.js';
import { chooseCountry } from './support/country.js';

// The product page of issue 29: a variant's own address, prices in the shopper's currency from
// the server, a first screen that sells, and a gallery the keyboard can see.

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The JSON-LD Product of a page's HTML. */
function productData(html: string): { offers: { sku: string; url: string; price: string }[] } {
  const match =
    /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Product".*?)<\/script>/s.exec(
      html,
    );
  if (!match?.[1]) throw new Error('the page has no Product JSON-LD');
  return JSON.parse(match[1]) as { offers: { sku: string; url: string; price: string }[] };
}

const sellingPrice = (page: Page) =>
  page.getByRole('group', { name: 'Price' }).getByTestId('selling-price');

test('CURPROD-12 a link naming an item opens that item, rendered by the server too, and choosing writes the address its offer carries (issue 29.9)', async ({
  page,
  request,
  baseURL,
}) => {
  const { product: shown, other } = await productWithPricedOptions(request);
  const offers = (
    (await (await request.get(`/api/products/${shown.slug}/offers`)).json()) as {
      offers: ProductOffer[];
    }
  ).offers;
  // The options named in the opposite order to the one the page writes.
  const reversed = new URLSearchParams(variantPairs(other.variants).reverse()).toString();
  expect(reversed).not.toBe(variantQuery(other.variants));
  const link = en(`/product/${shown.slug}?${reversed}`);

  // The server's HTML already shows the linked item and its price.
  const html = await (await request.get(link)).text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(formatPrice(other.sellingPrice, 1, 'NOK'));
  expect(root).not.toContain(formatPrice(shown.sellingPrice, 1, 'NOK'));
  const offer = productData(html).offers.find(
    (candidate) =>
      candidate.sku ===
      offers.find((item) => variantQuery(item.variants) === variantQuery(other.variants))?.sku,
  );
  expect(offer?.url).toBe(`${baseURL}/en/product/${shown.slug}?${variantQuery(other.variants)}`);

  await page.goto(link);
  await expect(sellingPrice(page)).toContainText(plain(formatPrice(other.sellingPrice, 1, 'NOK')), {
    useInnerText: true,
  });
  for (const [name, value] of Object.entries(other.variants))
    await expect(
      page.getByRole('group', { name }).getByRole('button', { name: value, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');

  // Back to the default item by choosing: the address follows, replacing the entry.
  const entries = await page.evaluate(() => history.length);
  const [option, value] =
    Object.entries(shown.variants).find(([name, chosen]) => other.variants[name] !== chosen) ?? [];
  if (!option || !value) throw new Error('the two items do not differ');
  await page
    .getByRole('group', { name: option })
    .getByRole('button', { name: value, exact: true })
    .click();
  await expect(sellingPrice(page)).toContainText(plain(formatPrice(shown.sellingPrice, 1, 'NOK')), {
    useInnerText: true,
  });
  const expected = `${baseURL}/en/product/${shown.slug}?${variantQuery(shown.variants)}`;
  await expect(page).toHaveURL(expected);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  const defaultOffer = productData(html).offers.find(
    (candidate) => candidate.sku === offers[0]?.sku,
  );
  expect(defaultOffer?.url).toBe(expected);

  // Reloaded, the address opens the same item.
  await page.reload();
  await expect(sellingPrice(page)).toContainText(plain(formatPrice(shown.sellingPrice, 1, 'NOK')), {
    useInnerText: true,
  });
});

test("GLOB-02 prices come in the shopper's currency from the server: the HTML holds SEK, without JavaScript too, and a reload never shows NOK first (issue 29.10)", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const item: ProductDetail = await findProduct(
    request,
    'is in stock',
    (candidate) => candidate.stock > 0,
  );
  const { value: rate } = (await (
    await request.post('/api/multiCurrency', { data: { currencyCode: 'SEK', countryCode: 'SWE' } })
  ).json()) as { value: number };
  const sek = formatPrice(item.sellingPrice, rate, 'SEK');

  await page.goto(en(`/product/${item.slug}`));
  await expect(sellingPrice(page)).toContainText('NOK');
  await chooseCountry(page, 'Sweden (SEK)');
  await expect(sellingPrice(page)).toHaveText(`Price: ${plain(sek)}`, { useInnerText: true });

  // The raw HTML, with the shopper's cookies.
  const html = await (await page.request.get(en(`/product/${item.slug}`))).text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(sek);
  expect(root).not.toContain(formatPrice(item.sellingPrice, 1, 'NOK'));

  // Every text the price shows from the first byte of a reload to the live page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { priceTexts: seen });
    const look = () => {
      const text = document.querySelector('[data-testid="selling-price"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    document.addEventListener('DOMContentLoaded', look);
  });
  await page.reload();
  await expect(sellingPrice(page)).toHaveText(`Price: ${plain(sek)}`, { useInnerText: true });
  await page.waitForLoadState('networkidle');
  const texts = await page.evaluate(
    () => (window as unknown as { priceTexts: string[] }).priceTexts,
  );
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.map(plain)).toEqual(texts.map(() => `Price: ${plain(sek)}`));

  // Without JavaScript, the page as the server sent it.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await noScript.addCookies(await page.context().cookies());
  const still = await noScript.newPage();
  await still.goto(en(`/product/${item.slug}`));
  await expect(still.getByTestId('selling-price')).toHaveText(`Price: ${plain(sek)}`, {
    useInnerText: true,
  });
  await noScript.close();
});

test('the gallery thumbnails show a clear focus ring to the keyboard (issue 29.12)', async ({
  page,
  request,
}) => {
  const item = await findProduct(
    request,
    'has several pictures',
    (candidate) => candidate.gallery.length > 1,
  );
  await page.goto(en(`/product/${item.slug}`));
  const thumbnails = page.getByRole('group', { name: 'Choose an image' }).getByRole('button');
  await thumbnails.first().focus();
  await page.keyboard.press('ArrowRight');
  const second = thumbnails.nth(1);
  await expect(second).toBeFocused();
  const ring = await second.evaluate((button) => {
    const style = getComputedStyle(button);
    return {
      visible: button.matches(':focus-visible'),
      outline: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });
  expect(ring).toMatchObject({ visible: true, outline: 'solid' });
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
});

test('at 1366 px the name, price and Add to cart stay on the first screen (issue 29.11)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const item = await product(request, (await productWithPricedOptions(request)).product.slug);
  await page.goto(en(`/product/${item.slug}`));
  for (const part of [
    page.getByRole('heading', { level: 1 }),
    sellingPrice(page),
    page.getByRole('button', { name: 'Add to cart' }),
  ]) {
    const box = await part.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(768);
  }
  // The gallery and the details stand side by side.
  const gallery = await page.getByRole('region', { name: 'Product images' }).boundingBox();
  const name = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(gallery && name && name.x).toBeGreaterThan((gallery?.x ?? 0) + (gallery?.width ?? 0));
});
