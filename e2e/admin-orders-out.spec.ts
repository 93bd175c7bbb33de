import fs from 'node:fs/promises';
import {
  adminOrderListSchema,
  adminOrderSchema,
  formatAmount,
  formatOrganisationNumber,
  oreToNok,
  type AdminSession,
} from '@shop/shared';
import { expect, test, type APIRequestContext, type Download } from './support/test.js';
import { pdfText } from '../apps/server/src/test/pdf-text.js';
import { createAccount, waitForMail } from './support/accounts.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice, ownerSession } from './support/staff.js';

// Orders out (issue 34.5): the owner takes the orders the list's filters find as a CSV for
// Norwegian Excel, and an order's receipt (kvittering) and packing slip as PDF files.

/** An amount as the PDF documents write it in the order's language, its spaces plain. */
const documentNok = (ore: number, locale: 'nb' | 'en') =>
  formatAmount(oreToNok(ore), 1, 'NOK', locale)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');

/** A CSV amount as the accounting export writes it: decimal comma, no thousands separator. */
const csvNok = (ore: number) => `${Math.trunc(ore / 100)},${String(ore % 100).padStart(2, '0')}`;

/** The receipt's words in the order's language, which its file name tells. */
const receiptWords = {
  nb: {
    number: (number: number) => `Kvitteringsnr. ${number}`,
    organisation: (number: string) => `Org.nr. ${number} MVA`,
    vatHeading: 'Merverdiavgift per sats',
  },
  en: {
    number: (number: number) => `Receipt no. ${number}`,
    organisation: (number: string) => `Org. no. ${number} MVA`,
    vatHeading: 'VAT by rate',
  },
} as const;

async function ownerGet(request: APIRequestContext, session: AdminSession, path: string) {
  const response = await request.get(path, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as unknown;
}

const contentOf = async (download: Download) => fs.readFile(await download.path());

test('the owner downloads the filtered orders as a CSV for Norwegian Excel, and an order’s receipt and packing slip as PDFs (issue 34.5)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await findProduct(
    request,
    'sells one item without options',
    (product) => product.options.length === 0 && product.stock >= 3,
  );
  const shopper = await createAccount(request, { name: 'Olga Orders' });
  const placed = await buyThroughApi(request, shopper.email, item, 1);
  // The confirmation goes out once the order is placed, with the receipt as its file.
  const confirmation = await waitForMail(
    request,
    shopper.email,
    new RegExp(String(placed.orderNumber)),
  );
  expect(confirmation.attachments).toEqual([
    {
      filename: expect.stringMatching(
        new RegExp(`^(kvittering|receipt)-${placed.orderNumber}\\.pdf$`),
      ),
      contentType: 'application/pdf',
    },
  ]);

  const session = await ownerSession(request);
  const list = adminOrderListSchema.parse(
    await ownerGet(request, session, `/api/admin/orders?q=${encodeURIComponent(shopper.email)}`),
  );
  const order = adminOrderSchema.parse(
    await ownerGet(request, session, `/api/admin/orders/${list.orders[0]?.id ?? ''}`),
  );
  expect(order.number).toBe(placed.orderNumber);
  const shop = (await ownerGet(request, session, '/api/admin/settings/shop')) as {
    organisationNumber: string;
    vatRegistered: boolean;
  };
  expect(shop.vatRegistered).toBe(true);

  await openBackOffice(page, request, '/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search by order number, e-mail or name' })
    .fill(shopper.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const orderLink = page.getByRole('link', { name: `#${order.number}`, exact: true });
  await expect(orderLink).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // The file holds what the list's search finds: this order only, as the accounting export
  // writes a file (a BOM, semicolons, decimal commas, CRLF line ends).
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await exporting;
  expect(csvFile.suggestedFilename()).toBe('orders.csv');
  const csv = (await contentOf(csvFile)).toString('utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...records] = csv
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
  expect(header[0]).toBe('Order');
  expect(header.at(-1)).toBe('Total');
  expect(records).toHaveLength(1);
  const [record = []] = records;
  expect(record).toHaveLength(header.length);
  expect(record[0]).toBe(String(order.number));
  expect(record[header.indexOf('E-mail')]).toBe(shopper.email);
  expect(record.at(-1)).toBe(csvNok(order.grandTotalOre));
  expect(record[header.indexOf('VAT')]).toBe(
    csvNok(order.vatLines.reduce((sum, line) => sum + line.amountOre, 0)),
  );

  await orderLink.click();
  await expect(
    page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }),
  ).toBeVisible();

  const receiptDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Receipt (PDF)' }).click();
  const receiptFile = await receiptDownload;
  const receiptName = new RegExp(`^(kvittering|receipt)-${order.number}\\.pdf$`).exec(
    receiptFile.suggestedFilename(),
  );
  expect(receiptName, receiptFile.suggestedFilename()).not.toBeNull();
  const locale = receiptName?.[1] === 'kvittering' ? 'nb' : 'en';
  const receipt = await contentOf(receiptFile);
  expect(receipt.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const receiptText = pdfText(receipt);
  const words = receiptWords[locale];
  expect(receiptText).toContain(words.number(order.number));
  expect(receiptText).toContain(
    words.organisation(formatOrganisationNumber(shop.organisationNumber)),
  );
  expect(receiptText).toContain(words.vatHeading);
  for (const vat of order.vatLines) {
    expect(receiptText).toContain(`\n${vat.rate} %\n`);
    expect(receiptText).toContain(documentNok(vat.amountOre, locale));
  }
  expect(receiptText).toContain(documentNok(order.grandTotalOre, locale));

  const slipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Packing slip (PDF)' }).click();
  const slipFile = await slipDownload;
  expect(slipFile.suggestedFilename()).toMatch(
    new RegExp(`^(pakkseddel|packing-slip)-${order.number}\\.pdf$`),
  );
  const slip = await contentOf(slipFile);
  expect(slip.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const slipText = pdfText(slip);
  expect(slipText).toContain(`#${order.number}`);
  for (const line of order.lines) expect(slipText).toContain(line.sku ?? '–');
  // What to pick and where it goes: no prices.
  expect(slipText).not.toContain(documentNok(order.grandTotalOre, locale));
});
