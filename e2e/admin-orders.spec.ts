import { adminOrderSchema, moneyFormat } from '@shop/shared';
import { expect, test } from './support/test.js';
import { createAccount, logIn, waitForMail } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { en } from './support/english.js';
import { openBackOffice } from './support/staff.js';

// The back office's order pages (issue 13), in the browser: staff pack and ship a home delivery
// with its tracking, the shopper sees it shipped and is mailed, a return is refunded from the
// order page (offered only once the goods have left, and made once however often it is sent,
// issue 29), and the receipt carries what a Norwegian receipt must.

/** An amount as the back office writes it to its English-speaking staff ("NOK 1,234.50"). */
const kroner = (ore: number) => moneyFormat('en', 'NOK', 2).format(ore / 100);

test('staff ship a home delivery and refund a return; the shopper sees it shipped; the receipt has the org. no. and VAT', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const item = await findProduct(
    request,
    'sells two of one item without options',
    (product) => product.options.length === 0 && product.stock >= 5 && product.orderLimit >= 2,
  );
  const shopper = await createAccount(request, { name: 'Hedda Home' });
  const placed = await buyThroughApi(request, shopper.email, item, 2, { storePickup: false });
  const number = placed.orderNumber;

  // The list finds it by its number, with its states as badges.
  const session = await openBackOffice(page, request, `/orders?q=${number}`);
  const storedOrder = async () =>
    adminOrderSchema.parse(
      await (
        await request.get(`/api/admin/orders/${placed._id}`, {
          headers: { authorization: `Bearer ${session.accessToken}` },
        })
      ).json(),
    );
  // The line keeps the product's name as the order was placed, in bokmål; the catalogue read
  // here answers in English.
  const lineName = (await storedOrder()).lines[0]?.name ?? item.name;
  const row = page.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row).toContainText(shopper.email);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Home');
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: `#${number}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText('Storgata 1').first()).toBeVisible();
  const timeline = page.locator('.order-timeline');
  await expect(timeline).toContainText('Order placed');
  // Nothing has left the shop and the payment is only reserved (issue 32.3): cancelling releases
  // it; there is nothing captured to refund and nothing sent to return.
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(page.getByText('Reserved – captured when shipped').first()).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Refund amount' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Register return' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark Packed' }).click();
  await expect(page.getByRole('status')).toContainText(`Order #${number} is Packed.`);
  await expect(timeline).toContainText('Delivery Pending → Packed');

  const tracking = `E2E${Date.now()}NO`;
  await page.getByRole('button', { name: 'Mark Shipped…' }).click();
  const ship = page.getByRole('dialog', { name: `Ship order #${number}` });
  // Shipping needs the tracking number: the form says so before anything is sent.
  await ship.getByLabel('Carrier').fill('Posten');
  await ship.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(ship.getByText('Tracking number is required to ship an order')).toBeVisible();
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship
    .getByLabel('Tracking link (optional)')
    .fill(`https://sporing.posten.no/sporing/${tracking}`);
  await ship.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(timeline).toContainText('Delivery Packed → Shipped');
  await expect(timeline).toContainText(`Tracking: Posten ${tracking}`);
  // Shipped, the payment is captured: now money goes back as goodwill or for a return.
  await expect(actions.getByRole('button', { name: 'Refund amount' })).toBeVisible();

  const mail = await waitForMail(
    request,
    shopper.email,
    new RegExp(`order ${number} is on its way`),
  );
  expect(mail.text).toContain(tracking);

  // The shopper, in a browser of their own, sees it shipped under My Orders.
  const shopperContext = await browser.newContext({ baseURL });
  const shopperPage = await shopperContext.newPage();
  await logIn(shopperPage, shopper.email);
  await expect(shopperPage).not.toHaveURL(/\/login/);
  await shopperPage.goto(en('/orders'));
  const myOrder = shopperPage.getByRole('article').filter({ hasText: String(number) });
  await expect(myOrder).toContainText('SHIPPED');
  await shopperContext.close();

  // One of the two comes back; the server works out the refund and the dialog shows it. The
  // first answer is lost on the way back (the server made the refund), so staff send it again:
  // the dialog's Idempotency-Key makes that the same refund, not a second one (issue 29).
  await page.getByRole('button', { name: 'Register return' }).click();
  const returnDialog = page.getByRole('dialog', { name: `Register a return on order #${number}` });
  await returnDialog.getByLabel(`Units of ${lineName} returned`).fill('1');
  await expectNoSeriousViolations(page);
  const keys: (string | undefined)[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/refunds'))
      keys.push(sent.headers()['idempotency-key']);
  });
  let madeOnServer = 0;
  await page.route(
    '**/api/admin/orders/*/refunds',
    async (route) => {
      madeOnServer = (await route.fetch()).status();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const send = returnDialog.getByRole('button', { name: 'Register return and refund' });
  await send.click();
  await expect(returnDialog).toContainText('The shop server did not answer');
  expect(madeOnServer).toBe(200);
  await send.click();
  const done = page.getByRole('dialog', { name: 'Refund made' });
  const unitOre = Math.round(item.sellingPrice * 100);
  await expect(done).toContainText(kroner(unitOre));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await done.getByRole('button', { name: 'Done' }).click();
  const refunds = page.getByRole('table').filter({ hasText: 'Kind' });
  await expect(refunds).toContainText(kroner(unitOre));
  await expect(refunds).toContainText('completed');
  // One refund, one unit refunded, however often it was sent.
  await expect(refunds.getByRole('row')).toHaveCount(2);
  const stored = await storedOrder();
  expect(stored.refunds).toHaveLength(1);
  expect(stored.refundedOre).toBe(unitOre);
  expect(stored.lines[0]?.returnedQuantity).toBe(1);
  await expect(timeline).toContainText(`Refunded ${kroner(unitOre)} (return)`);
  await expect(timeline).toContainText(`1 × ${lineName} (back to stock)`);
  await expect(page.getByText('Partly refunded').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  // The receipt opens in its own tab, signed in as the order page is.
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /Receipt/ }).click(),
  ]);
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt.getByText(/^Org\. no\. \d{3} \d{3} \d{3} MVA$/)).toBeVisible();
  await expect(receipt.getByText(`Order #${number}`)).toBeVisible();
  // The VAT of the goods' rate, and the shipping at that rate too: it follows the goods (issue 29).
  const rate = (
    await receipt
      .getByRole('row')
      .filter({ hasText: lineName })
      .getByRole('cell')
      .nth(3)
      .innerText()
  ).trim();
  expect(rate).toMatch(/^\d+ %$/);
  await expect(receipt.getByRole('row', { name: `of which VAT ${rate}` })).toBeVisible();
  if (placed.shippingPrice > 0)
    await expect(receipt.getByRole('row', { name: `Shipping (${rate} VAT)` })).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoSeriousViolations(receipt);
});
