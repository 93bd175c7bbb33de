import { expect, test, type APIRequestContext } from './support/test.js';
import sharp from 'sharp';
import type { ProductDetail, SessionUser } from '@shop/shared';
import { createAccount, newEmail, password, waitForMail } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { allProducts, productInBokmal } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { en } from './support/english.js';
import { openBackOffice } from './support/staff.js';

// The back office's customers, reviews and enquiries (issue 13), in the browser: staff moderate
// the review queue, answer a cleaning enquiry, and the owner blocks and unblocks a customer.

/** A product that no other journey buys or reviews, so its reviews are this journey's alone. */
async function productForModeration(request: APIRequestContext): Promise<ProductDetail> {
  const candidates = (await allProducts(request)).filter(
    (product) => product.stock >= 10 && product.options.length === 0 && product.orderLimit >= 1,
  );
  // e2e/reviews.spec.ts takes the middle two.
  const found = candidates[Math.floor(candidates.length / 2) - 2];
  if (!found) throw new Error('the demo catalogue has too few products for the moderation journey');
  return found;
}

async function signIn(request: APIRequestContext, email: string) {
  const login = await request.post('/api/subscribers/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as SessionUser).accessToken}` };
}

/** A shopper buys the product and reviews it through the API, with one photo. */
async function reviewAfterPurchase(
  request: APIRequestContext,
  product: ProductDetail,
  name: string,
  rating: number,
  review: string,
) {
  const { email } = await createAccount(request, { name });
  await buyThroughApi(request, email, product, 1);
  const headers = await signIn(request, email);
  const photo = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#2e86c1' },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/api/upload', {
    headers,
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(200);
  const image = (await upload.json()) as string;
  const written = await request.post(`/api/reviews/${product._id}`, {
    headers,
    data: { rating, review, images: [image] },
  });
  expect(written.status()).toBe(201);
}

test('staff accept one review in the queue and reject another with remarks; the accepted one shows in the shop', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await productForModeration(request);
  const praise = 'Beautiful colours and the size is just right.';
  const complaint = 'Rubbish rubbish rubbish rubbish.';
  await reviewAfterPurchase(request, product, 'Maja Moderert', 5, praise);
  await reviewAfterPurchase(request, product, 'Rune Rejected', 1, complaint);

  // The queue names a product as its row does, in bokmål, whatever the staff member reads.
  const { name: productName } = await productInBokmal(request, product.slug);
  await openBackOffice(page, request, '/reviews?status=PENDING');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(page.getByLabel('State')).toHaveValue('PENDING');
  const accepted = page.getByRole('article').filter({ hasText: 'Maja Moderert' });
  await expect(accepted.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(accepted.getByText(praise)).toBeVisible();
  await expect(accepted.getByRole('img', { name: /Image 1 of the review/ })).toBeVisible();
  await expect(accepted.getByRole('link', { name: productName })).toHaveAttribute(
    'href',
    `/product/${product.slug}`,
  );
  await accepted.getByRole('button', { name: 'Only reviews of this product' }).click();
  await expect(page).toHaveURL(/productId=/);
  await expect(page.getByText(`Product: ${productName}`)).toBeVisible();
  await expectNoSeriousViolations(page);

  await accepted.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(/Maja Moderert’s review of .* was accepted/)).toBeVisible();
  await expect(accepted).toHaveCount(0);

  const rejected = page.getByRole('article').filter({ hasText: 'Rune Rejected' });
  await rejected.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: /Reject the review/ });
  await dialog.getByRole('button', { name: 'Reject review' }).click();
  await expect(
    dialog.getByText('A rejection needs remarks that tell the customer why'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  const remarks = 'Please tell other shoppers what was wrong with it.';
  await dialog.getByLabel('Remarks to Rune Rejected').fill(remarks);
  await dialog.getByRole('button', { name: 'Reject review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Rune Rejected’s review of .* was rejected/)).toBeVisible();
  await expect(rejected).toHaveCount(0);

  // The rejected list, from the address as a link would give it, has the remarks.
  await page.getByLabel('State').selectOption('REJECTED');
  await expect(page).toHaveURL(/status=REJECTED/);
  await expect(rejected.getByText(remarks)).toBeVisible();

  await page.goto(en(`/product/${product.slug}`));
  const block = page.getByRole('region', { name: 'Reviews and Ratings' });
  await expect(block.getByText(praise)).toBeVisible();
  await expect(block.getByText(complaint)).toHaveCount(0);
});

test('an enquiry is opened from the inbox, answered by mail and marked handled', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = newEmail('enquirer');
  const phone = `+47 ${Date.now().toString().slice(-8)}`;
  const sent = await request.post('/api/notification/addenquiry', {
    // An address of its own, so the per-address limit meets only this enquiry.
    headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
    data: {
      fullname: 'Kari Nordmann',
      email,
      phone,
      message: 'Could you clean a two-room flat in Bergen next week?',
    },
  });
  expect(sent.ok()).toBe(true);

  await openBackOffice(page, request, '/enquiries?status=new');
  await expect(page.getByLabel('State')).toHaveValue('new');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await row.getByRole('link', { name: 'Kari Nordmann' }).click();

  await expect(page.getByRole('heading', { name: 'Enquiry from Kari Nordmann' })).toBeVisible();
  await expect(
    page.getByText('Could you clean a two-room flat in Bergen next week?'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(page.getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    `tel:${phone.replace(/ /g, '')}`,
  );
  await expect(page.getByText('No reply has been sent yet.')).toBeVisible();
  await expectNoSeriousViolations(page);

  const answer = 'Yes, we can come on Tuesday at 9. The price is 2 400 kr.';
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Write the reply')).toBeVisible();
  await page.getByLabel(`Your reply to ${email}`).fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Your reply is on its way to ${email}.`)).toBeVisible();
  const replies = page.getByRole('region', { name: 'Replies' });
  await expect(replies.getByText(answer)).toBeVisible();
  await expect(page.getByLabel(`Your reply to ${email}`)).toHaveValue('');
  const mail = await waitForMail(request, email, /Re: your cleaning enquiry/);
  expect(mail.text).toContain(answer);

  // Marked handled too soon, opened again, then handled with a note.
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('The enquiry is marked handled.')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('The enquiry is new again.')).toBeVisible();
  const note = 'Booked for Tuesday 09:00.';
  await page.getByLabel('Note on how it was handled (optional)').fill(note);
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  await page.getByRole('link', { name: '← Enquiries' }).click();
  await page.getByLabel('State').selectOption('handled');
  await expect(
    page.getByRole('row').filter({ hasText: email }).getByText('Handled', { exact: true }),
  ).toBeVisible();
});

test('the owner blocks a customer with a reason, their login is refused with it, and unblocks them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email } = await createAccount(request, { name: 'Bjørn Blocked' });

  await openBackOffice(page, request, `/customers?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await row.getByRole('link', { name: 'Bjørn Blocked' }).click();

  await expect(page.getByRole('heading', { name: 'Bjørn Blocked', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders (0)' })).toBeVisible();
  await expectNoSeriousViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data (JSON)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^customer-.+\.json$/);

  const reason = 'Repeated abusive messages to the staff';
  await page.getByRole('button', { name: 'Block…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Bjørn Blocked' });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Block customer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${email} is blocked and signed out everywhere.`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();

  const refused = await request.post('/api/subscribers/login', { data: { email, password } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    message: `This account is blocked: ${reason}. Contact the shop.`,
  });

  await page.getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText(`${email} can sign in again.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block…' })).toBeVisible();
  await signIn(request, email);
});
