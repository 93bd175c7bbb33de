import { expect, test } from './support/test.js';
import { formatPrice } from '@shop/shared';
import { en } from './support/english.js';
import { chooseCountry } from './support/country.js';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

test('GLOB-02 CURPROD-03 CURPROD-05 CURPROD-09 CURPROD-10 switching currency changes every price on screen and survives a reload', async ({
  page,
  request,
}) => {
  const rate = (await (
    await request.post('/api/multiCurrency', { data: { currencyCode: 'SEK', countryCode: 'SWE' } })
  ).json()) as { value: number };
  const featured = (await (await request.get('/api/products/featured')).json()) as {
    name: string;
    sellingPrice: number;
  }[];
  const first = featured[0];
  if (!first) throw new Error('no featured products');

  await page.goto(en('/'));
  const prices = page.locator('main article .product-card__price');
  await expect(prices.first()).toBeVisible();
  const before = await prices.allInnerTexts();
  expect(before.every((text) => text.startsWith('NOK'))).toBe(true);

  await chooseCountry(page, 'Sweden (SEK)');
  await expect
    .poll(async () => (await prices.allInnerTexts()).every((t) => t.startsWith('SEK')))
    .toBe(true);
  const card = page.locator('main article', { hasText: first.name }).first();
  await expect(card.locator('.product-card__price')).toHaveText(
    plain(formatPrice(first.sellingPrice, rate.value, 'SEK')),
    { useInnerText: true },
  );

  await page.reload();
  await expect(page.locator('main article .product-card__price').first()).toContainText('SEK');

  // The product page follows the currency too, without a reload.
  await card.getByRole('link').first().click();
  const price = page.getByRole('group', { name: 'Price' }).getByTestId('selling-price');
  await expect(price).toContainText('SEK');
  await chooseCountry(page, 'Norway (NOK)');
  await expect(price).toContainText(plain(formatPrice(first.sellingPrice, 1, 'NOK')), {
    useInnerText: true,
  });
});
