import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { Secret, TOTP } from 'otpauth';
import { createAccount, newEmail, password, waitForMail } from './support/accounts.js';
import { product } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { englishBeforeSignIn, ownerSession } from './support/staff.js';
import { expectNoSeriousViolations } from './support/axe.js';

// The back office (issue 12), in the browser: a member joins by the mailed invitation, sets up
// the authenticator with a code computed here, and runs the catalogue and stock.

/** The owner invites `email`; the invitee opens the mailed link and chooses a password. */
async function joinByInvitation(page: Page, request: APIRequestContext, role: 'owner' | 'staff') {
  const email = newEmail(role);
  const session = await ownerSession(request);
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { email, role },
  });
  expect(invited.status()).toBe(200);
  const mail = await waitForMail(request, email, /invited/);
  const link = /\/admin\/invitation\/[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${mail.text}`);
  // Joining in English makes the new member's back office English.
  await englishBeforeSignIn(page);
  await page.goto(link);
  await expect(page.getByText(`with ${email}`)).toBeVisible();
  await page.getByLabel('Your name').fill(role === 'owner' ? 'Olav Owner' : 'Siri Staff');
  await page.getByLabel('Choose a password').fill(password);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  return email;
}

/** First sign-in: password, the QR step's key typed into a computed authenticator, the codes. */
async function signInAndEnrol(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByLabel('I have kept these codes somewhere safe').check();
  await page.getByRole('button', { name: 'Continue to the back office' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

// An 8 × 8 PNG, a real image for the server to check and turn into WebP.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EWWDFTEMLQkAU8ZXgQlyvkUAAAAASUVORK5CYII=',
  'base64',
);

test('a new owner joins, enrols, creates a category and a product with two options and images, publishes it, and a sale moves its stock', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await joinByInvitation(page, request, 'owner');
  await signInAndEnrol(page, email);
  await expectNoSeriousViolations(page);

  const suffix = Date.now().toString(36);
  const categoryName = `Ceramics ${suffix}`;
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('link', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'New category' }).click();
  await page.getByLabel('Name', { exact: true }).fill(categoryName);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: `Edit “${categoryName}”` })).toBeVisible();
  await expectNoSeriousViolations(page);

  const name = `Stoneware Mug ${suffix}`;
  const slug = `stoneware-mug-${suffix}`;
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'New product' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category').selectOption({ label: categoryName });
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel('Name of option 1').fill('Size');
  await page.getByLabel('Values of option 1, separated by commas').fill('S,M');
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel('Name of option 2').fill('Colour');
  await page.getByLabel('Values of option 2, separated by commas').fill('Red,Blue');
  await expect(page.getByLabel(/^Price of .* in kroner$/)).toHaveCount(4);
  for (const field of await page.getByLabel(/^Price of .* in kroner$/).all())
    await field.fill('199');
  for (const field of await page.getByLabel(/^Starting stock of /).all()) await field.fill('5');
  await page.getByLabel('Choose images').setInputFiles([
    { name: 'mug-front.png', mimeType: 'image/png', buffer: png },
    { name: 'mug-side.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(page.getByRole('radio', { name: 'Hero' })).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`“${name}” saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);

  // The storefront has it at once, with its matrix of options.
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  for (const value of ['S', 'M', 'Red', 'Blue'])
    await expect(page.getByRole('button', { name: value, exact: true }).first()).toBeVisible();

  const shopper = await createAccount(request);
  await buyThroughApi(request, shopper.email, await product(request, slug), 1);

  await page.goto(`/admin/inventory?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: `${slug.toUpperCase()}-S-RED` });
  await expect(row.getByRole('cell').nth(2)).toContainText('4');
  await row.getByRole('button', { name: 'History' }).click();
  await expect(
    page.getByRole('dialog').getByRole('cell', { name: 'Order', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog').getByText('5 → 4')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('an invited staff member runs the catalogue but cannot open the staff settings', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await joinByInvitation(page, request, 'staff');
  await signInAndEnrol(page, email);
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await expect(page.getByRole('link', { name: 'Inventory' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shop' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/admin/staff');
  await expect(page.getByText('Only the shop owner can open this page.')).toBeVisible();
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('shop-admin-session') ?? '{}').accessToken as string,
  );
  const staffList = await request.get('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(staffList.status()).toBe(403);
});

test('the owner’s staff and audit pages have no serious accessibility violations', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await joinByInvitation(page, request, 'owner');
  await signInAndEnrol(page, email);
  for (const [group, link, heading] of [
    ['Shop', 'Staff', 'Staff'],
    ['Shop', 'Audit log', 'Audit log'],
    ['Catalogue', 'Inventory', 'Inventory'],
  ] as const) {
    await page.getByRole('button', { name: group }).click();
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});
