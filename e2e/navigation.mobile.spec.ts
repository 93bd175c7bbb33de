import { expect, test } from './support/test.js';
import { categories } from './support/catalogue.js';
import { en, enUrl } from './support/english.js';

test('GLOB-15 GLOB-16 GLOB-17 MOBCAT-01 MOBCAT-02 MOBCAT-03 CAT-16 the bottom bar, /mobcat and the filter offcanvas on a phone', async ({
  page,
  request,
}) => {
  const tree = await categories(request);
  const withSecondLevel = tree.find((category) =>
    category.subCategory.some((sub) => sub.subCategory2.length > 0),
  );
  const sub = withSecondLevel?.subCategory.find((candidate) => candidate.subCategory2.length > 0);
  const sub2 = sub?.subCategory2[0];
  if (!withSecondLevel || !sub || !sub2) throw new Error('no three-level category in the demo');

  await page.goto(en('/'));
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await expect(bar).toBeVisible();
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
  for (const label of ['Home', 'Categories', 'Cart', 'More'])
    await expect(bar.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();

  await bar.getByRole('link', { name: /^More/ }).click();
  await expect(page).toHaveURL(enUrl(/\/more$/));
  await expect(page.getByRole('region', { name: 'POLICIES' })).toBeVisible();

  await bar.getByRole('link', { name: /^Categories/ }).click();
  await expect(page).toHaveURL(enUrl(/\/mobcat$/));
  for (const category of tree)
    await expect(page.getByRole('button', { name: category.name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: withSecondLevel.name, exact: true }).click();
  await page.getByRole('button', { name: sub.name, exact: true }).click();
  await page.getByRole('link', { name: sub2.name, exact: true }).click();
  await expect(page).toHaveURL(enUrl(new RegExp(`/category/${sub2.slug}$`)));

  // CAT-16: on a phone the filters sit in a bottom offcanvas.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Filter Applied for')).toBeVisible();
  await expect(sheet.getByLabel('Min')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && Math.round(box.y + box.height);
    })
    .toBe(viewport?.height);

  await page.keyboard.press('Escape');
  await bar.getByRole('link', { name: /^Home/ }).click();
  await expect(page).toHaveURL(enUrl(/\/$/));
  await bar.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(enUrl(/\/cart$/));
});
