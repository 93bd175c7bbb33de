import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import type { ProductDetail } from '@shop/shared';
import { createAccount, logIn, waitForMail } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { buyThroughApi, cards, fillOsloAddress, payInWidget } from './support/checkout.js';
import { en, enUrl } from './support/english.js';
import { journeyProduct } from './support/back-office-products.js';

/**
 * Products for these journeys come from the end of the catalogue, away from the ones the cart
 * journeys pick from its start, because orders here take real stock.
 */
async function pickProduct(
  request: APIRequestContext,
  what: string,
  rule: (product: ProductDetail) => boolean,
  skip = 0,
): Promise<ProductDetail> {
  const found = (await allProducts(request)).filter(rule).at(-1 - skip);
  if (!found) throw new Error(`the demo catalogue has no product that ${what}`);
  return found;
}

/**
 * Well below the demo stock of the products it picks (25 to 40), so that what other journeys buy
 * while these run cannot change which products qualify, and with them which one `skip` names.
 */
const plentiful = (product: ProductDetail) =>
  product.stock >= 20 && product.orderLimit >= 2 && product.options.length === 0;

async function signedInShopper(page: Page, request: APIRequestContext, name: string) {
  const account = await createAccount(request, { name });
  await logIn(page, account.email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  return account;
}

test('SHIP-01 SHIP-04 SHIP-08 SHIP-13 ORDER-02..06 CHECKOUT-01..04 CHECKOUT-08 CHECKOUT-09 ORDER-17 ORDER-18 ORDER-22 ORDER-23 MYORD-01..08 home delivery from the cart, paid in the widget, then My Orders', async ({
  page,
  request,
}) => {
  const { email } = await signedInShopper(page, request, 'Olav Orders');
  const product = await pickProduct(request, 'has plenty of stock', plentiful);
  await page.goto(en(`/product/${product.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await page.getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(enUrl(/\/shipping$/));
  await expect(page.getByLabel('Home Delivery')).toBeChecked();
  await expect(page.getByLabel('Postal Code')).toHaveAttribute('placeholder', '0010 – 9990');
  await fillOsloAddress(page, 'Olav Orders', email);
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(enUrl(/\/checkout$/));
  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  await placed.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await page.goto(en('/orders'));
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader')).toHaveText([
    'S.N',
    'Product',
    'Quantity',
    'Price',
    'Sub-Total',
  ]);
  await expect(table.getByText(product.name)).toBeVisible();
  await expect(page.getByText('PENDING').first()).toBeVisible();
  await expect(page.getByText('with Discount').first()).toBeVisible();
  const mail = await waitForMail(request, email, /order/i);
  expect(mail.text).toContain(product.name);
});

test('SHIP-01 ORDER-12 ORDER-13 CHECKOUT-07 SHIP-21 SHIP-22 store pickup from buy-now', async ({
  page,
  request,
}) => {
  await signedInShopper(page, request, 'Petra Pickup');
  const product = await pickProduct(request, 'has plenty of stock', plentiful, 1);
  await page.goto(en(`/product/${product.slug}`));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(enUrl(/\/cart\/buy-now$/));
  await page.getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(enUrl(/\/shipping\/buy-now$/));
  await page.getByLabel('Store Pickup').check();
  await expect(page.getByLabel('Full Name')).toBeHidden();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(enUrl(/\/checkout\/buy-now$/));
  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  await expect(placed.getByText('Please visit our store to get your order.')).toBeVisible();
  await placed.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(enUrl(/\/$/));
});

test('a declined card places no order, and another card then pays', async ({ page, request }) => {
  await signedInShopper(page, request, 'Dina Declined');
  const product = await pickProduct(request, 'has plenty of stock', plentiful, 2);
  await page.goto(en(`/product/${product.slug}`));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('Store Pickup').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  const widget = await payInWidget(page, cards.declined);
  await expect(widget.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByRole('dialog')).toBeHidden();

  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  await placed.getByRole('button', { name: 'Okay' }).click();
  await page.goto(en('/orders'));
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(1);
});

test('ORDER-10 ERR-20 a Svalbard postal code is refused under the postal code', async ({
  page,
  request,
}) => {
  const { email } = await signedInShopper(page, request, 'Sven Svalbard');
  // Nothing is bought here, so any product in stock does, and the plentiful ones stay for the
  // journeys that buy.
  const product = await pickProduct(
    request,
    'is in stock without options',
    (candidate) => candidate.stock >= 1 && candidate.options.length === 0,
  );
  await page.goto(en(`/product/${product.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/shipping'));
  await fillOsloAddress(page, 'Sven Svalbard', email);
  await page.getByLabel('Postal Code').fill('9170');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText(/We cannot deliver to Svalbard/)).toBeVisible();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
});

test('ORDER-08 ERR-17 a stock problem found at the shipping step sends the shopper back to the cart', async ({
  page,
  request,
}) => {
  const { email } = await signedInShopper(page, request, 'Siri Scarce');
  const other = await createAccount(request, { name: 'Other Shopper' });
  // A little stock that one shopper may buy up; the journey's own, as other journeys buy too.
  const scarce = await journeyProduct(request, 'Scarce Honey', { stock: 3, orderLimit: 5 });
  await page.goto(en(`/product/${scarce.slug}`));
  for (let count = 1; count < scarce.stock; count++)
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));

  await buyThroughApi(request, other.email, scarce, 1);
  await fillOsloAddress(page, 'Siri Scarce', email);
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/cart$/));
  await expect(page.getByText(`${scarce.name} out of stock!`)).toBeVisible();
});

test('SHIP-02 ROLE-08 the shipping step sends a visitor to /login', async ({ page }) => {
  await page.goto(en('/shipping'));
  await expect(page).toHaveURL(enUrl(/\/login$/));
});
