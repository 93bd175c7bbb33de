import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClockResponseSchema } from '@shop/shared';
import { deliveredCopy } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required, variantKey } from '../../test/catalog-fixtures.js';
import { createSecondTestApp } from '../../test/test-app.js';
import { productItems } from '../catalog/catalog.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { getSetting, setSetting } from '../settings/settings.service.js';
import { runLowStockRound } from './shop-notices.service.js';

// Issue 34.2: each morning in Norway the shop gets the items at or below their low-stock
// threshold, sold-out ones included, with links to adjust them; once a day however many
// processes run, and not at all when the owner turned it off or nothing is low. The app's clock
// is the test's (TEST_CLOCK), and moving it runs the round that the new time makes due, as the
// job would on its next turn. On each test database.

/** 05:00 in Norway on the first day: before the morning hour, so the job's round at start waits. */
const start = new Date('2026-12-07T04:00:00Z');

let office: BackOfficeTestApp;
const sku: Record<string, string> = {};

beforeAll(async () => {
  office = await createBackOfficeTestApp(
    // Its timer never turns within the test: the clock moves do the rounds.
    { TEST_CLOCK: 'true', LOW_STOCK_MAIL_MINUTES: '1440' },
    { clock: () => start },
  );
  await setSetting(office.ctx.db, 'orderMailRecipients', ['lager@butikken.no', 'eier@butikken.no']);
  await everythingInStock();
  const items = {
    honey: required(office.catalog.products['creamed-clover-honey'], 'honey').defaultItemId,
    shirt: required(
      office.catalog.products['hemp-t-shirt']?.itemIds[variantKey({ Color: 'Red', Size: 'XL' })],
      'red XL shirt',
    ),
    tea: required(office.catalog.products['green-tea'], 'tea').defaultItemId,
    acacia: required(office.catalog.products['acacia-honey'], 'acacia').defaultItemId,
  };
  // Sold out; at the shop's threshold (5) of its own; under a threshold of its own (10); and
  // one over the shop's threshold, which is not low.
  await setStock(items.honey, 0);
  await setStock(items.shirt, 5);
  await setStock(items.tea, 8, 10);
  await setStock(items.acacia, 6);
  for (const [name, id] of Object.entries(items)) {
    const [row] = await office.ctx.db
      .select({ sku: productItems.sku })
      .from(productItems)
      .where(eq(productItems.id, id));
    sku[name] = required(row, name).sku;
  }
});
afterAll(() => office.ctx.close());

async function everythingInStock() {
  await office.ctx.db.update(productItems).set({ stock: 50, lowStockThreshold: null });
}

async function setStock(itemId: string, stock: number, lowStockThreshold: number | null = null) {
  await office.ctx.db
    .update(productItems)
    .set({ stock, lowStockThreshold })
    .where(eq(productItems.id, itemId));
}

/** Moves the shop's clock to `at` (an instant with its offset) and runs what it makes due. */
async function moveClock(at: string) {
  const response = await office.ctx.app.inject({
    method: 'PUT',
    url: '/api/test/clock',
    payload: { now: at },
  });
  expect(response.statusCode, response.body).toBe(200);
  return testClockResponseSchema.parse(response.json()).now;
}

const lowStockMails = () =>
  office.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'low-stock'));

describe('the daily low-stock mail (issue 34.2)', () => {
  it('waits for 07:00 in Norway, then mails each recipient the low and sold-out items with their SKU, stock, threshold and a link to adjust each', async () => {
    expect(await lowStockMails()).toEqual([]);
    await moveClock('2026-12-07T06:59:00+01:00');
    expect(await lowStockMails()).toEqual([]);

    await moveClock('2026-12-07T07:00:00+01:00');
    const mails = await lowStockMails();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([
      'eier@butikken.no',
      'lager@butikken.no',
    ]);
    const mail = required(
      await deliveredCopy(office.ctx.app, required(mails[0], 'mail').id),
      'the delivered mail',
    );
    expect(mail.subject).toBe('3 varer har lite på lager hos Nordic Trading');
    const url = office.ctx.env.PUBLIC_URL.replace(/\/+$/, '');
    const text = mail.text.replace(/\r\n/g, '\n');
    // Sold out first (by stock), then the others, each with its figures and its link.
    expect(text.indexOf('Creamed Clover Honey')).toBeLessThan(text.indexOf('Hemp T-Shirt'));
    expect(text).toContain('Hemp T-Shirt (Color: Red, Size: XL)');
    expect(text).toMatch(/På lager\s+0 \(utsolgt\)/);
    expect(text).toMatch(/På lager\s+5\n/);
    expect(text).toMatch(/Grense for lite lager\s+10/);
    for (const name of ['honey', 'shirt', 'tea']) {
      expect(text).toMatch(new RegExp(`Varenummer\\s+${required(sku[name], name)}\n`));
      expect(text).toContain(`${url}/admin/inventory?q=${encodeURIComponent(sku[name] ?? '')}`);
    }
    expect(text).not.toContain('Acacia Honey');
    expect(text).not.toContain(sku.acacia);
    expect(mail.html).toContain(`href="${url}/admin/inventory?state=low"`);
  });

  it('sends it once that day, however often the round comes, and again the next morning', async () => {
    await moveClock('2026-12-07T12:00:00+01:00');
    await moveClock('2026-12-07T23:59:00+01:00');
    expect(await lowStockMails()).toHaveLength(2);
    expect(await getSetting(office.ctx.db, 'lowStockMailDay')).toBe('2026-12-07');

    await moveClock('2026-12-08T06:30:00+01:00');
    expect(await lowStockMails()).toHaveLength(2);
    await moveClock('2026-12-08T07:15:00+01:00');
    expect(await lowStockMails()).toHaveLength(4);
  });

  it('sends nothing on a day the owner has it off, nor on one with nothing low', async () => {
    await setSetting(office.ctx.db, 'lowStockMail', false);
    await moveClock('2026-12-09T08:00:00+01:00');
    expect(await lowStockMails()).toHaveLength(4);

    await setSetting(office.ctx.db, 'lowStockMail', true);
    await everythingInStock();
    await moveClock('2026-12-10T08:00:00+01:00');
    expect(await lowStockMails()).toHaveLength(4);
  });

  it('of two rounds at once, in two processes on PostgreSQL, only one sends', async () => {
    const tea = required(office.catalog.products['green-tea'], 'tea').defaultItemId;
    await setStock(tea, 0);
    const other = office.ctx.databaseUrl ? await createSecondTestApp(office.ctx) : undefined;
    try {
      const url = office.ctx.env.PUBLIC_URL;
      const now = new Date('2026-12-11T07:30:00+01:00');
      const rounds = await Promise.all([
        runLowStockRound(office.ctx.db, url, now),
        runLowStockRound(other?.db ?? office.ctx.db, url, now),
      ]);
      expect(rounds.map((round) => round.done).sort()).toEqual(['already', 'sent']);
      const sent = await office.ctx.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.kind, ['low-stock']));
      expect(sent).toHaveLength(6);
    } finally {
      await other?.close();
    }
  });
});
