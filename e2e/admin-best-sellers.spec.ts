import { expect, test } from './support/test.js';
import { adminCategoriesSchema, adminProductSchema } from '@shop/shared';
import { expectNoSeriousViolations } from './support/axe.js';
import { en } from './support/english.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// 'Best Selling Products' with pinned products (issue 14): staff pin a product of this journey's
// own, and the home page lists it first; it is unpinned afterwards, as other journeys read the
// home page.

test('(issue 14) staff pin a product to Best Selling Products and the home page shows it first', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const suffix = Date.now().toString(36);
  const name = `Pinned Basket ${suffix}`;
  const categories = adminCategoriesSchema.parse(
    await (await request.get('/api/admin/categories', { headers })).json(),
  );
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      categoryId: categories.categories.find((category) => !category.hidden)?.id,
      vatPercent: 25,
      status: 'published',
      items: [{ sku: `PIN-${suffix}`.toUpperCase(), priceOre: 24_900, stock: 3 }],
    },
  });
  expect(created.status()).toBe(201);
  adminProductSchema.parse(await created.json());

  await openBackOffice(page, request, '/content/best-sellers');
  await expect(page.getByRole('heading', { name: 'Best sellers', level: 1 })).toBeVisible();
  const pins = page
    .getByRole('list')
    .filter({ has: page.getByRole('button', { name: /^Unpin / }) });
  const shownNow = page.getByRole('list', { name: 'Best Selling Products now' });
  await expect(shownNow.getByRole('listitem').first()).toBeVisible();

  try {
    await page.getByLabel('Find a product to pin').fill(name);
    await page.getByRole('button', { name, exact: true }).click();
    await expect(pins.getByText(name)).toBeVisible();
    // Pinned last, after any others staff pinned: moved to the front with the keyboard.
    const handles = pins.getByRole('button', { name: 'Drag to reorder' });
    const count = await handles.count();
    if (count > 1) {
      await handles.last().focus();
      await page.keyboard.press('Space');
      for (let step = 1; step < count; step += 1) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
    }
    await expect(pins.getByRole('listitem').first()).toContainText(name);
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Save pinned products' }).click();
    await expect(page.getByText('Pinned products saved.')).toBeVisible();
    await expect(shownNow.getByRole('listitem').first()).toContainText(name);
    await expect(shownNow.getByRole('listitem').first()).toContainText('Pinned');

    await page.goto(en('/'));
    const bestSelling = page.getByRole('region', { name: 'Best Selling Products' });
    await expect(bestSelling.locator('article').first()).toContainText(name);
  } finally {
    await openBackOffice(page, request, '/content/best-sellers');
    const unpin = page.getByRole('button', { name: `Unpin ${name}` });
    await expect(shownNow.getByRole('listitem').first()).toBeVisible();
    if (await unpin.isVisible()) {
      await unpin.click();
      await page.getByRole('button', { name: 'Save pinned products' }).click();
      await expect(page.getByText(/Pinned products saved|No product is pinned/)).toBeVisible();
    }
  }
});
