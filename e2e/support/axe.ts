import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, naming the
 * rule and the elements.
 */
export async function expectNoSeriousViolations(page: Page, { settle = true } = {}) {
  // The payment page never reports network idle once its widget frame is in; it waits for the
  // widget itself instead.
  if (settle) await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
