import { expect, test, type Page } from './support/test.js';
import { adminCategoriesSchema, adminProductSchema } from '@shop/shared';
import { createAccount, logIn } from './support/accounts.js';
import { product } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice, ownerSession } from './support/staff.js';
import { en, enUrl } from './support/english.js';

// Issue 29.15: a product without a picture shows a "no image" picture wherever an order shows
// its line (the shopper's My Orders, the back office's order page and its receipt), never a
// broken one; and every srcset names only files that exist, each as wide as it says.

/** The pictures on the page that did not load: their src, for the failure's message. */
async function brokenImages(page: Page): Promise<string[]> {
  return page
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((image) => image.complete && image.naturalWidth === 0)
        .map((image) => image.currentSrc || image.getAttribute('src') || '(no src)'),
    );
}

/** Waits until every picture on the page has finished loading, well or not. */
async function imagesSettled(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('img')
        .evaluateAll((images) => (images as HTMLImageElement[]).every((image) => image.complete)),
    )
    .toBe(true);
}

test('an order of a product without a picture shows "no image" on My Orders, the order page and the receipt (issue 29.15)', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const suffix = Date.now().toString(36);
  const name = `Unpictured Jar ${suffix}`;
  const { categories } = adminCategoriesSchema.parse(
    await (await request.get('/api/admin/categories', { headers })).json(),
  );
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      categoryId: categories.find((category) => !category.hidden)?.id,
      vatPercent: 25,
      status: 'published',
      items: [{ sku: `NOPIC-${suffix}`.toUpperCase(), priceOre: 9_900, stock: 5 }],
    },
  });
  expect(created.status()).toBe(201);
  const saved = adminProductSchema.parse(await created.json());
  expect(saved.heroImage).toBe('');

  const shopper = await createAccount(request, { name: 'Ingrid Imageless' });
  const placed = await buyThroughApi(request, shopper.email, await product(request, saved.slug), 1);

  const shopperContext = await browser.newContext({ baseURL });
  try {
    const shopperPage = await shopperContext.newPage();
    await logIn(shopperPage, shopper.email);
    await expect(shopperPage).not.toHaveURL(enUrl(/\/login/));
    await shopperPage.goto(en('/orders'));
    const line = shopperPage.getByRole('row').filter({ hasText: name });
    await expect(line.locator('img')).toBeVisible();
    await imagesSettled(shopperPage);
    expect(await brokenImages(shopperPage)).toEqual([]);
  } finally {
    await shopperContext.close();
  }

  await openBackOffice(page, request, `/orders/${placed._id}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.locator('img')).toBeVisible();
  await expect(row.locator('img')).not.toHaveAttribute('src', /^\/uploads\/?$/);
  await imagesSettled(page);
  expect(await brokenImages(page)).toEqual([]);

  await page.goto(`/admin/orders/${placed._id}/print/receipt`);
  await expect(page.getByText(name)).toBeVisible();
  await imagesSettled(page);
  expect(await brokenImages(page)).toEqual([]);
});

test('every srcset of the home and a product page names files as wide as it says (issue 29.15)', async ({
  page,
}) => {
  const candidates = new Map<string, number>();
  for (const path of ['/', '/product/block-print-cotton-kurta']) {
    await page.goto(en(path));
    const sets = await page
      .locator('img[srcset]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('srcset') ?? ''));
    expect(sets.length, path).toBeGreaterThan(0);
    for (const set of sets)
      for (const candidate of set.split(',')) {
        const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
        candidates.set(url, Number(descriptor.replace(/w$/, '')));
      }
  }
  // Each file loaded on its own, as a browser would pick it, and measured.
  const measured = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(async (url) => {
          const image = new Image();
          image.src = url;
          await image.decode().catch(() => undefined);
          return [url, image.naturalWidth] as const;
        }),
      ),
    [...candidates.keys()],
  );
  expect(Object.fromEntries(measured)).toEqual(Object.fromEntries(candidates));
});
