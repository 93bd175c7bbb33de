import { expect, test } from './support/test.js';
import { createAccount, logIn } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { en, enUrl } from './support/english.js';

for (const [name, path] of [
  ['home', '/'],
  ['category', '/category/honey'],
  ['product', '/product/block-print-cotton-kurta'],
  ['login', '/login'],
  ['forgot password', '/forgot-password'],
  ['cleaning', '/cleaning'],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(en(path));
    await expect(page.locator('main article, main h1').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the account pages and the edit modal have no serious accessibility violations', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request);
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/reviews'));
  await expect(page.getByRole('heading', { name: 'My Reviews' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(en('/account'));
  await expect(page.getByRole('region', { name: 'My Details' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the shipping step and the payment page have no serious accessibility violations', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request);
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/product/block-print-cotton-kurta'));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.goto(en('/shipping/buy-now'));
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Store Pickup').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.frameLocator('iframe').getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectNoSeriousViolations(page, { settle: false });
});
