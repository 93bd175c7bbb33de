import { expect, test, type APIRequestContext } from './support/test.js';
import {
  adminCategoriesSchema,
  adminProductSchema,
  formatPrice,
  testClockResponseSchema,
} from '@shop/shared';
import { expectNoSeriousViolations } from './support/axe.js';
import { en } from './support/english.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// Sales in the back office (issue 14): the owner schedules a weekend sale of 20 % on a product
// of their own; the shop's clock (PUT /api/test/clock, on the journeys' server only) is moved to
// the Saturday, when the storefront shows the sale price, and to the Tuesday after, when the
// price is back. Other journeys run on the same server: the clock is moved for seconds only and
// always put back.

const nok = (amount: number) => formatPrice(amount, 1, 'NOK').replace(/\u00a0/g, ' ');

/** A moment as a datetime-local input in Norway time takes it. */
function norwayInput(at: Date): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Oslo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** The next Friday's date in Norway after today, as YYYY-MM-DD, and the days after it. */
function comingWeekend(): { friday: string; saturday: string; tuesday: string } {
  const day = (offset: number, from: Date) => {
    const date = new Date(from.getTime() + offset * 24 * 60 * 60 * 1000);
    return norwayInput(date).slice(0, 10);
  };
  const today = new Date();
  const weekday = new Date(`${day(0, today)}T12:00:00Z`).getUTCDay();
  const untilFriday = (5 - weekday + 7) % 7 || 7;
  const friday = new Date(today.getTime() + untilFriday * 24 * 60 * 60 * 1000);
  return { friday: day(0, friday), saturday: day(1, friday), tuesday: day(4, friday) };
}

async function moveClock(request: APIRequestContext, now: string | null) {
  const response = await request.put('/api/test/clock', { data: { now } });
  expect(response.status()).toBe(200);
  return testClockResponseSchema.parse(await response.json()).now;
}

test('(issue 14) a weekend sale sets and then reverts prices (fixed clock)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const suffix = Date.now().toString(36);
  const name = `Sale Basket ${suffix}`;
  const saleName = `Weekend baskets ${suffix}`;
  const { friday, saturday, tuesday } = comingWeekend();

  // A product of this journey's own, so no other journey's prices move.
  const categories = adminCategoriesSchema.parse(
    await (await request.get('/api/admin/categories', { headers })).json(),
  );
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      categoryId: categories.categories[0]?.id,
      vatPercent: 25,
      status: 'published',
      items: [{ sku: `SALE-${suffix}`.toUpperCase(), priceOre: 19_900, stock: 5 }],
    },
  });
  expect(created.status()).toBe(201);
  const product = adminProductSchema.parse(await created.json());

  const shop = await (await browser.newContext()).newPage();
  const price = shop.getByRole('group', { name: 'Price' });
  const showsPrice = async (selling: number, discounted: boolean) => {
    await shop.goto(en(`/product/${product.slug}`));
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(price.getByTestId('selling-price')).toContainText(nok(selling));
    if (discounted) {
      await expect(price.getByTestId('original-price')).toContainText(nok(199));
      await expect(price.getByText('20% off')).toBeVisible();
    } else {
      await expect(price.getByTestId('original-price')).toHaveCount(0);
      await expect(price.getByText(/% off/)).toHaveCount(0);
    }
  };

  await test.step('the owner schedules a weekend sale of 20 % on the product', async () => {
    await openBackOffice(page, request, '/promotions/sales');
    await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sale' });
    await dialog.getByLabel('Name').fill(saleName);
    await dialog.getByLabel('Discount (%)').fill('20');
    await dialog.getByLabel('Chosen products').check();
    await dialog.getByLabel('Find a product to put on sale').fill(name);
    await dialog.getByRole('button', { name }).click();
    await expect(dialog.getByText('Products (1)')).toBeVisible();
    await dialog.getByLabel('Starts (Norway time)').fill(`${friday}T00:00`);
    await dialog.getByLabel('Ends (Norway time)').fill(`${tuesday}T00:00`);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Create sale' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: saleName })).toBeVisible();
    await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    // The owner reads the back office in English, amounts too.
    await expect(row).toContainText('NOK 199.00');
    await expect(row).toContainText('NOK 159.20');
    await expectNoSeriousViolations(page);
    await showsPrice(199, false);
  });

  try {
    await test.step('on the Saturday the storefront shows the sale price', async () => {
      await moveClock(request, `${saturday}T12:00:00+02:00`);
      await showsPrice(159.2, true);
      await page.reload();
      await expect(page.getByText('On now', { exact: true })).toBeVisible();
    });

    await test.step('on the Tuesday after, the price is back by itself', async () => {
      await moveClock(request, `${tuesday}T12:00:00+02:00`);
      await showsPrice(199, false);
    });
  } finally {
    const back = Date.parse(await moveClock(request, null));
    expect(Math.abs(back - Date.now())).toBeLessThan(60_000);
  }

  await test.step('the sale is listed as ended', async () => {
    await page.goto('/admin/promotions/sales');
    const row = page.getByRole('row').filter({ hasText: saleName });
    await expect(row).toContainText('Ended');
    await expect(row).toContainText('20 %');
  });
});
