import {
  adminCategoriesSchema,
  adminProductListSchema,
  adminProductSchema,
  formatPrice,
  moneyFormat,
  variantQuery,
  type AdminProduct,
  type AdminSession,
} from '@shop/shared';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from './support/test.js';
import { createProductThroughApi } from './support/back-office-products.js';
import { en } from './support/english.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// Faster catalogue edits (issue 34.3): the products list finds by SKU and shows a picture, stock
// and price; a product is copied as a draft; the item matrix sets many items at once; and the
// list publishes, unpublishes, moves and discounts the products chosen in it. Other journeys
// share the server's demo catalogue: everything changed here is a product made here, named with
// a time stamp at the end of its slug, which the journeys' catalogue helpers leave out.

/** As the back office's English pages show an amount. */
const englishNok = (ore: number) => moneyFormat('en', 'NOK', 2).format(ore / 100);
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
/** The storefront's price of the item shown, as an English page writes it. */
const storefrontPrice = (page: Page) =>
  page.getByRole('group', { name: 'Price' }).getByTestId('selling-price');
const storefrontNok = (ore: number) => plain(formatPrice(ore / 100, 1, 'NOK'));

const bearer = (session: AdminSession) => ({ authorization: `Bearer ${session.accessToken}` });

/** A picture the demo catalogue uploaded, for a product of the journey's own. */
async function demoPicture(request: APIRequestContext, session: AdminSession): Promise<string> {
  const list = adminProductListSchema.parse(
    await (
      await request.get('/api/admin/products?pageSize=25&sort=name&order=asc', {
        headers: bearer(session),
      })
    ).json(),
  );
  const picture = list.products.find((product) => product.heroImage !== '')?.heroImage;
  if (!picture) throw new Error('the demo catalogue has no picture');
  return picture;
}

/** The screen around `shown` at a laptop's and a phone's width, kept with the test's results. */
async function screenshotAtWidths(page: Page, testInfo: TestInfo, name: string, shown: Locator) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(size);
}

const stockColumn = async (page: Page) =>
  (await page.getByRole('columnheader').allTextContents())
    .map((text) => text.trim())
    .indexOf('Stock');

test('the owner finds a product by an SKU, sees its picture, stock and price, and duplicates it as a draft with new SKUs and slug (issue 34.3)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const stamp = Date.now().toString(36);
  const name = `Catalogue Tee ${stamp}`;
  const sku = (size: string) => `CAT-${stamp}-${size}`.toUpperCase();
  const picture = await demoPicture(request, session);
  const source = await createProductThroughApi(request, session, {
    name,
    heroImage: picture,
    gallery: [picture],
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    items: [
      { variants: { Size: 'S' }, sku: sku('S'), priceOre: 29_900, stock: 4, isDefault: true },
      { variants: { Size: 'M' }, sku: sku('M'), priceOre: 29_900, stock: 3 },
      { variants: { Size: 'L' }, sku: sku('L'), priceOre: 32_900, stock: 2 },
    ],
  });

  await openBackOffice(page, request, '/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name, slug or SKU' }).fill(sku('M'));
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toBeVisible();
  // The one product with that SKU, and no other row beside the heading's.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText(englishNok(29_900));
  await expect(row.getByRole('cell').nth(await stockColumn(page))).toHaveText('9');
  const thumbnail = row.locator('img');
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() =>
      thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View in shop' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const copyName = `${name} (kopi)`;
  await expect(page.getByRole('heading', { name: copyName, level: 1 })).toBeVisible();
  await expect(page.getByText(`“${copyName}” made as a draft, without stock.`)).toBeVisible();
  const copyId = /\/admin\/products\/([^/?]+)$/.exec(page.url())?.[1];
  expect(copyId).toBeDefined();
  expect(copyId).not.toBe(source.id);

  // The copy as the editor shows it: a draft, a slug of its own, the same options and items
  // with the copy's SKUs, and no stock.
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
  await expect(page.getByRole('link', { name: 'View in shop' })).toHaveCount(0);
  const slugField = page.getByLabel('Web address', { exact: true });
  await expect(slugField).not.toHaveValue(source.slug);
  await expect(slugField).toHaveValue(/\S/);
  for (const size of ['S', 'M', 'L'])
    await expect(page.getByRole('textbox', { name: `SKU of Size ${size}` })).toHaveValue(
      `${sku(size)}-KOPI`,
    );
  await expect(page.getByRole('textbox', { name: 'Price of Size L in kroner' })).toHaveValue(
    /^329([.,]00?)?$/,
  );

  const copy = adminProductSchema.parse(
    await (
      await request.get(`/api/admin/products/${copyId ?? ''}`, { headers: bearer(session) })
    ).json(),
  );
  expect(copy.slug).toBe(await slugField.inputValue());
  expect(copy.options).toEqual(source.options);
  expect(copy.heroImage).toBe(picture);
  expect(copy.items.map((item) => [item.variants, item.sku, item.priceOre, item.stock])).toEqual(
    source.items.map((item) => [item.variants, `${item.sku}-KOPI`, item.priceOre, 0]),
  );

  // A draft is not in the shop; the original still is.
  expect((await page.request.get(en(`/product/${copy.slug}`))).status()).toBe(404);
  expect((await request.get(`/api/products/${copy.slug}/slug`)).status()).toBe(404);
  expect((await request.get(`/api/products/${source.slug}/slug`)).status()).toBe(200);
});

test('the owner sets a price and a discount for chosen items of the item matrix at once, and the shop shows them (issue 34.3)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const stamp = Date.now().toString(36);
  const name = `Matrix Tee ${stamp}`;
  // With a picture: the editor does not save a product without one.
  const picture = await demoPicture(request, session);
  const product = await createProductThroughApi(request, session, {
    name,
    heroImage: picture,
    gallery: [picture],
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    items: ['S', 'M', 'L'].map((size, index) => ({
      variants: { Size: size },
      sku: `MTX-${stamp}-${size}`.toUpperCase(),
      priceOre: 29_900,
      stock: 5,
      isDefault: index === 0,
    })),
  });

  await openBackOffice(page, request, `/products/${product.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const bulk = page.getByRole('group', { name: 'Set for the chosen items' });
  await expect(bulk).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Choose Size M' }).check();
  await page.getByRole('checkbox', { name: 'Choose Size L' }).check();
  await expect(bulk).toContainText('2 items chosen');
  await expect(page.getByRole('checkbox', { name: 'Choose all items' })).toHaveJSProperty(
    'indeterminate',
    true,
  );

  // A price the field cannot read is refused beside it, and no item changes.
  const field = bulk.getByRole('combobox', { name: 'What to set for the chosen items' });
  await expect(field).toHaveValue('price');
  const price = bulk.getByRole('textbox', { name: 'Price in kroner for the chosen items' });
  await price.fill('3,4,5');
  await bulk.getByRole('button', { name: 'Set' }).click();
  await expect(bulk.getByRole('alert')).toHaveText(
    'Enter a price in kroner, such as 249 or 249,50',
  );
  const itemPrice = (size: string) =>
    page.getByRole('textbox', { name: `Price of Size ${size} in kroner` });
  await expect(itemPrice('M')).toHaveValue(/^299([.,]00?)?$/);

  await price.fill('349,50');
  await bulk.getByRole('button', { name: 'Set' }).click();
  await field.selectOption('discountPercent');
  await bulk.getByRole('textbox', { name: 'Discount in percent for the chosen items' }).fill('10');
  await bulk.getByRole('button', { name: 'Set' }).click();
  for (const size of ['M', 'L']) {
    await expect(itemPrice(size)).toHaveValue('349,50');
    await expect(
      page.getByRole('spinbutton', { name: `Discount of Size ${size} in percent` }),
    ).toHaveValue('10');
  }
  await expect(itemPrice('S')).toHaveValue(/^299([.,]00?)?$/);
  await expect(page.getByRole('spinbutton', { name: 'Discount of Size S in percent' })).toHaveValue(
    '0',
  );
  await screenshotAtWidths(page, testInfo, 'item-matrix', bulk);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`“${name}” saved.`)).toBeVisible();

  // 349,50 kr less 10 %: 314,55 kr for the chosen items; the other keeps its 299 kr.
  await page.goto(en(`/product/${product.slug}?${variantQuery({ Size: 'M' })}`));
  await expect(storefrontPrice(page)).toContainText(storefrontNok(31_455), { useInnerText: true });
  await page.goto(en(`/product/${product.slug}?${variantQuery({ Size: 'S' })}`));
  await expect(storefrontPrice(page)).toContainText(storefrontNok(29_900), { useInnerText: true });
});

test('the owner chooses two products in the list to unpublish, publish, move and discount them at once (issue 34.3)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const stamp = Date.now().toString(36);
  const names = [`Bulk Mug One ${stamp}`, `Bulk Mug Two ${stamp}`];
  const made = [];
  for (const [index, name] of names.entries())
    made.push(
      await createProductThroughApi(request, session, {
        name,
        items: [{ sku: `BULK-${stamp}-${index}`.toUpperCase(), priceOre: 19_900, stock: 5 }],
      }),
    );
  const [one, two] = made;
  if (!one || !two) throw new Error('the products were not made');
  const { categories } = adminCategoriesSchema.parse(
    await (await request.get('/api/admin/categories', { headers: bearer(session) })).json(),
  );
  const elsewhere = categories.find(
    (category) => category.level === 1 && category.id !== one.categoryId,
  );
  if (!elsewhere) throw new Error('the demo catalogue has one category only');

  await openBackOffice(page, request, `/products?q=${stamp}`);
  const rowOf = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  for (const name of names) await expect(rowOf(name)).toContainText('published');
  const bar = page.getByRole('region', { name: 'Action for the chosen products' });
  const action = bar.getByRole('combobox', { name: 'What to do with the chosen products' });
  const choose = async (...chosen: string[]) => {
    for (const name of chosen) await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
    await expect(bar).toContainText(
      chosen.length === 1 ? '1 product chosen' : `${chosen.length} products chosen`,
    );
  };
  /** Applies the bar's action; the server changes all of them or none. */
  const apply = async () => {
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/admin/products/bulk') &&
        response.request().method() === 'POST',
    );
    await bar.getByRole('button', { name: 'Apply' }).click();
    expect((await answered).status()).toBe(200);
    // Done, the choice is cleared and the bar goes.
    await expect(bar).toHaveCount(0);
  };
  const storefrontStatus = async (product: AdminProduct) =>
    (await page.request.get(en(`/product/${product.slug}`))).status();

  // Nothing is asked before an action is chosen.
  await choose(...names);
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(bar.getByRole('alert')).toHaveText('Choose an action');
  await expect(
    page.getByRole('checkbox', { name: 'Choose all products on this page' }),
  ).toBeChecked();
  await screenshotAtWidths(page, testInfo, 'products-bulk-bar', bar);

  await action.selectOption('unpublish');
  await apply();
  for (const name of names) await expect(rowOf(name)).toContainText('draft');
  expect(await storefrontStatus(one)).toBe(404);
  expect(await storefrontStatus(two)).toBe(404);

  await choose(...names);
  await action.selectOption('publish');
  await apply();
  for (const name of names) await expect(rowOf(name)).toContainText('published');
  expect(await storefrontStatus(one)).toBe(200);
  expect(await storefrontStatus(two)).toBe(200);

  // Moved: the list names the new category; a discount without a percent is refused first.
  await choose(names[0] ?? '');
  await action.selectOption('move');
  await bar.getByRole('combobox', { name: 'Category to move them to' }).selectOption(elsewhere.id);
  await apply();
  await expect(
    rowOf(names[0] ?? '')
      .getByRole('cell')
      .nth(3),
  ).toHaveText(elsewhere.name);
  await expect(
    rowOf(names[1] ?? '')
      .getByRole('cell')
      .nth(3),
  ).not.toHaveText(elsewhere.name);

  await choose(...names);
  await action.selectOption('discount');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(bar.getByRole('alert')).toHaveText('Enter a whole percent from 0 to 100');
  await bar.getByRole('spinbutton', { name: 'Discount in percent' }).fill('20');
  await apply();

  // 199 kr less 20 %: 159,20 kr in the shop, for both.
  for (const product of [one, two]) {
    await page.goto(en(`/product/${product.slug}`));
    await expect(storefrontPrice(page)).toContainText(storefrontNok(15_920), {
      useInnerText: true,
    });
  }
});
