import { expect, test } from './support/test.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { openBackOffice } from './support/staff.js';

// The shop's text pages (issue 14): the owner rewrites the Delivery terms in the back office's
// rich-text editor, the storefront shows the new text, and "Restore the default text" brings the
// spec's wording back (other journeys read these pages).

test('the owner edits the Delivery terms in the editor, the storefront shows them, and the default text comes back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const opening = `Parcels leave our warehouse every weekday ${tag}.`;
  const heading = `Abroad ${tag}`;
  const session = await openBackOffice(page, request, '/content/pages');

  try {
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Shipping and Delivery policy' });
    await expect(row).toContainText('/delivery-terms-conditions');
    await expect(row).toContainText('Default text');
    await row.getByRole('link', { name: 'Shipping and Delivery policy' }).click();

    await expect(page.getByLabel('Title')).toHaveValue('Shipping and Delivery policy');
    const editor = page.getByRole('textbox', { name: 'Text' });
    await expect(editor.getByRole('heading', { name: '1. Dispatch' })).toBeVisible();
    await expectNoSeriousViolations(page);

    // The whole text replaced: a paragraph, a section heading and its paragraph.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(opening);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type(heading);
    await page.keyboard.press('Enter');
    await page.keyboard.type('We ship to every country offered at checkout.');
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByRole('status')).toContainText('saved. The shop shows it now.');
    await expect(page.getByRole('button', { name: 'Restore the default text…' })).toBeVisible();

    await page.goto('/delivery-terms-conditions');
    await expect(
      page.getByRole('heading', { name: 'Shipping and Delivery policy', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(opening)).toBeVisible();
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(page.getByText('Last updated: 1 January 2025')).toHaveCount(0);
    await expectNoSeriousViolations(page);

    // Restored from the editor: the storefront has the default wording again.
    await page.goto('/admin/content/pages/delivery');
    await page.getByRole('button', { name: 'Restore the default text…' }).click();
    await page
      .getByRole('dialog', { name: 'Restore the default text?' })
      .getByRole('button', { name: 'Restore the default text' })
      .click();
    await expect(page.getByRole('status')).toContainText('The default text is restored.');
    await expect(page.getByLabel('Title')).toHaveValue('Shipping and Delivery policy');

    await page.goto('/delivery-terms-conditions');
    await expect(page.getByRole('heading', { name: '1. Dispatch', level: 2 })).toBeVisible();
    await expect(page.getByText(/dispatched within two working days/)).toBeVisible();
    await expect(page.getByText(opening)).toHaveCount(0);
  } finally {
    // Whatever happened above, the page goes back to its default text for the other journeys.
    const restored = await request.delete('/api/admin/pages/delivery', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(restored.status()).toBe(200);
  }
});
