import type { Page } from '@playwright/test';

/**
 * Picks a country in the header's list (an English page), which fills with every country as the
 * shopper reaches for it: focus first, as a click or a tab does (issue 33.2).
 */
export async function chooseCountry(page: Page, label: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Country and currency' });
  await select.focus();
  await select.selectOption({ label });
}
