import { expect, test } from './support/test.js';
import { adminOrderListSchema, adminOrderSchema } from '@shop/shared';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { fillOsloAddress } from './support/checkout.js';
import { ownerSession } from './support/staff.js';
import { en, enUrl } from './support/english.js';

// Issue 32.1, 32.2 and 32.3 in a browser: the shopper pays with Vipps MobilePay through the
// shop's stand-in (its landing page stands where Vipps' page or app would), comes back, and the
// order is placed once; the payment is captured when the back office ships the order.

test('issue 32.2: a shopper pays with Vipps MobilePay through the stand-in and is back with the order; shipping captures it (issue 32.3)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = (await allProducts(request))
    .filter((candidate) => candidate.stock >= 10 && candidate.options.length === 0)
    .at(-3);
  if (!item) throw new Error('the demo catalogue has no product to buy');
  const { email } = await createAccount(request, { name: 'Vera Vipps' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillOsloAddress(page, 'Vera Vipps', email);
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));

  // What is charged is said before paying (issue 32.5).
  await expect(
    page.getByText('The card and Vipps charge in Norwegian kroner (NOK).'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Vipps MobilePay' }).check();
  await page.getByRole('button', { name: 'Pay with Vipps' }).click();

  // The stand-in's landing page: the amount in kroner, approved as the shopper would in the app.
  await expect(page).toHaveURL(/\/payments\/vipps-stand-in\/landing\//);
  await expect(page.getByText('TEST STAND-IN')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kr');
  await page.getByRole('button', { name: 'Approve' }).click();

  // Back in the shop, the order is placed.
  await expect(page).toHaveURL(enUrl(/\/checkout\/vipps\?paymentId=/));
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  await placed.getByRole('button', { name: 'Okay' }).click();

  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const listed = adminOrderListSchema.parse(
    await (
      await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, { headers })
    ).json(),
  ).orders;
  expect(listed).toHaveLength(1);
  const orderPath = `/api/admin/orders/${listed[0]?.id ?? ''}`;
  const readOrder = async () =>
    adminOrderSchema.parse(await (await request.get(orderPath, { headers })).json());
  const reserved = await readOrder();
  expect(reserved.payment).toMatchObject({ provider: 'vipps', status: 'AUTHORISED' });

  for (const data of [
    { to: 'PACKED' },
    { to: 'SHIPPED', carrier: 'Posten', trackingNumber: 'VIPPS123456789NO' },
  ])
    expect((await request.post(`${orderPath}/delivery`, { headers, data })).status()).toBe(200);
  expect((await readOrder()).payment.status).toBe('CHARGED');
});
