import { expect, test, type Page } from './support/test.js';
import { adminOrderListSchema, adminOrderSchema, type AdminSession } from '@shop/shared';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { cards, fillOsloAddress, payInWidget } from './support/checkout.js';
import { ownerSession } from './support/staff.js';
import { en, enUrl } from './support/english.js';

// The phone of issue 29, in a time zone far from Oslo: a browser that formatted times in its own
// zone would show them six hours off.
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' });

/** The floating chat link sits inside the bottom bar, so it covers nothing of the page. */
async function expectChatInTheBar(page: Page, where: string) {
  const chat = await page.locator('.chat-link').boundingBox();
  const bar = await page.getByRole('navigation', { name: 'Mobile' }).boundingBox();
  if (!chat || !bar) throw new Error(`no chat link or bottom bar on ${where}`);
  expect(chat.y, `chat link on ${where}`).toBeGreaterThanOrEqual(bar.y);
  expect(chat.y + chat.height, `chat link on ${where}`).toBeLessThanOrEqual(bar.y + bar.height);
  // And nothing of the bar's own links is under it.
  for (const link of await page.locator('.mobile-bar__link').all()) {
    const box = await link.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), `a bar link on ${where}`).toBeLessThanOrEqual(chat.x);
  }
}

const osloTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'Europe/Oslo',
});
const osloDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Oslo' });

test('MYORD-08 My Orders shows a return, its day and the total after refunds, with times on the Oslo clock; the chat link covers nothing on the cart, checkout and orders (issue 29.12, 29.13)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Away from the products other journeys buy (see orders.mobile.spec.ts), two of one to return one.
  const item = (await allProducts(request))
    .filter(
      (candidate) =>
        candidate.stock >= 10 &&
        candidate.stock < 30 &&
        candidate.options.length === 0 &&
        candidate.orderLimit >= 2,
    )
    .at(-2);
  if (!item) throw new Error('the demo catalogue has no product to buy two of');
  const { email } = await createAccount(request, { name: 'Rita Refund' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await expectChatInTheBar(page, '/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillOsloAddress(page, 'Rita Refund', email);
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));
  await expectChatInTheBar(page, '/checkout');
  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await placed.getByRole('button', { name: 'Okay' }).click();

  // The shop takes one back once the parcel has arrived.
  const session: AdminSession = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const listed = adminOrderListSchema.parse(
    await (
      await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, { headers })
    ).json(),
  ).orders[0];
  if (!listed) throw new Error('the order is not in the back office');
  const orderPath = `/api/admin/orders/${listed.id}`;
  const readOrder = async () =>
    adminOrderSchema.parse(await (await request.get(orderPath, { headers })).json());
  for (const data of [
    { to: 'PACKED' },
    { to: 'SHIPPED', carrier: 'Posten', trackingNumber: 'CP123456789NO' },
    { to: 'DELIVERED' },
  ])
    expect((await request.post(`${orderPath}/delivery`, { headers, data })).status()).toBe(200);
  // Captured when it was shipped (issue 32.3); a refund needs the capture.
  await expect.poll(async () => (await readOrder()).payment.status).toBe('CHARGED');
  const order = await readOrder();
  const [line] = order.lines;
  if (!line) throw new Error('the order has no lines');
  const refunded = await request.post(`${orderPath}/refunds`, {
    headers,
    data: { kind: 'return', lines: [{ orderLineId: line.id, quantity: 1 }] },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  await page.goto(en('/orders'));
  const card = page.getByRole('article').first();
  const nok = (ore: number) => `NOK\u00a0${ore % 100 === 0 ? ore / 100 : (ore / 100).toFixed(2)}`;
  const total = card.getByRole('row', { name: /^with Discount/ });
  await expect(total).toContainText(nok(order.grandTotalOre));
  const refundRow = card.getByRole('row', { name: /^Return refunded/ });
  await expect(refundRow).toContainText(`-${nok(line.unitPriceOre)}`);
  await expect(refundRow).toContainText(`1 × ${item.name}`);
  await expect(refundRow).toContainText(osloDay.format(new Date()));
  await expect(card.getByRole('row', { name: /^Total after refunds/ })).toContainText(
    nok(order.grandTotalOre - line.unitPriceOre),
  );
  await expect(card.locator('time')).toHaveText(osloTime.format(new Date(order.createdAt)));
  await expectChatInTheBar(page, '/orders');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
