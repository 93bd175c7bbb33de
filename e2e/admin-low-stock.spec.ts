import { testClockResponseSchema } from '@shop/shared';
import { expect, test, untilTheTestTimesOut, type APIRequestContext } from './support/test.js';
import { createAccount, followMailLink, type MailboxEntry } from './support/accounts.js';
import {
  orderMailbox,
  orderMailSection,
  saveOrderMailSettings,
  withOrderMailSettings,
} from './support/shop-mail.js';
import { createProductThroughApi } from './support/back-office-products.js';
import { openBackOffice } from './support/staff.js';

// The morning's low-stock mail (issue 34.2): an item of the journey's own is sold out; on a day
// whose 07:00 in Norway has passed, the shop's order address gets the list with the item and a
// link that opens it on the inventory page; once the owner turns the mail off, the next day
// sends none.
//
// The round is due from 07:00 in Norway, once a day. Moving the test clock runs it before the
// answer (apps/server/src/app.ts), so the journey moves the clock to past days: a day ahead
// could end the weekend sale another journey has scheduled (e2e/admin-price-sales.spec.ts),
// a past day starts or ends no sale. The clock is put back at once after each move.

const DAY_MS = 24 * 60 * 60 * 1000;

/** 11:00 or 12:00 in Norway, past the mail's hour, `daysAgo` days before today. */
const pastMorning = (daysAgo: number) =>
  `${new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10)}T10:00:00Z`;

/** Moves the shop's clock (which runs the day's round) and puts it back at once. */
async function aDayPasses(request: APIRequestContext, at: string) {
  try {
    const moved = await request.put('/api/test/clock', { data: { now: at } });
    expect(moved.status()).toBe(200);
    const now = Date.parse(testClockResponseSchema.parse(await moved.json()).now);
    expect(Math.abs(now - Date.parse(at))).toBeLessThan(60_000);
  } finally {
    const back = await request.put('/api/test/clock', { data: { now: null } });
    expect(back.status()).toBe(200);
  }
}

/** The low-stock mails to the order address that list `sku`, as the mailbox has them now. */
async function lowStockMails(request: APIRequestContext, sku: string): Promise<MailboxEntry[]> {
  const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxEntry[];
  return mails.filter(
    (mail) =>
      mail.to === orderMailbox &&
      / har lite på lager hos /.test(mail.subject) &&
      mail.text.includes(sku),
  );
}

/**
 * The mail worker sends in the order mails were queued: once a mail queued after a round is in
 * the mailbox, whatever that round queued is there too.
 */
async function mailsQueuedSoFarSent(request: APIRequestContext) {
  await createAccount(request, { name: 'Siri Sentinel' });
}

test('the daily low-stock mail lists a sold-out item with a link to its inventory row, and none is sent once turned off (issue 34.2)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const name = `Low Stock Jar ${suffix}`;
  const sku = `LOW-${suffix}`.toUpperCase();

  await withOrderMailSettings(async () => {
    const session = await openBackOffice(page, request, '/settings');
    // Sold out: at or below any threshold.
    await createProductThroughApi(request, session, {
      name,
      items: [{ sku, priceOre: 9_900, stock: 0 }],
    });

    try {
      await test.step('with the mail on, a morning lists the sold-out item', async () => {
        await expect(page.getByRole('heading', { name: 'Order and stock mail' })).toBeVisible();
        await saveOrderMailSettings(page, { lowStockMail: true });
        await aDayPasses(request, pastMorning(30));
        let mail: MailboxEntry | undefined;
        await expect
          .poll(async () => (mail = (await lowStockMails(request, sku))[0]), {
            message: `a low-stock mail to ${orderMailbox} that lists ${sku}`,
            ...untilTheTestTimesOut,
          })
          .toBeDefined();
        if (!mail) throw new Error('unreachable');
        expect(mail.text).toContain(name);
        expect(mail.text).toMatch(new RegExp(`Varenummer\\s+${sku}`));
        expect(mail.text).toMatch(/På lager\s+0 \(utsolgt\)/);
        expect(mail.text).toContain(`Juster lageret for ${sku}:`);

        // The link opens the item on the inventory page, where its stock is adjusted.
        await followMailLink(page, mail, new RegExp(`/admin/inventory\\?q=${sku}$`));
        await expect(page).toHaveURL(new RegExp(`/admin/inventory\\?q=${sku}$`));
        await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
        const row = page.getByRole('row').filter({ hasText: sku });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(name);
        await expect(row).toContainText('Out of stock');
        await expect(row.getByRole('button', { name: 'Adjust' })).toBeVisible();
      });

      await test.step('turned off, the next morning sends no low-stock mail', async () => {
        await page.goto('/admin/settings');
        await expect(page.getByRole('heading', { name: 'Order and stock mail' })).toBeVisible();
        await saveOrderMailSettings(page, { lowStockMail: false });
        await orderMailSection(page).scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath('low-stock-mail-off.png') });
        await mailsQueuedSoFarSent(request);
        const before = new Set((await lowStockMails(request, sku)).map((mail) => mail.file));
        await aDayPasses(request, pastMorning(29));
        await mailsQueuedSoFarSent(request);
        const after = await lowStockMails(request, sku);
        expect(after.filter((mail) => !before.has(mail.file))).toEqual([]);
      });
    } finally {
      // Back as the shop starts: the mail on. Today's round is done (the clock's return ran it,
      // with the mail off), so turning it on sends nothing before tomorrow.
      const restored = await request.put('/api/admin/settings/notifications', {
        headers: { authorization: `Bearer ${session.accessToken}` },
        data: { orderMailRecipients: [orderMailbox], lowStockMail: true },
      });
      expect(restored.status()).toBe(200);
    }
  });
});
