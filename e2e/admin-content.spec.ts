import { expect, test } from './support/test.js';
import type { Category, CategoryListingResponse } from '@shop/shared';
import { openBackOffice } from './support/staff.js';
import { expectNoSeriousViolations } from './support/axe.js';

// The home page's slides and campaign banners in the back office (issue 14): the owner adds a
// slide scheduled from now and a campaign with two products, and the storefront's home shows them.

// An 8 × 8 PNG, a real image for the server to check, store in its sizes and turn into WebP.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EWWDFTEMLQkAU8ZXgQlyvkUAAAAASUVORK5CYII=',
  'base64',
);

/** The back office and the bokmål home name categories and products in bokmål (issue 31.5). */
const bokmal = { 'accept-language': 'nb' };

/** A moment as a datetime-local input in Norway time takes it. */
function norwayInput(at: Date): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Oslo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

test('the owner adds a slide scheduled from now and a campaign with two products, and the home page shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const alt = `Spring baskets on a table ${tag}`;
  const title = `Spring picks ${tag}`;
  const [category] = (
    (await (await request.get('/api/categories/web', { headers: bokmal })).json()) as {
      categories: Category[];
    }
  ).categories;
  if (!category) throw new Error('the demo catalogue has no category');
  const listing = (await (
    await request.post(`/api/products/category/${category._id}`, {
      headers: bokmal,
      data: { id: category._id, sub: [], sub2: null, min: 0, max: 0, sortby: '' },
    })
  ).json()) as CategoryListingResponse;
  const cards = listing.products.slice(0, 2);
  expect(cards).toHaveLength(2);

  // A slide linking to a category, shown from this minute on.
  await openBackOffice(page, request, '/content/slides');
  await expect(page.getByRole('heading', { name: 'Carousel slides' })).toBeVisible();
  await page.getByRole('button', { name: 'New slide' }).click();
  const slideDialog = page.getByRole('dialog', { name: 'New slide' });
  await slideDialog.getByLabel('Alt text (Norwegian)').fill(alt);
  await slideDialog
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: png });
  await expect(slideDialog.getByRole('img', { name: alt })).toBeVisible();
  await slideDialog.getByLabel('Links to').selectOption('category');
  await slideDialog.getByLabel('Category').selectOption({ label: category.name });
  await slideDialog.getByLabel('Show from').fill(norwayInput(new Date(Date.now() - 60_000)));
  await expectNoSeriousViolations(page);
  await slideDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Slide “${alt}” saved.`)).toBeVisible();
  const slideEntry = page.getByRole('listitem').filter({ hasText: alt });
  await expect(slideEntry.getByText('Showing now')).toBeVisible();
  await expect(slideEntry.getByText(`Category: ${category.name}`)).toBeVisible();

  // A campaign with two products picked by name, in that order.
  await page.goto('/admin/content/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const campaignDialog = page.getByRole('dialog', { name: 'New campaign' });
  await campaignDialog.getByLabel('Title (Norwegian)').fill(title);
  await campaignDialog
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(campaignDialog.getByRole('img', { name: title })).toBeVisible();
  await campaignDialog.getByLabel('Category').selectOption({ label: category.name });
  for (const card of cards) {
    await campaignDialog.getByLabel('Find a product to add').fill(card.name);
    await campaignDialog.getByRole('button', { name: card.name, exact: true }).click();
  }
  await expect(campaignDialog.getByText('Products (2)')).toBeVisible();
  await expectNoSeriousViolations(page);
  await campaignDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Campaign “${title}” saved.`)).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText('Showing now'),
  ).toBeVisible();

  // The storefront's bokmål home: the slide by its alt text, the banner with its two products.
  await page.goto('/');
  // Slides other than the current one are in the page but not displayed until they turn.
  const offers = page.getByRole('region', { name: 'Tilbud' });
  await expect(offers.getByAltText(alt)).toHaveCount(1);
  await expect(offers.locator('a', { has: page.getByAltText(alt) })).toHaveAttribute(
    'href',
    `/category/${category.slug}`,
  );
  const banner = page.getByRole('region', { name: title });
  await expect(banner.getByRole('heading', { name: title })).toBeVisible();
  await expect(banner.getByRole('img', { name: title })).toBeVisible();
  for (const card of cards) await expect(banner.getByText(card.name).first()).toBeVisible();
});
