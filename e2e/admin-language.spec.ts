import { expect, test } from './support/test.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { openBackOffice } from './support/staff.js';

// The back office speaks each staff member's language, bokmål unless they chose English
// (issue 31.7); the other journeys read it in English.

test('a Norwegian staff member reads the back office in bokmål and can switch it to English', async ({
  page,
  request,
}) => {
  const session = await openBackOffice(page, request, '/dashboard', { locale: 'nb' });
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.getByRole('heading', { name: 'Å gjøre' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ordrer å pakke/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: session.email }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
