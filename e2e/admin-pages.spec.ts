import { expect, test } from './support/test.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { openBackOffice } from './support/staff.js';

// The shop's text pages (issue 14): the owner rewrites the Delivery terms in the back office's
// rich-text editor, the storefront shows the new text, and "Restore the default text" brings the
// spec's wording back (other journeys read these pages). The bokmål is rewritten: the English
// page keeps its own text (issue 31.5).

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

    await expect(page.getByLabel('Title (Norwegian)')).toHaveValue('Frakt og levering');
    await expect(page.getByLabel('Title (English)')).toHaveValue('Shipping and Delivery policy');
    const editor = page.getByRole('textbox', { name: 'Text (Norwegian)' });
    await expect(editor.getByRole('heading', { name: '1. Forsendelse' })).toBeVisible();
    await expectNoSeriousViolations(page);

    // The whole text replaced: a paragraph, a section heading and its paragraph.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(opening);
    await page.keyboard.press('Enter');
    // The Norwegian text's toolbar, the first of the two editors.
    await page.getByRole('button', { name: 'Heading', exact: true }).first().click();
    await page.keyboard.type(heading);
    await page.keyboard.press('Enter');
    await page.keyboard.type('We ship to every country offered at checkout.');
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByRole('status')).toContainText('saved. The shop shows it now.');
    await expect(page.getByRole('button', { name: 'Restore the default text…' })).toBeVisible();

    await page.goto('/delivery-terms-conditions');
    await expect(page.getByRole('heading', { name: 'Frakt og levering', level: 1 })).toBeVisible();
    await expect(page.getByText(opening)).toBeVisible();
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(page.getByText('Sist oppdatert: 1. januar 2025')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.goto('/en/delivery-terms-conditions');
    await expect(page.getByRole('heading', { name: '1. Dispatch', level: 2 })).toBeVisible();
    await expect(page.getByText(opening)).toHaveCount(0);

    // Restored from the editor: the storefront has the default wording again.
    await page.goto('/admin/content/pages/delivery');
    await page.getByRole('button', { name: 'Restore the default text…' }).click();
    await page
      .getByRole('dialog', { name: 'Restore the default text?' })
      .getByRole('button', { name: 'Restore the default text' })
      .click();
    await expect(page.getByRole('status')).toContainText('The default text is restored.');
    await expect(page.getByLabel('Title (Norwegian)')).toHaveValue('Frakt og levering');

    await page.goto('/delivery-terms-conditions');
    await expect(page.getByRole('heading', { name: '1. Forsendelse', level: 2 })).toBeVisible();
    await expect(page.getByText(/sendes innen to virkedager/)).toBeVisible();
    await expect(page.getByText(opening)).toHaveCount(0);
  } finally {
    // Whatever happened above, the page goes back to its default text for the other journeys.
    const restored = await request.delete('/api/admin/pages/delivery', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(restored.status()).toBe(200);
  }
});
