import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { formatAmount, type ProductDetail } from '@shop/shared';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { buyThroughApi, cards, payInWidget } from './support/checkout.js';
import { en, enUrl } from './support/english.js';
import { chooseCountry } from './support/country.js';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const widgetFrame = (page: Page) => page.frameLocator('iframe[title="Card payment (test mode)"]');

/** An item from the middle of the catalogue, away from the other journeys' picks. */
async function middleProduct(request: APIRequestContext, skip: number): Promise<ProductDetail> {
  const buyable = (await allProducts(request)).filter(
    (product) => product.stock >= 5 && product.options.length === 0,
  );
  const found = buyable.at(Math.floor(buyable.length / 2) - 1 - skip);
  if (!found) throw new Error('the demo catalogue has no product to pay for');
  return found;
}

/** A new shopper, signed in, with one item in the cart. */
async function shopperWithItem(page: Page, request: APIRequestContext, item: ProductDetail) {
  const { email } = await createAccount(request, { name: 'Paula Payment' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

async function proceedToPayment(page: Page) {
  await page.goto(en('/shipping'));
  await page.getByLabel('Store Pickup').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));
  await expect(widgetFrame(page).getByText(/TEST MODE/)).toBeVisible();
}

test('CHECKOUT-04 with Sweden picked the payment page says the card is charged in NOK and how much, and the widget says NOK (issue 10.2)', async ({
  page,
  request,
}) => {
  const item = await middleProduct(request, 0);
  await shopperWithItem(page, request, item);
  await chooseCountry(page, 'Sweden (SEK)');
  await proceedToPayment(page);

  const charged = plain(formatAmount(item.sellingPrice, 1, 'NOK'));
  const summary = page.getByRole('region', { name: 'Billing summary' });
  await expect(summary.locator('dt:text-is("GRAND-TOTAL") + dd')).toContainText('SEK');
  await expect(summary.locator('dt:text-is("You pay") + dd')).toHaveText(charged, {
    useInnerText: true,
  });
  await expect(summary).toContainText(
    'Your card is charged in NOK. The SEK amounts above are for your information.',
  );
  const widget = widgetFrame(page);
  await expect(widget.locator('.amount')).toHaveText(`Amount: ${charged}`, { useInnerText: true });
  await expect(widget.getByRole('button', { name: /^Pay / })).toHaveText(`Pay ${charged}`, {
    useInnerText: true,
  });
  await expect(widget.getByText(/\bkr\b/)).toHaveCount(0);
});

test('a coupon used up after it was applied: the payment page says so and pays without it (issue 29.6)', async ({
  page,
  request,
}) => {
  // WELCOME10's minimum order is NOK 300; a product two thirds into the catalogue reaches it.
  const fitting = (await allProducts(request)).filter(
    (product) =>
      product.options.length === 0 &&
      product.stock >= 10 &&
      product.sellingPrice >= 300 / Math.min(product.orderLimit, 3),
  );
  const item = fitting.at(Math.floor((fitting.length * 2) / 3));
  if (!item) throw new Error('the demo catalogue has no product to reach WELCOME10 with');
  const qty = Math.ceil(300 / item.sellingPrice);
  const { email } = await createAccount(request, { name: 'Cora Coupon' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en(`/product/${item.slug}`));
  for (let count = 1; count < qty; count++)
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon WELCOME10 applied')).toBeVisible();

  // The same customer uses the coupon in another tab before this one pays.
  await buyThroughApi(request, email, item, qty, { couponCode: 'WELCOME10' });

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
  await page.getByLabel('Store Pickup').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));
  const refusal = page.getByRole('alert').filter({ hasText: 'You have already used coupon' });
  await expect(refusal).toContainText('You have already used coupon WELCOME10');
  await expect(refusal.getByRole('link', { name: 'Back to cart' })).toHaveAttribute(
    'href',
    en('/cart'),
  );
  await refusal.getByRole('button', { name: 'Remove coupon and pay' }).click();
  await expect(refusal).toHaveCount(0);

  const charged = plain(formatAmount(item.sellingPrice * qty, 1, 'NOK'));
  const summary = page.getByRole('region', { name: 'Billing summary' });
  await expect(summary.locator('dt:text-is("GRAND-TOTAL") + dd')).toHaveText(charged, {
    useInnerText: true,
  });
  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
});

/** The CVC box and the other fields stay inside the card form and the frame. */
async function expectCardFormFits(page: Page) {
  const frame = await page.locator('iframe[title="Card payment (test mode)"]').boundingBox();
  const widget = widgetFrame(page);
  const form = await widget.locator('#card-form').boundingBox();
  if (!frame || !form) throw new Error('the card form is not shown');
  for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Cardholder name']) {
    const box = await widget.getByLabel(label).boundingBox();
    if (!box) throw new Error(`${label} is not shown`);
    expect(box.x, `${label} starts inside the form`).toBeGreaterThanOrEqual(form.x);
    expect(box.x + box.width, `${label} ends inside the form`).toBeLessThanOrEqual(
      form.x + form.width + 0.5,
    );
    expect(box.x + box.width, `${label} ends inside the frame`).toBeLessThanOrEqual(
      frame.x + frame.width,
    );
  }
  // One money format: the widget's amount reads like the summary's grand total beside it.
  const grandTotal = await page
    .getByRole('region', { name: 'Billing summary' })
    .locator('dt:text-is("GRAND-TOTAL") + dd')
    .innerText();
  await expect(widget.locator('.amount')).toHaveText(`Amount: ${grandTotal}`, {
    useInnerText: true,
  });
}

test("the card form fits on a desktop, its amount in the summary's format (issue 10.13)", async ({
  page,
  request,
}) => {
  const item = await middleProduct(request, 1);
  await shopperWithItem(page, request, item);
  await proceedToPayment(page);
  await expectCardFormFits(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the card form fits at 390 px, the CVC box not clipped (issue 10.13)', async ({
    page,
    request,
  }) => {
    const item = await middleProduct(request, 2);
    await shopperWithItem(page, request, item);
    await proceedToPayment(page);
    await expectCardFormFits(page);
    const cvc = await widgetFrame(page).getByLabel('CVC').boundingBox();
    expect(cvc && cvc.x + cvc.width).toBeLessThanOrEqual(390);
  });
});
