import { expect, test } from './support/test.js';
import { allProducts } from './support/catalogue.js';
import { en } from './support/english.js';

// The phone the issue was measured on: the name at 792 px and Add to cart at 1193 px, under a
// header of 294 px (issue 29.11).
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the name, price and Add to cart of a product are on the first screen, clear of the bottom bar (issue 29.11)', async ({
  page,
  request,
}) => {
  const products = await allProducts(request);
  const most = (rank: (item: (typeof products)[number]) => number) =>
    [...products].sort((a, b) => rank(b) - rank(a))[0];
  // The hardest cases of the catalogue: most option values, the longest name, none at all.
  const cases = new Set(
    [
      most((item) => item.options.reduce((sum, option) => sum + option.values.length, 0)),
      most((item) => (item.options.length > 0 ? item.name.length : 0)),
      most((item) => (item.discount > 0 && item.options.length > 0 ? item.name.length : 0)),
      most((item) => (item.options.length === 0 ? item.name.length : 0)),
    ].flatMap((item) => (item ? [item.slug] : [])),
  );
  for (const slug of cases) {
    await page.goto(en(`/product/${slug}`));
    const bar = await page.getByRole('navigation', { name: 'Mobile' }).boundingBox();
    if (!bar) throw new Error('no bottom bar on the phone');
    const header = await page.locator('header.site-header').boundingBox();
    expect(header?.height, 'the header on a phone').toBeLessThanOrEqual(150);
    for (const [what, part] of [
      ['name', page.getByRole('heading', { level: 1 })],
      ['price', page.getByRole('group', { name: 'Price' }).getByTestId('selling-price')],
      ['Add to cart', page.getByRole('button', { name: 'Add to cart' })],
    ] as const) {
      const box = await part.boundingBox();
      if (!box) throw new Error(`no ${what} on /product/${slug}`);
      expect(box.y, `${what} of ${slug}`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what} of ${slug}`).toBeLessThanOrEqual(bar.y);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }
});
