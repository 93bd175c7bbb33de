import { expect, test } from './support/test.js';
import { productPreviewMessages } from '@shop/shared';
import { en } from './support/english.js';
import { createProductThroughApi } from './support/back-office-products.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// Previews of a draft (issue 34.4): the owner opens a draft of this journey's own from its
// editor, and the new tab shows its storefront page, marked as a preview and never indexed; the
// draft itself stays out of the shop, and a link that is not one opens nothing.

const banner =
  /Forhåndsvisning: kunder ser ikke denne siden før produktet er publisert\.|Preview: shoppers do not see this page until the product is published\./;

test('(issue 34.4) the owner previews a draft from its editor in a new tab that only a preview link opens', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const suffix = Date.now().toString(36);
  const name = `Preview Lantern ${suffix}`;
  const draft = await createProductThroughApi(request, session, {
    name,
    status: 'draft',
    options: [{ name: 'Size', values: ['S', 'L'] }],
    items: [
      {
        variants: { Size: 'S' },
        sku: `PRV-${suffix}-S`.toUpperCase(),
        priceOre: 34_900,
        stock: 4,
        isDefault: true,
      },
      { variants: { Size: 'L' }, sku: `PRV-${suffix}-L`.toUpperCase(), priceOre: 39_900, stock: 2 },
    ],
  });

  try {
    await openBackOffice(page, request, `/products/${draft.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const previewButton = page.getByRole('button', { name: 'Preview' });
    await expect(previewButton).toHaveAttribute('title', /60 minutes/);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), previewButton.click()]);
    await tab.waitForURL(/\/preview\/[^/?]+$/);
    await expect(tab.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The test shop's own notice is a note too.
    await expect(tab.getByRole('note').filter({ hasText: banner })).toBeVisible();
    await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(tab.getByRole('button', { name: /Add to cart|Legg i handlekurven/ })).toHaveCount(
      0,
    );
    // The storefront's page is cut off from the back office's tab.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    const answered = await request.get(tab.url());
    expect(answered.status()).toBe(200);
    expect(answered.headers()['cache-control']).toContain('no-store');

    // The chosen item is in the address, so a reload (or the link sent on) opens it again.
    const size = (value: string) =>
      tab.getByRole('group', { name: 'Size' }).getByRole('button', { name: value, exact: true });
    // A tab the back office opened is not the journeys' page: it waits for the page to be live.
    await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await size('L').click();
    await expect(tab).toHaveURL(/\/preview\/[^/?]+\?Size=L$/);
    await tab.reload();
    await expect(size('L')).toHaveAttribute('aria-pressed', 'true');
    await expect(size('S')).toHaveAttribute('aria-pressed', 'false');

    await tab.setViewportSize({ width: 1366, height: 900 });
    await tab.screenshot({ path: 'test-results/preview-1366.png' });
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.screenshot({ path: 'test-results/preview-390.png' });
    await tab.close();

    // A visitor: a link that is not one is not found, with the reason.
    const refused = await page.goto(en('/preview/not-a-token'));
    expect(refused?.status()).toBe(404);
    await expect(page.getByText(productPreviewMessages.invalid)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // The draft's own address in the shop is not found.
    const shop = await page.goto(en(`/product/${draft.slug}`));
    expect(shop?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  } finally {
    const removed = await request.delete(`/api/admin/products/${draft.id}`, { headers });
    expect(removed.ok()).toBe(true);
  }
});
