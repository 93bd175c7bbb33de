import { expect, test } from './support/test.js';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { cards, fillOsloAddress, payInWidget } from './support/checkout.js';
import { en, enUrl } from './support/english.js';

// The phone the issue was reported on.
test.use({ viewport: { width: 390, height: 844 } });

test('the order number in the success dialog and on My Orders; the lines, shipping and total add up, with no sideways scrolling and clear of the chat link (issue 10.7, MYORD-08)', async ({
  page,
  request,
}) => {
  // Away from the products the other journeys buy (those with 30 or more in stock, or from the
  // start of the catalogue), since orders take real stock.
  const product = (await allProducts(request))
    .filter(
      (candidate) =>
        candidate.stock >= 10 && candidate.stock < 30 && candidate.options.length === 0,
    )
    .at(-1);
  if (!product) throw new Error('the demo catalogue has no product with some stock');
  const { email } = await createAccount(request, { name: 'Mia Mobile' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${product.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/cart'));
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillOsloAddress(page, 'Mia Mobile', email);
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await payInWidget(page, cards.approved);
  const placed = page.getByRole('dialog');
  await expect(placed.getByText('Your Order Has been Placed Sucessfully!!!')).toBeVisible();
  const reference = (await placed.getByText(/^Order \d{5,}$/).textContent()) ?? '';
  await placed.getByRole('button', { name: 'Okay' }).click();

  await page.goto(en('/orders'));
  const order = page.getByRole('article').first();
  await expect(order.getByRole('heading', { name: reference })).toBeVisible();
  const price = (nok: number) => `NOK\u00a0${Number.isInteger(nok) ? nok : nok.toFixed(2)}`;
  await expect(order.getByRole('row', { name: /^Shipping/ })).toContainText(price(79));
  const total = order.getByRole('row', { name: /^with Discount/ });
  await expect(total).toContainText(price(product.sellingPrice + 79));

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Scrolled to the end of the list, the last total stands clear of the floating chat link.
  const clearance = await page.evaluate(() => {
    const list = document.querySelector('.orders-page');
    const bar = document.querySelector('.mobile-bar');
    const chat = document.querySelector('.chat-link');
    if (!list || !bar || !chat) throw new Error('the page has no list, bottom bar or chat link');
    // Instant, as a finger's scroll ends: the page's smooth scrolling would still be on its way.
    window.scrollBy({
      top: list.getBoundingClientRect().bottom - bar.getBoundingClientRect().top,
      behavior: 'instant',
    });
    const totals = document.querySelectorAll('.order-table__total');
    const last = totals[totals.length - 1];
    if (!last) throw new Error('no total');
    return chat.getBoundingClientRect().top - last.getBoundingClientRect().bottom;
  });
  expect(clearance).toBeGreaterThanOrEqual(0);
});
