import { hasGtinCheckDigit } from '@shop/shared';
import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { createProductThroughApi } from './support/back-office-products.js';
import { openBackOffice } from './support/staff.js';

// Product feeds (issue 34.6): Google Merchant Center's and Prisjakt's feeds answer 404 until the
// owner publishes them in the settings; then each has the journey's own product with the link,
// picture, price in NOK and availability its product page shows, its brand and GTIN; a price
// changed in the back office is in the feeds at once, and unpublished they answer 404 again.
// Only this journey publishes the feeds.

test.use({ viewport: { width: 1366, height: 768 } });

const feeds = [
  { name: 'Google Merchant Center feed', path: '/feeds/google-merchant.xml' },
  { name: 'Prisjakt feed', path: '/feeds/prisjakt.xml' },
] as const;

/** An 8 × 8 picture, as the owner would upload a photo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EWWDFTEMLQkAU8ZXgQlyvkUAAAAASUVORK5CYII=',
  'base64',
);

/** A GTIN-13 of this run's own, with its check digit. */
function newGtin(): string {
  const body = `70${String(Date.now()).slice(-10)}`;
  for (let check = 0; check < 10; check += 1)
    if (hasGtinCheckDigit(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable');
}

/** The `<g:…>` fields of the feed's item with the id `itemId`, or none. */
function feedItem(xml: string, itemId: string): Record<string, string> | undefined {
  const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
    .map((match) => match[1] ?? '')
    .find((body) => body.includes(`<g:id>${itemId}</g:id>`));
  if (item === undefined) return undefined;
  // Prisjakt's shipping cost is a g:price of its own, inside g:shipping.
  const own = item.replace(/<g:shipping>[\s\S]*?<\/g:shipping>/, '');
  return Object.fromEntries(
    [...own.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map((match) => [match[1], match[2]]),
  ) as Record<string, string>;
}

async function readFeed(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g=/);
  return xml;
}

async function expectNotFound(request: APIRequestContext) {
  for (const feed of feeds) expect((await request.get(feed.path)).status(), feed.path).toBe(404);
}

/** Publishes or unpublishes both feeds in the settings, as the owner does. */
async function publishFeeds(page: Page, publish: boolean) {
  const form = page.getByRole('form', { name: 'Product feeds' });
  for (const feed of feeds)
    await form.getByRole('switch', { name: `Publish the ${feed.name}` }).setChecked(publish);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/settings/feeds') && response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save product feeds' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Product feeds saved.').last()).toBeVisible();
  for (const feed of feeds)
    await expect(form.getByRole('switch', { name: `Publish the ${feed.name}` })).toBeChecked({
      checked: publish,
    });
  return form;
}

test('the Google and Prisjakt feeds are published from the settings, carry the product page’s link, picture, price and stock, follow a price change and are gone when turned off (issue 34.6)', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const name = `Feed Jar ${suffix}`;
  const gtin = newGtin();

  // A product of this journey's own with a picture, a brand and a GTIN.
  const session = await openBackOffice(page, request, '/settings');
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const uploaded = await request.post('/api/admin/images', {
    headers,
    multipart: { image: { name: 'feed-jar.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status()).toBe(200);
  const picture = (await uploaded.json()) as string;
  const product = await createProductThroughApi(request, session, {
    name,
    brand: 'Fjordkrukke',
    gtin,
    heroImage: picture,
    items: [{ sku: `FEED-${suffix}`.toUpperCase(), priceOre: 19_900, stock: 7 }],
  });
  const itemId = product.items[0]?.id;
  if (!itemId) throw new Error('the product has no item');

  await test.step('unpublished, both feeds answer 404', async () => {
    await expect(page.getByRole('heading', { name: 'Product feeds' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Product feeds' });
    for (const feed of feeds)
      await expect(
        form.getByRole('switch', { name: `Publish the ${feed.name}` }),
      ).not.toBeChecked();
    await expectNotFound(request);
  });

  await test.step('the owner publishes both feeds in the settings', async () => {
    const form = await publishFeeds(page, true);
    for (const feed of feeds)
      await expect(form.getByRole('textbox', { name: `Address of the ${feed.name}` })).toHaveValue(
        `${baseURL}${feed.path}`,
      );
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('feed-settings.png') });
  });

  const shop = await (await browser.newContext()).newPage();
  await test.step('each feed has the item as its product page shows it', async () => {
    for (const feed of feeds) {
      const item = feedItem(await readFeed(request, feed.path), itemId);
      expect(item, `${feed.path} has ${name}`).toBeDefined();
      if (!item) return;
      expect(item).toMatchObject({
        title: name,
        link: `${baseURL}/product/${product.slug}`,
        price: '199.00 NOK',
        availability: 'in_stock',
        brand: 'Fjordkrukke',
        gtin,
        condition: 'new',
      });
      expect(item.image_link).toBe(`${baseURL}/uploads${picture}`);

      // The link opens the product page, which shows the same picture, price and stock.
      const link = item.link ?? '';
      await shop.goto(link);
      await expect(shop).toHaveURL(link);
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      const price = shop.getByRole('group', { name: 'Pris' });
      await expect(price.getByTestId('selling-price')).toHaveText(/199(,00)?\s?kr/);
      await expect(price.getByText('PÅ LAGER', { exact: true })).toBeVisible();
      const stem = picture.replace(/_\d+w\.webp$/, '');
      await expect(
        shop.locator(`main img[src*="${stem}"], main img[srcset*="${stem}"]`).first(),
      ).toBeVisible();
    }
  });

  await test.step('a price changed in the back office is in both feeds', async () => {
    await page.goto(`/admin/products/${product.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /^Price of .* in kroner$/ }).fill('249');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`“${name}” saved.`)).toBeVisible();
    for (const feed of feeds)
      expect(feedItem(await readFeed(request, feed.path), itemId)?.price).toBe('249.00 NOK');
    await shop.goto(`/product/${product.slug}`);
    await expect(shop.getByRole('group', { name: 'Pris' }).getByTestId('selling-price')).toHaveText(
      /249(,00)?\s?kr/,
    );
  });

  await test.step('unpublished again, both feeds answer 404', async () => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Product feeds' })).toBeVisible();
    await publishFeeds(page, false);
    await expectNotFound(request);
  });
});
