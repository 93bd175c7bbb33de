import { expect, test } from './support/test.js';
import { en, enUrl } from './support/english.js';

test('NOTFOUND-01 NOTFOUND-02 an unknown URL shows the not-found page whose image links home', async ({
  page,
}) => {
  const response = await page.goto(en('/no/such/page'));
  expect(response?.status()).toBe(404);
  const home = page.getByRole('link', { name: 'Page not found – go to the home page' });
  await expect(home).toBeVisible();
  await expect(home.getByRole('img')).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByRole('heading', { name: 'Best Selling Products' })).toBeVisible();
});

test('an unknown product slug shows the not-found content, answered 404 (issue 10.11)', async ({
  page,
}) => {
  const response = await page.goto(en('/product/no-such-product'));
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('link', { name: 'Page not found – go to the home page' }),
  ).toBeVisible();
});

test('NOTFOUND-01 an unknown category shows the not-found page, loaded directly or reached in the shop (issue 10.11)', async ({
  page,
}) => {
  const notFound = page.getByRole('link', { name: 'Page not found – go to the home page' });
  const response = await page.goto(en('/category/no-such-category'));
  expect(response?.status()).toBe(404);
  await expect(notFound).toBeVisible();
  await expect(page.getByText('no items found')).toHaveCount(0);

  await page.goto(en('/category/honey'));
  await expect(page.getByRole('heading', { name: 'Honey', level: 1 })).toBeVisible();
  // A link of the shop to a category that no longer exists, followed without a page load.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/en/category/no-longer-here');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(notFound).toBeVisible();
  await expect(page.getByText('no-longer-here')).toHaveCount(0);
});
