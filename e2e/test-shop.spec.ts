import { expect, test } from './support/test.js';
import { en } from './support/english.js';

// Issue 17.3: a shop taking test payments says so on every page, from the first paint.
test('the test-shop banner is on the home page and the cart while payments are in test mode', async ({
  page,
}) => {
  for (const url of ['/', '/cart']) {
    await page.goto(en(url));
    await expect(page.getByRole('note')).toHaveText(/^Test shop: payments are in test mode\./);
  }
});
