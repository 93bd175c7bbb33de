import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { adminOrderListSchema, adminOrderSchema, type ProductDetail } from '@shop/shared';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { ownerSession } from './support/staff.js';
import { en, enUrl } from './support/english.js';

// Issue 32.4 in a browser: 'Buy with Vipps' on the product page and on the cart pays with Vipps
// Express through the shop's stand-in, whose landing page asks the shop for its shipping options
// for the stand-in's test address (Robert Levins gate 5, 0154 Oslo) and approves with the first.
// No shipping step comes first: the order is placed with the address chosen in "Vipps".

/** A product without options, in stock enough for a few journeys. */
async function expressItem(request: APIRequestContext, fromEnd: number): Promise<ProductDetail> {
  const item = (await allProducts(request))
    .filter((candidate) => candidate.stock >= 10 && candidate.options.length === 0)
    .at(fromEnd);
  if (!item) throw new Error('the demo catalogue has no product to buy');
  return item;
}

/** On the stand-in's landing page: approved as the shopper would in the app, then back. */
async function approveInVipps(page: Page) {
  await expect(page).toHaveURL(/\/payments\/vipps-stand-in\/landing\//);
  await expect(page.getByText('TEST STAND-IN')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout\/vipps\?paymentId=/));
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  await placed.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(enUrl(/\/$/));
}

/** The shopper's one order as the back office reads it. */
async function onlyOrder(request: APIRequestContext, email: string) {
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const listed = adminOrderListSchema.parse(
    await (
      await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, { headers })
    ).json(),
  ).orders;
  expect(listed).toHaveLength(1);
  return adminOrderSchema.parse(
    await (await request.get(`/api/admin/orders/${listed[0]?.id ?? ''}`, { headers })).json(),
  );
}

test('issue 32.4: Buy with Vipps on the product page buys the item in the chosen quantity with the address chosen in Vipps', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await expressItem(request, -4);
  const { email } = await createAccount(request, { name: 'Ellen Express' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Buy with Vipps' }).click();
  await approveInVipps(page);

  const order = await onlyOrder(request, email);
  expect(order.payment).toMatchObject({ provider: 'vipps', status: 'AUTHORISED' });
  expect(order.shippingDetails).toMatchObject({ address: 'Robert Levins gate 5', city: 'Oslo' });
  expect(order.shippingDetails?.postalCode).toBe('0154');
  expect(order.lines.map((line) => [line.slug, line.quantity])).toEqual([[item.slug, 2]]);
});

test('issue 32.4: Buy with Vipps on the cart pays the cart and empties it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await expressItem(request, -5);
  const { email } = await createAccount(request, { name: 'Carl Cart' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(item.name);
  await page.getByRole('button', { name: 'Buy with Vipps' }).click();
  await approveInVipps(page);

  await page.goto(en('/cart'));
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const order = await onlyOrder(request, email);
  expect(order.payment).toMatchObject({ provider: 'vipps', status: 'AUTHORISED' });
  expect(order.shippingDetails).toMatchObject({ address: 'Robert Levins gate 5' });
});
