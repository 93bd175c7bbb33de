import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import sharp from 'sharp';
import type { AdminReviewPage, ProductDetail } from '@shop/shared';
import { createAccount, logIn, password } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { ownerSession } from './support/staff.js';
import { en, enUrl } from './support/english.js';

/** A product no other journey buys or reviews, so its ratings are this journey's alone. */
async function productForReviews(request: APIRequestContext, skip: number): Promise<ProductDetail> {
  const candidates = (await allProducts(request)).filter(
    (product) => product.stock >= 10 && product.options.length === 0 && product.orderLimit >= 1,
  );
  const found = candidates[Math.floor(candidates.length / 2) + skip];
  if (!found) throw new Error('the demo catalogue has too few products for the review journeys');
  return found;
}

async function photo(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function moderate(
  request: APIRequestContext,
  product: ProductDetail,
  decision: { status: 'ACCEPTED' | 'REJECTED'; remarks?: string },
) {
  const headers = { authorization: `Bearer ${(await ownerSession(request)).accessToken}` };
  const pending = (await (
    await request.get('/api/admin/reviews?status=PENDING&pageSize=100', { headers })
  ).json()) as AdminReviewPage;
  // By its address: the queue names the product in bokmål, the journeys read it in English.
  const review = pending.reviews.find((entry) => entry.productSlug === product.slug);
  if (!review) throw new Error(`no pending review of ${product.slug}`);
  const action = decision.status === 'ACCEPTED' ? 'accept' : 'reject';
  const response = await request.post(`/api/admin/reviews/${review._id}/${action}`, {
    headers,
    data: decision.status === 'ACCEPTED' ? {} : { remarks: decision.remarks },
  });
  expect(response.status()).toBe(200);
}

async function writeReview(page: Page, stars: number, text: string) {
  const dialog = page.getByRole('dialog');
  // The radios are drawn as stars: a shopper clicks the star, the label of its radio.
  await dialog.locator('label', { hasText: new RegExp(`^${stars} stars$`) }).click();
  await expect(dialog.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  await expect(dialog.getByText(`(${stars} stars)`)).toBeVisible();
  await dialog.getByLabel('Your review').fill(text);
  return dialog;
}

test('MYREV-03 MYREV-08 REVDLG-01 REVDLG-03 REVDLG-06..10 REVIEW-04 REVIEW-05 MYREV-12 RATING-01..03 RATING-10 buy, review with two images, see it pending, and on the product page once accepted', async ({
  page,
  request,
}) => {
  const product = await productForReviews(request, 0);
  const { email } = await createAccount(request, { name: 'Rita Reviewer' });
  await buyThroughApi(request, email, product, 1);
  await logIn(page, email, password);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en('/reviews'));
  await expect(page.getByRole('heading', { name: 'My Reviews' })).toBeVisible();
  const toReview = page.getByRole('list', { name: 'To Review' });
  await toReview.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Review' })).toBeVisible();
  await dialog.getByLabel('Your review').fill('short');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Required!')).toBeVisible();
  await writeReview(page, 4, 'Lovely quality, arrived quickly and well packed.');
  await expect(dialog.getByText('48/500')).toBeVisible();
  await dialog.getByLabel('Attach Images').setInputFiles([
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b') },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await photo('#2980b9') },
  ]);
  await expect(dialog.getByRole('button', { name: /^Remove image/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  await expect(toReview.getByText(product.name)).toHaveCount(0);
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByText('Pending')).toBeVisible();
  await expect(history.getByRole('img', { name: /Review image/ })).toHaveCount(2);

  await page.goto(en(`/product/${product.slug}`));
  await expect(page.getByText('No reviews found')).toBeVisible();
  await moderate(request, product, { status: 'ACCEPTED' });
  await page.reload();
  const block = page.getByRole('region', { name: 'Reviews and Ratings' });
  await expect(block.getByText('4.0')).toBeVisible();
  await expect(block.getByText('1 Review', { exact: true })).toBeVisible();
  await expect(block.getByRole('progressbar', { name: '4 stars' })).toHaveAttribute(
    'aria-valuetext',
    '100%',
  );
  await expect(block.getByText('Verified Purchase')).toBeVisible();
  await expect(block.getByText('Lovely quality, arrived quickly and well packed.')).toBeVisible();
});

test('MYREV-14 MYREV-15 REVDLG-11 REVIEW-02 a rejected review is changed and re-submitted', async ({
  page,
  request,
}) => {
  const product = await productForReviews(request, 1);
  const { email } = await createAccount(request, { name: 'Rolf Resubmit' });
  await buyThroughApi(request, email, product, 1);
  await logIn(page, email, password);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/reviews'));
  await page
    .getByRole('list', { name: 'To Review' })
    .getByRole('button', { name: 'Review' })
    .click();
  await writeReview(page, 2, 'Not what I expected at all.');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });

  await moderate(request, product, {
    status: 'REJECTED',
    remarks: 'Please tell other shoppers what you expected.',
  });
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByText('Rejected')).toBeVisible();
  await expect(history.getByText('Please tell other shoppers what you expected.')).toBeVisible();
  await history.getByRole('button', { name: 'Re-submit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(dialog.getByLabel('Your review')).toHaveValue('Not what I expected at all.');
  await writeReview(page, 3, 'Smaller than the photos suggest, but well made.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(history.getByText('Pending')).toBeVisible();
  await expect(history.getByText('Rejected')).toHaveCount(0);
});
