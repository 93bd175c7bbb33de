import { expect, test } from './support/test.js';
import { en, enUrl } from './support/english.js';

test('GLOB-03 GLOB-05 SEARCH-02 SEARCH-03 a search with a typo still finds, run with Enter', async ({
  page,
}) => {
  await page.goto(en('/'));
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('hony');
  await box.press('Enter');
  await expect(page).toHaveURL(enUrl(/\/search\?q=hony$/));
  await expect(page.getByText('search results for')).toBeVisible();
  await expect(page.getByText('hony', { exact: true })).toBeVisible();
  const names = page.locator('main article h3');
  await expect(names.first()).toBeVisible();
  const found = await names.allInnerTexts();
  expect(found.length).toBeGreaterThan(3);
  expect(found.slice(0, 3).every((name) => /honey/i.test(name))).toBe(true);
});

test('GLOB-04 SEARCH-04 the search button runs a search, and nothing found shows the empty state', async ({
  page,
}) => {
  await page.goto(en('/category/honey'));
  await page.getByRole('searchbox', { name: 'Search products' }).fill('cofee');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('main article h3').first()).toContainText(/coffee/i);

  await page.getByRole('searchbox', { name: 'Search products' }).fill('zzqxw');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('main article')).toHaveCount(0);
  await expect(page.getByText(/no products/i)).toBeVisible();
});
