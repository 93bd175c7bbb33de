import { expect, test } from './support/test.js';
import { en, enUrl } from './support/english.js';

// The journey server's Google is a local OpenID Connect server that signs in at once as
// Greta Google <e2e.google@example.com> (e2e/support/start-server.mjs).
test('ROLE-11 LOGIN-04 API-33 SESSION-06 signing in with Google ends signed in to the shop', async ({
  page,
}) => {
  await page.goto(en('/login'));
  const google = page.getByRole('button', { name: /google/i });
  await expect(google).toBeEnabled();
  const toProvider = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/auth/google'),
  );
  await google.click();
  await toProvider;

  await expect(page.getByText('Welcome, Greta Google')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('message')).toBe(false);
  // Started on an English page, the sign-in comes back to the English home (issue 31.9).
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(enUrl(/\/account$/));
  await expect(page.getByText('e2e.google@example.com')).toBeVisible();
});

test('SESSION-07 a hand-back link made in another browser signs nobody in (login CSRF)', async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone signs in to their own account and sends the address the shop handed back to them.
  const attacker = await browser.newContext({ baseURL });
  const attackerPage = await attacker.newPage();
  const callback = attackerPage.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/google/callback',
  );
  // Started as the English login page does, so the shop hands back to the English home.
  await attackerPage.goto(`/auth/google?returnTo=${encodeURIComponent(en('/'))}`);
  const link = (await callback).headers().location ?? '';
  expect(new URL(link).searchParams.has('message')).toBe(true);
  await expect(attackerPage.getByText('Welcome, Greta Google')).toBeVisible();
  await attacker.close();

  await page.goto(link);
  await expect(page).not.toHaveURL(/message=/);
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
  await expect(page.getByText('Welcome, Greta Google')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});
