import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './support/test.js';
import {
  accountingReportSchema,
  adminDashboardSchema,
  adminOrderListSchema,
  adminOrderSchema,
  moneyFormat,
  refundResponseSchema,
  shopDay,
  type AdminSession,
} from '@shop/shared';
import { createAccount } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// The back office's dashboard and accounting report (issue 13): a sale and a return show up in
// today's report with their VAT, in the CSV the accountant gets, and in the dashboard's sales.

/** As a page speaking the staff member's English shows an amount (issue 31.4). */
const englishNok = (ore: number) => moneyFormat('en', 'NOK', 2).format(ore / 100);
/** Norway's 25 % VAT inside a gross amount, rounded to the øre as the shop books it. */
const vat25 = (grossOre: number) => Math.round((grossOre * 25) / 125);

async function ownerGet(request: APIRequestContext, session: AdminSession, path: string) {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as unknown;
}

/** A CSV cell's amount ("-1234,50") in øre. */
const csvOre = (cell: string) => Math.round(Number(cell.replace(',', '.')) * 100);

test('a sale and a return are in today’s accounting report, its CSV and the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await findProduct(
    request,
    'sells two of one item without options',
    (product) => product.options.length === 0 && product.stock >= 5 && product.orderLimit >= 2,
  );
  const shopper = await createAccount(request, { name: 'Anna Accounting' });
  await buyThroughApi(request, shopper.email, item, 2);

  const session = await ownerSession(request);
  const list = adminOrderListSchema.parse(
    await ownerGet(request, session, `/api/admin/orders?q=${encodeURIComponent(shopper.email)}`),
  );
  expect(list.orders).toHaveLength(1);
  const orderPath = `/api/admin/orders/${list.orders[0]?.id ?? ''}`;
  const order = adminOrderSchema.parse(await ownerGet(request, session, orderPath));
  const [line] = order.lines;
  if (!line) throw new Error('the order has no lines');
  expect(line.vatPercent).toBe(25);
  expect(line.unitPriceOre).toBe(Math.round(item.sellingPrice * 100));
  const saleOre = line.unitPriceOre * 2;
  const refundOre = line.unitPriceOre;

  // A store pickup comes back once it has been picked up (issue 29).
  for (const to of ['PACKED', 'READY_FOR_PICKUP', 'PICKED_UP'])
    expect(
      (
        await request.post(`${orderPath}/delivery`, {
          headers: { authorization: `Bearer ${session.accessToken}` },
          data: { to },
        })
      ).status(),
    ).toBe(200);
  // Captured when picked up (issue 32.3); a refund needs the capture.
  await expect
    .poll(
      async () =>
        adminOrderSchema.parse(await ownerGet(request, session, orderPath)).payment.status,
    )
    .toBe('CHARGED');
  const refunded = await request.post(`${orderPath}/refunds`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: {
      kind: 'return',
      lines: [{ orderLineId: line.id, quantity: 1, restock: true }],
      note: 'One of two sent back unused',
    },
  });
  expect(refunded.status()).toBe(200);
  expect(refundResponseSchema.parse(await refunded.json()).refund.amountOre).toBe(refundOre);

  // A refund is booked once the provider has made it.
  const today = shopDay();
  await expect
    .poll(async () => {
      const report = accountingReportSchema.parse(
        await ownerGet(request, session, `/api/admin/accounting?from=${today}&to=${today}`),
      );
      return report.documents.filter((document) => document.orderNumber === order.number).length;
    })
    .toBe(2);

  await openBackOffice(page, request, '/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

  const rows = page.getByRole('row').filter({ hasText: String(order.number) });
  const sale = rows.filter({ hasText: 'Sale' });
  await expect(sale).toContainText(englishNok(saleOre));
  await expect(sale).toContainText(`VAT ${englishNok(vat25(saleOre))}`);
  const refund = rows.filter({ hasText: 'Refund' });
  await expect(refund).toContainText(`${order.number}-R1`);
  await expect(refund).toContainText(englishNok(-refundOre));
  await expect(refund).toContainText(`VAT ${englishNok(-vat25(refundOre))}`);
  await expect(page.getByText('Code 3', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  const report = accountingReportSchema.parse(
    await ownerGet(request, session, `/api/admin/accounting?from=${today}&to=${today}`),
  );
  const totalsRow = page.getByRole('row', { name: /^Total/ }).last();
  await expect(totalsRow).toContainText(englishNok(report.totals.grossOre));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`accounting-${today}-${today}.csv`);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...records] = csv
    .slice(1)
    .trim()
    .split('\r\n')
    .map((record) => record.split(';'));
  const documentColumn = header.indexOf('Document');
  const grossColumn = header.indexOf('Total gross');
  expect(grossColumn).toBe(header.length - 1);
  const documents = records.map((record) => record[documentColumn]);
  expect(documents).toContain(String(order.number));
  expect(documents).toContain(`${order.number}-R1`);
  const grossSum = records.reduce((sum, record) => sum + csvOre(record[grossColumn] ?? ''), 0);
  expect(grossSum).toBe(report.totals.grossOre);

  // A period that ends before it starts is refused beside the field, and nothing is asked.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('From must not be after to')).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const dashboard = adminDashboardSchema.parse(
    await ownerGet(request, session, '/api/admin/dashboard'),
  );
  expect(dashboard.sales.today.grossOre).toBeGreaterThanOrEqual(saleOre);
  expect(dashboard.sales.today.refundedOre).toBeGreaterThanOrEqual(refundOre);
  expect(dashboard.daily.at(-1)?.date).toBe(today);
  const todayCard = page.getByRole('heading', { name: 'Today' }).locator('..');
  await expect(todayCard).toContainText(englishNok(dashboard.sales.today.grossOre));
  await expect(todayCard).toContainText(
    `${englishNok(dashboard.sales.today.refundedOre)} refunded`,
  );
  await expect(page.getByRole('img', { name: /Daily gross sales from/ })).toBeVisible();

  for (const [name, href] of [
    [/Orders to pack/, '/admin/orders?toPack=true'],
    [/Failed charges/, '/admin/orders?paymentStatus=CHARGE_FAILED'],
    [/Low-stock items/, '/admin/inventory?state=low'],
    [/Reviews to moderate/, '/admin/reviews?status=PENDING'],
    [/New enquiries/, '/admin/enquiries?status=new'],
  ] as const)
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: /Low-stock items/ }).click();
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('low');
});
