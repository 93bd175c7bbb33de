import { expect, test, type Page } from './support/test.js';
import { categories, categoryProducts, findProduct } from './support/catalogue.js';
import { en, enUrl } from './support/english.js';

test.use({ viewport: { width: 1366, height: 768 } });

const sort = (page: Page) => page.getByRole('combobox', { name: 'Sort products' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('CAT-09 CAT-18 Back, a reload and a shared link keep the sort, the page and the scroll (issue 10.8)', async ({
  page,
  request,
}) => {
  const western = (await categories(request)).find((c) => c.slug === 'western-garments');
  if (!western) throw new Error('the demo catalogue has no Western Garments category');
  const { count } = await categoryProducts(request, western._id);
  expect(count).toBeGreaterThan(15);

  await page.goto(en('/'));
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: western.name, exact: true })
    .click();
  await sort(page).selectOption({ label: 'Price high to low' });
  await expect(page).toHaveURL(enUrl(/\/category\/western-garments\?sort=highToLow$/));
  await pagination(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?sort=highToLow&page=2$/);
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(count - 15);
  const firstName = await cards.first().locator('h3').innerText();

  await page.evaluate(() => window.scrollTo(0, 250));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(enUrl(/\/product\//));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);

  await page.goBack();
  await expect(page).toHaveURL(enUrl(/\/category\/western-garments\?sort=highToLow&page=2$/));
  await expect(sort(page)).toHaveValue('highToLow');
  await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards.first().locator('h3')).toHaveText(firstName);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

  await page.reload();
  await expect(sort(page)).toHaveValue('highToLow');
  await expect(cards.first().locator('h3')).toHaveText(firstName);

  // A filter too: sub-category and price, restored after a product and Back.
  const sub = western.subCategory[0];
  if (!sub) throw new Error('Western Garments has no sub-category');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: sub.name, exact: true }).check();
  await filters.getByLabel('Min').fill('100');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?sort=highToLow&min=100&sub=${sub.slug}$`));
  await expect(cards.first()).toBeVisible();
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(enUrl(/\/product\//));
  await page.goBack();
  await expect(filters.getByRole('checkbox', { name: sub.name, exact: true })).toBeChecked();
  await expect(filters.getByLabel('Min')).toHaveValue('100');
  await expect(sort(page)).toHaveValue('highToLow');
});

test('SEARCH-01 GLOB-05 the search term stays in the URL, so Back returns to the results (issue 10.8)', async ({
  page,
}) => {
  await page.goto(en('/'));
  await page.getByRole('searchbox', { name: 'Search products' }).fill('honey');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(enUrl(/\/search\?q=honey$/));
  const first = page.locator('main article').first();
  const name = await first.locator('h3').innerText();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(enUrl(/\/product\//));
  await page.goBack();
  await expect(page.getByText('search results for')).toBeVisible();
  await expect(page.locator('main article').first().locator('h3')).toHaveText(name);
  await page.reload();
  await expect(page.locator('main article').first().locator('h3')).toHaveText(name);
});

test('GLOB-13 a click in the hover menu closes it, so the breadcrumb shows (issue 10.14)', async ({
  page,
  request,
}) => {
  const western = (await categories(request)).find((c) => c.slug === 'western-garments');
  const sub = western?.subCategory[0];
  if (!western || !sub) throw new Error('the demo catalogue has no Western Garments sub-category');
  await page.goto(en('/'));
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('link', { name: western.name, exact: true }).hover();
  const subLink = menu.getByRole('link', { name: sub.name, exact: true });
  await expect(subLink).toBeVisible();
  await subLink.click();
  await expect(page).toHaveURL(enUrl(new RegExp(`/category/${sub.slug}$`)));
  await expect(subLink).toBeHidden();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  const box = await breadcrumb.boundingBox();
  if (!box) throw new Error('no breadcrumb');
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('nav')?.getAttribute('aria-label'),
    { x: box.x + 5, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe('Breadcrumb');
  // Leaving the menu and coming back opens it again.
  await page.mouse.move(5, 700);
  await menu.getByRole('link', { name: western.name, exact: true }).hover();
  await expect(subLink).toBeVisible();
});

test("CURPROD-18 'Product Added Successfully !!' floats without moving the page and links to the cart (issue 10.14)", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'is in stock', (item) => item.stock > 2);
  await page.goto(en(`/product/${product.slug}`));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(product.name);
  await page.waitForLoadState('networkidle');
  // Everything under the buttons moves with the footer.
  const below = page.getByRole('contentinfo');
  const before = await below.boundingBox();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Product Added Successfully !!' });
  await expect(banner).toBeVisible();
  expect(await below.boundingBox()).toEqual(before);
  await expect(banner).toBeHidden();
  expect(await below.boundingBox()).toEqual(before);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await banner.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(enUrl(/\/cart$/));
});
