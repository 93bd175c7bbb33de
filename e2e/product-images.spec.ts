import { expect, test, type Page } from './support/test.js';
import { product } from './support/catalogue.js';
import { en } from './support/english.js';

/**
 * Every picture from the uploads location on the page, each scrolled to (lazy ones load only
 * then), has loaded: a broken path or a blocked answer leaves naturalWidth at 0.
 */
async function expectUploadedImagesLoaded(page: Page, atLeast: number) {
  const images = page.locator('img[src*="/uploads/"]');
  await expect.poll(() => images.count()).toBeGreaterThanOrEqual(atLeast);
  const sources = await images.evaluateAll((elements) =>
    elements.map((element) => (element as HTMLImageElement).src),
  );
  expect(sources.filter((source) => source.includes('/uploads/uploads/'))).toEqual([]);
  for (const image of await images.all()) {
    if (!(await image.isVisible())) continue;
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
        message: (await image.getAttribute('src')) ?? '',
      })
      .toBeGreaterThan(0);
  }
}

test('GLOB-28 API-04 the pictures load on the home, category and product pages (issue 10.16, 10.17)', async ({
  page,
}) => {
  await page.goto(en('/'));
  await expect(page.getByRole('heading', { name: 'Best Selling Products' })).toBeVisible();
  await expectUploadedImagesLoaded(page, 10);

  await page.goto(en('/category/honey'));
  await expect(page.getByRole('heading', { name: 'Honey', level: 1 })).toBeVisible();
  await expectUploadedImagesLoaded(page, 5);

  await page.goto(en('/product/block-print-cotton-kurta'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectUploadedImagesLoaded(page, 3);
});

test("PDP-02 PDP-10 choosing another colour shows that colour's pictures (issue 10.6)", async ({
  page,
  request,
}) => {
  const kurta = await product(request, 'block-print-cotton-kurta');
  const colours = kurta.options.find((option) => option.name === 'Colour')?.values ?? [];
  const other = colours.find((colour) => colour !== kurta.variants.Colour);
  if (!other) throw new Error('the kurta of the demo catalogue has one colour only');

  await page.goto(en('/product/block-print-cotton-kurta'));
  const gallery = page.getByRole('region', { name: 'Product images' });
  const main = gallery.getByRole('img', { name: /^Block Print Cotton Kurta/ });
  await expect(main).toHaveAttribute('src', new RegExp(`${kurta.gallery[0]}$`));

  await page
    .getByRole('group', { name: 'Colour' })
    .getByRole('button', { name: other, exact: true })
    .click();
  const picture = `/uploads/products/block-print-cotton-kurta-${other.toLowerCase()}_800w.webp`;
  await expect(main).toHaveAttribute('src', new RegExp(`${picture}$`));
  await expect
    .poll(() => main.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const thumbnails = gallery.getByRole('group', { name: 'Choose an image' }).getByRole('button');
  await expect(thumbnails).toHaveCount(2);
  await thumbnails.nth(1).click();
  await expect(main).toHaveAttribute('src', new RegExp(`-${other.toLowerCase()}-2_800w\\.webp$`));
});
