import { formatAmount } from '@shop/shared';
import { expect, test } from './support/test.js';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { cards, fillOsloAddress, payInWidget } from './support/checkout.js';
import { en, enUrl } from './support/english.js';
import { openBackOffice } from './support/staff.js';

test('(issue 14) CART-25 a 10 % coupon with a minimum order, made in the back office, is refused below the minimum in the cart and paid with above it; its page then shows the order', async ({
  page,
  browser,
  request,
}) => {
  // A product two of which pass the minimum and one does not; from the middle of the catalogue,
  // away from the cart journeys (its start) and the checkout journeys (its end).
  const candidates = (await allProducts(request)).filter(
    (product) =>
      product.stock >= 20 &&
      product.orderLimit >= 2 &&
      product.options.length === 0 &&
      product.sellingPrice >= 50,
  );
  const product = candidates[Math.floor(candidates.length / 2)];
  if (!product) throw new Error('the demo catalogue has no product for the coupon journey');
  const minimum = Math.ceil(product.sellingPrice * 1.5);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  await test.step('the owner makes the coupon in the back office', async () => {
    await openBackOffice(page, request, '/promotions/coupons');
    await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Discount').selectOption('percent');
    await dialog.getByLabel('Percent or amount').fill('10');
    await dialog.getByLabel('Minimum order (NOK)').fill(String(minimum));
    await dialog.getByLabel('Uses per customer').fill('1');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('10 %');
    await expect(row).toContainText('Valid now');
  });

  await test.step('a shopper below the minimum is refused; at the minimum the coupon applies and the order is paid', async () => {
    const shopperContext = await browser.newContext();
    const shop = await shopperContext.newPage();
    const account = await createAccount(request, { name: 'Kari Kupong' });
    await logIn(shop, account.email);
    await expect(shop).toHaveURL(enUrl(/\/$/));
    // The English pages, whose words (and product names) the journey reads.
    await shop.goto(en(`/product/${product.slug}`));
    await shop.getByRole('button', { name: 'Add to cart' }).click();
    await shop.goto(en('/cart'));

    const coupon = shop.getByRole('form', { name: 'Coupon code' });
    await coupon.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toHaveText(
      // In the shopper's currency, as the cart's prices (issue 29.12).
      `Coupon ${code} applies to orders of ${formatAmount(minimum, 1, 'NOK')} or more`,
    );

    await shop.getByRole('button', { name: `Add one ${product.name}` }).click();
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('status')).toHaveText(`Coupon ${code} applied`);
    const summary = shop.getByRole('region', { name: 'Billing summary' });
    // A <dd> takes no accessible name in Chromium: read the amount after its <dt>.
    const grandTotal = summary.locator('dt:text-is("GRAND-TOTAL") + dd');
    const amount = async () => Number((await grandTotal.innerText()).replace(/[^\d.]/g, ''));
    await expect.poll(amount).toBeCloseTo(product.sellingPrice * 2 * 0.9, 1);

    await shop.getByRole('button', { name: 'Checkout' }).click();
    await expect(shop).toHaveURL(/\/shipping$/);
    await fillOsloAddress(shop, 'Kari Kupong', account.email);
    await shop.getByLabel('Same as Shipping Address').check();
    await shop.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(shop).toHaveURL(/\/checkout$/);
    await payInWidget(shop, cards.approved);
    const placed = shop.getByRole('dialog');
    await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
    await placed.getByRole('button', { name: 'Okay' }).click();

    await shop.goto(en('/orders'));
    await expect(shop.getByText(`Discount (${code})`)).toBeVisible();
    await shopperContext.close();
  });

  await test.step('the coupon page shows one use and the order, which names the coupon', async () => {
    await page.reload();
    await page.getByRole('link', { name: code, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Coupon ${code}` })).toBeVisible();
    await expect(page.getByTestId('coupon-uses')).toHaveText('1');
    const orders = page.getByRole('table');
    await expect(orders.getByRole('row')).toHaveCount(2);
    await expect(orders).toContainText('Kari Kupong');
    await orders.getByRole('link', { name: /^#\d+$/ }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]+$/);
    await expect(page.getByText(`Coupon ${code}`)).toBeVisible();
  });
});
