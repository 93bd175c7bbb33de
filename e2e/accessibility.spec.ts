import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

for (const [name, path] of [
  ['home', '/'],
  ['category', '/category/honey'],
  ['product', '/product/block-print-cotton-kurta'],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main article, main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
      );
    expect(serious).toEqual([]);
  });
}
