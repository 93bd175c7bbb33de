import { formatAmount } from '@shop/shared';
import { findProduct } from './support/catalogue.js';
import { expect, test } from './support/test.js';

// Issue 31: the shop speaks bokmål at its plain addresses, and the switch keeps the page.
test('a shopper buys in bokmål at / and switches the cart to English without losing it', async ({
  page,
  request,
}) => {
  const item = await findProduct(request, 'is in stock', (p) => p.stock > 0);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('link', { name: 'Hopp til innholdet' })).toBeAttached();

  await page.goto(`/product/${item.slug}`);
  await expect(page.getByText('inkl. mva.')).toBeVisible();
  await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
  await page.getByRole('link', { name: 'Handlekurv, 1 vare' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Handlekurv' })).toBeVisible();
  // Kroner as Norwegians write them: 1 234,50 kr, with the spaces Intl puts in.
  const price = formatAmount(item.sellingPrice, 1, 'NOK', 'nb');
  expect(price).toMatch(/^[\d\s]+,\d\d\skr$/);
  await expect(
    page.getByRole('list', { name: 'Varer i handlekurven' }).getByText(price).first(),
  ).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The choice is remembered: the shop's bare address now opens in English.
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/$/);
});
