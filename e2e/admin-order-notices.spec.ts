import { ordersToPackSchema, type AdminSession } from '@shop/shared';
import {
  expect,
  test,
  untilTheTestTimesOut,
  type APIRequestContext,
  type Page,
} from './support/test.js';
import { createAccount, logIn } from './support/accounts.js';
import { cards, fillOsloAddress, payInWidget } from './support/checkout.js';
import { en, enUrl } from './support/english.js';
import {
  orderMailbox,
  orderMailSection,
  saveOrderMailSettings,
  withOrderMailSettings,
} from './support/shop-mail.js';
import { createProductThroughApi } from './support/back-office-products.js';
import { openBackOffice } from './support/staff.js';

// The shop is told of new orders (issue 34.1): the owner names the order address in the
// settings; with the back office open, a shopper in another browser places a home delivery; the
// shop's mail reaches that address with the line, the delivery and the address, and the badge
// of orders to pack beside Orders rises without the back office being reloaded.

test.use({ viewport: { width: 1366, height: 768 } });

interface MailboxEntry {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The shop's notice of the order holding `productName`, once the mail worker has sent it. */
async function noticeOf(request: APIRequestContext, productName: string): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxEntry[];
        found = mails.find(
          (mail) =>
            mail.to === orderMailbox &&
            mail.subject.startsWith('Ny bestilling') &&
            mail.text.includes(productName),
        );
        return found !== undefined;
      },
      { message: `the shop's notice of the order of ${productName}`, ...untilTheTestTimesOut },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

async function toPackOnServer(request: APIRequestContext, session: AdminSession) {
  const response = await request.get('/api/admin/orders/to-pack', {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(response.status()).toBe(200);
  return ordersToPackSchema.parse(await response.json()).count;
}

/** The badge beside Orders: "3 orders to pack", a link to them; absent while there are none. */
const toPackBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^\d+ orders? to pack$/ });

async function shownToPack(page: Page): Promise<number> {
  if ((await toPackBadge(page).count()) === 0) return 0;
  return Number(await toPackBadge(page).innerText());
}

test('the order address gets each new order with its line, delivery and address, and the to-pack badge rises without a reload (issue 34.1)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const name = `Notice Lamp ${suffix}`;
  // The owner's back office in a browser of its own; the shopper's is the journey's `page`,
  // which waits for each storefront page to come alive.
  const backOffice = await (await browser.newContext()).newPage();

  await test.step('the owner names the order address in the settings', async () => {
    await withOrderMailSettings(async () => {
      await openBackOffice(backOffice, request, '/settings');
      await expect(backOffice.getByRole('heading', { name: 'Order and stock mail' })).toBeVisible();
      await saveOrderMailSettings(backOffice);
    });
    await orderMailSection(backOffice).scrollIntoViewIfNeeded();
    await backOffice.screenshot({ path: test.info().outputPath('order-mail-settings.png') });
  });

  // A product of this journey's own, so no other journey's stock decides what it sees.
  const session = await openBackOffice(backOffice, request, '/dashboard');
  const product = await createProductThroughApi(request, session, {
    name,
    items: [{ sku: `NOTICE-${suffix}`.toUpperCase(), priceOre: 24_900, stock: 10 }],
  });

  // The back office stays open on its dashboard; a reload would lose this mark.
  await expect(backOffice.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await backOffice.evaluate(() => Object.assign(window, { e2eNotReloaded: true }));
  const before = await toPackOnServer(request, session);

  const shopper = await createAccount(request, { name: 'Hanne Hjem' });
  await test.step('a shopper in another browser places a home delivery', async () => {
    await logIn(page, shopper.email);
    await expect(page).toHaveURL(enUrl(/\/$/));
    await page.goto(en(`/product/${product.slug}`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(en('/cart'));
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(enUrl(/\/shipping$/));
    await expect(page.getByLabel('Home Delivery')).toBeChecked();
    await fillOsloAddress(page, 'Hanne Hjem', shopper.email);
    await page.getByLabel('Same as Shipping Address').check();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(enUrl(/\/checkout$/));
    await payInWidget(page, cards.approved);
    await expect(
      page.getByRole('dialog').getByText('Your Order Has been Placed Sucessfully!!!'),
    ).toBeVisible();
  });

  await test.step('the order address gets the order with its line, delivery and address', async () => {
    const notice = await noticeOf(request, name);
    // In the shop's language, bokmål: "Ny bestilling 1234 (sendes hjem): …".
    expect(notice.subject).toMatch(/^Ny bestilling \d+ \(sendes hjem\): /);
    expect(notice.text).toContain(`1 × ${name}`);
    expect(notice.text).toContain('Levering');
    expect(notice.text).toContain('Sendes hjem til Hanne Hjem, Storgata 1, 0155 Oslo, Norge.');
    expect(notice.text).toContain(shopper.email);
    expect(notice.text).toMatch(/\/admin\/orders\/[0-9a-f-]{36}/);
  });

  await test.step('the to-pack badge in the open back office rises by the order', async () => {
    // The badge asks every 30 seconds and whenever the tab comes back to the front: here the tab
    // is told it has, as a staff member switching back to it would.
    await expect
      .poll(
        async () => {
          await backOffice.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
          const shown = await shownToPack(backOffice);
          // Other journeys' orders come and go on the same server: the badge shows the server's
          // count, which has this order in it.
          return shown >= before + 1 && shown === (await toPackOnServer(request, session));
        },
        { message: 'the badge beside Orders to count the new order', ...untilTheTestTimesOut },
      )
      .toBe(true);
    expect(await backOffice.evaluate(() => 'e2eNotReloaded' in window)).toBe(true);
    const count = await shownToPack(backOffice);
    await expect(toPackBadge(backOffice)).toHaveAccessibleName(
      count === 1 ? '1 order to pack' : `${count} orders to pack`,
    );
    await expect(toPackBadge(backOffice)).toHaveAttribute('href', '/admin/orders?toPack=true');
    await backOffice.screenshot({ path: test.info().outputPath('to-pack-badge-1366.png') });
  });

  await test.step('on a phone the badge is beside Orders in the opened menu', async () => {
    await backOffice.setViewportSize({ width: 390, height: 844 });
    await backOffice.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(toPackBadge(backOffice)).toBeVisible();
    await backOffice.screenshot({ path: test.info().outputPath('to-pack-badge-390.png') });
  });
});
