import { expect, type Page } from '@playwright/test';

/**
 * Picks a country in the header's list (an English page), which fills with every country as the
 * shopper reaches for it: focus first, as a click or a tab does (issue 33.2). The list is
 * disabled until the page has hydrated and read the countries, and a disabled element takes no
 * focus: focused then, it would never fill.
 */
export async function chooseCountry(page: Page, label: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Country and currency' });
  await expect(select).toBeEnabled();
  await select.focus();
  await select.selectOption({ label });
}
