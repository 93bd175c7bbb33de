import { expect, test } from '@playwright/test';

test('NOTFOUND-01 NOTFOUND-02 an unknown URL shows the not-found page whose image links home', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  const home = page.getByRole('link', { name: 'Page not found – go to the home page' });
  await expect(home).toBeVisible();
  await expect(home.getByRole('img')).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Best Selling Products' })).toBeVisible();
});

test('an unknown product slug shows the not-found content', async ({ page }) => {
  await page.goto('/product/no-such-product');
  await expect(
    page.getByRole('link', { name: 'Page not found – go to the home page' }),
  ).toBeVisible();
});
