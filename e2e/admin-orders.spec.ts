import { expect, test } from './support/test.js';
import { createAccount, logIn, waitForMail } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice } from './support/staff.js';

// The back office's order pages (issue 13), in the browser: staff pack and ship a home delivery
// with its tracking, the shopper sees it shipped and is mailed, a return is refunded from the
// order page, and the receipt carries what a Norwegian receipt must.

/** An amount as the back office writes it ("kr 1 234,50"), spaces as the browser renders them. */
const kroner = (ore: number) =>
  new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' }).format(ore / 100);

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
  await openBackOffice(page, request, `/orders?q=${number}`);
  const row = page.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row).toContainText(shopper.email);
  await expect(row).toContainText('PENDING');
  await expect(row).toContainText('Home');
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: `#${number}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText('Storgata 1').first()).toBeVisible();
  const timeline = page.locator('.order-timeline');
  await expect(timeline).toContainText('Order placed');

  await page.getByRole('button', { name: 'Mark PACKED' }).click();
  await expect(page.getByRole('status')).toContainText(`Order #${number} is PACKED.`);
  await expect(timeline).toContainText('Delivery PENDING → PACKED');

  const tracking = `E2E${Date.now()}NO`;
  await page.getByRole('button', { name: 'Mark SHIPPED…' }).click();
  const ship = page.getByRole('dialog', { name: `Ship order #${number}` });
  // Shipping needs the tracking number: the form says so before anything is sent.
  await ship.getByLabel('Carrier').fill('Posten');
  await ship.getByRole('button', { name: 'Mark SHIPPED' }).click();
  await expect(ship.getByText('Tracking number is required to ship an order')).toBeVisible();
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship
    .getByLabel('Tracking link (optional)')
    .fill(`https://sporing.posten.no/sporing/${tracking}`);
  await ship.getByRole('button', { name: 'Mark SHIPPED' }).click();
  await expect(ship).toBeHidden();
  await expect(timeline).toContainText('Delivery PACKED → SHIPPED');
  await expect(timeline).toContainText(`Tracking: Posten ${tracking}`);

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
  await shopperPage.goto('/orders');
  const myOrder = shopperPage.getByRole('article').filter({ hasText: String(number) });
  await expect(myOrder).toContainText('SHIPPED');
  await shopperContext.close();

  // One of the two comes back; the server works out the refund and the dialog shows it.
  await page.getByRole('button', { name: 'Register return' }).click();
  const returnDialog = page.getByRole('dialog', { name: `Register a return on order #${number}` });
  await returnDialog.getByLabel(`Units of ${item.name} returned`).fill('1');
  await expectNoSeriousViolations(page);
  await returnDialog.getByRole('button', { name: 'Register return and refund' }).click();
  const done = page.getByRole('dialog', { name: 'Refund made' });
  const unitOre = Math.round(item.sellingPrice * 100);
  await expect(done).toContainText(kroner(unitOre));
  await done.getByRole('button', { name: 'Done' }).click();
  const refunds = page.getByRole('table').filter({ hasText: 'Kind' });
  await expect(refunds).toContainText(kroner(unitOre));
  await expect(refunds).toContainText('completed');
  await expect(timeline).toContainText(`Refunded ${kroner(unitOre)} (return)`);
  await expect(timeline).toContainText(`1 × ${item.name} (back to stock)`);
  await expect(page.getByText('PARTLY REFUNDED').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  // The receipt opens in its own tab, signed in as the order page is.
  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /Receipt/ }).click(),
  ]);
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt.getByText(/^Org\. no\. \d{3} \d{3} \d{3} MVA$/)).toBeVisible();
  await expect(receipt.getByText(`Order #${number}`)).toBeVisible();
  await expect(receipt.getByRole('row', { name: /of which VAT 25 %/ })).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoSeriousViolations(receipt);
});
