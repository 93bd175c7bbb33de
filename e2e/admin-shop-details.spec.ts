import { expect, test } from './support/test.js';
import { createAccount, waitForMail } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice } from './support/staff.js';

// The shop's own details (issue 14): the owner changes the phone number in the back office, and
// the storefront's header and footer and the next order's mail show the new one.

test('the owner changes the shop phone number: the header, the footer and the next order mail show it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await openBackOffice(page, request, '/settings');
  await expect(page.getByRole('heading', { name: 'Shop details', level: 1 })).toBeVisible();
  const phoneField = page.getByLabel('Phone');
  const previousPhone = await phoneField.inputValue();
  const phone = `+47 4${String(Date.now()).slice(-7)}`;
  const save = page.getByRole('button', { name: 'Save shop details' });

  try {
    // A bad value is refused beside its field and nothing is saved.
    await page.getByLabel('Facebook').fill('http://facebook.com/insecure');
    await save.click();
    await expect(page.getByText('The Facebook link must be an https:// address')).toBeVisible();
    await page.getByLabel('Facebook').fill('https://www.facebook.com/nordictrading.no');

    await phoneField.fill(phone);
    await save.click();
    await expect(page.getByRole('status')).toContainText('Shop details saved');
    await expect(phoneField).toHaveValue(phone);
    await expectNoSeriousViolations(page);

    await page.goto('/');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: phone })).toHaveAttribute(
      'href',
      `tel:${phone.replace(/ /g, '')}`,
    );
    const footer = page.locator('footer.site-footer');
    await expect(footer.getByRole('link', { name: phone })).toBeVisible();

    const item = await findProduct(
      request,
      'buys one item without options',
      (product) => product.options.length === 0 && product.stock >= 2,
    );
    const shopper = await createAccount(request, { name: 'Pia Pickup' });
    const placed = await buyThroughApi(request, shopper.email, item, 1);
    const mail = await waitForMail(request, shopper.email, new RegExp(`${placed.orderNumber}`));
    expect(mail.text).toContain(phone);
    expect(mail.text).toContain('Please visit our store at');
  } finally {
    // Other journeys read the shop's details: put the phone back as it was.
    await openBackOffice(page, request, '/settings');
    await page.getByLabel('Phone').fill(previousPhone);
    await page.getByRole('button', { name: 'Save shop details' }).click();
    await expect(page.getByRole('status')).toContainText('Shop details saved');
  }
});
