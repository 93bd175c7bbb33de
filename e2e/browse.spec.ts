import { expect, test } from './support/test.js';
import { formatPrice } from '@shop/shared';
import { categories, categoryProducts, productWithPricedOptions } from './support/catalogue.js';
import { en, enUrl } from './support/english.js';

const nok = (amount: number) => formatPrice(amount, 1, 'NOK').replace(/\u00a0/g, ' ');

test('ROLE-02 HOME-01 CAT-01 CAT-09 CAT-11 CAT-14 CAT-15 PDP-10 CURPROD-12 CURPROD-13 home to category to filters and sorts to product to an option switch', async ({
  page,
  request,
}) => {
  const honey = (await categories(request)).find((category) => category.slug === 'honey');
  if (!honey) throw new Error('the demo catalogue has no Honey category');
  const all = await categoryProducts(request, honey._id);

  await page.goto(en('/'));
  await expect(page.getByRole('heading', { name: 'Best Selling Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('link', { name: 'Honey', exact: true }).click();
  await expect(page).toHaveURL(enUrl(/\/category\/honey$/));
  await expect(page.getByRole('heading', { name: 'Honey', level: 1 })).toBeVisible();
  const shown = Math.min(15, all.count);
  await expect(page.getByText(`Showing ${shown} / ${all.count} items`)).toBeVisible();

  // CAT-09: both sorts order the grid by price.
  const sort = page.getByRole('combobox', { name: 'Sort products' });
  const cardPrices = async () =>
    (await page.locator('main article .product-card__price').allInnerTexts()).map((text) =>
      Number(/NOK\s([\d,.]+)/.exec(text)?.[1]?.replace(',', '')),
    );
  await sort.selectOption({ label: 'Price low to high' });
  await expect.poll(cardPrices).toEqual([...(await cardPrices())].sort((a, b) => a - b));
  const ascending = await cardPrices();
  expect(ascending.length).toBe(shown);
  await sort.selectOption({ label: 'Price high to low' });
  await expect.poll(cardPrices).toEqual([...ascending].sort((a, b) => b - a));

  // CAT-11: a sub-category checkbox limits the listing.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const sub = honey.subCategory[0];
  if (!sub) throw new Error('Honey has no sub-category');
  const subListing = await categoryProducts(request, honey._id, { sub: [{ _id: sub._id }] });
  await filters.getByRole('checkbox', { name: sub.name }).check();
  await expect(page.getByText(`/ ${subListing.count} items`)).toBeVisible();
  await filters.getByRole('checkbox', { name: sub.name }).uncheck();
  await expect(page.getByText(`/ ${all.count} items`)).toBeVisible();

  // CAT-14, CAT-15: a price range, then cleared.
  const ranged = await categoryProducts(request, honey._id, { min: 100, max: 150 });
  await filters.getByLabel('Min').fill('100');
  await filters.getByLabel('Max').fill('150');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`/ ${ranged.count} items`)).toBeVisible();
  await expect
    .poll(async () => (await cardPrices()).every((price) => price >= 100 && price <= 150))
    .toBe(true);
  await filters.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByText(`/ ${all.count} items`)).toBeVisible();

  // VAL-01, VAL-02: min above max shows the message and sends nothing.
  let listingCalls = 0;
  page.on('request', (call) => {
    if (call.url().includes('/api/products/category/')) listingCalls += 1;
  });
  await filters.getByLabel('Min').fill('500');
  await filters.getByLabel('Max').fill('100');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByRole('alert')).toHaveText('Min cannot be greater than Max');
  expect(listingCalls).toBe(0);

  // Open a product, then switch an option that changes the price.
  const { product, option, value, other } = await productWithPricedOptions(request);
  await page.goto(en(`/product/${product.slug}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  const price = page.getByRole('group', { name: 'Price' }).getByTestId('selling-price');
  await expect(price).toContainText(nok(product.sellingPrice), { useInnerText: true });
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText('2');
  const optionGroup = page.getByRole('group', { name: option });
  await optionGroup.getByRole('button', { name: value, exact: true }).click();
  await expect(optionGroup.getByRole('button', { name: value, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(price).toContainText(nok(other.sellingPrice), { useInnerText: true });
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText('1');
});
