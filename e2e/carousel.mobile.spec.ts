import { expect, test } from './support/test.js';
import { en } from './support/english.js';

test('HOME-03 HOME-05 on a phone the carousel arrows and dots sit under the slide, clear of its text (issue 10.15)', async ({
  page,
}) => {
  await page.goto(en('/'));
  const offers = page.getByRole('region', { name: 'Offers' });
  const slide = offers.getByRole('img', { name: /^Raw Norwegian Honey:/ });
  await expect(slide).toBeVisible();
  const image = await slide.boundingBox();
  if (!image) throw new Error('no slide image');
  for (const name of ['Previous', 'Next']) {
    const control = await offers.getByRole('button', { name }).boundingBox();
    if (!control) throw new Error(`no ${name} control`);
    // The slide's text starts at its left edge: nothing may lie over the picture.
    expect(control.y, `${name} below the picture`).toBeGreaterThanOrEqual(
      image.y + image.height - 1,
    );
  }
  await offers.getByRole('button', { name: 'Next' }).click();
  await expect(offers.getByRole('img', { name: /^Freshly Roasted Coffee:/ })).toBeVisible();
});
