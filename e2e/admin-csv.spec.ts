import fs from 'node:fs/promises';
import { expect, test } from './support/test.js';
import { adminCategoriesSchema, adminProductSchema, productCsvColumns } from '@shop/shared';
import { openBackOffice, ownerSession } from './support/staff.js';
import { expectNoSeriousViolations } from './support/axe.js';

// The back office's CSV round trip (issue 12): the owner exports the products, changes a price
// and a stock in the file, sees the import's preview, confirms, and the list shows the change.

test('CSV export → edit → import: a changed price and stock are previewed, confirmed and shown in the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await ownerSession(request);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  // A product of this journey's own, so that other journeys' sales cannot move its stock.
  const suffix = Date.now().toString(36);
  const name = `Csv Mug ${suffix}`;
  const sku = `CSV-MUG-${suffix}`.toUpperCase();
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
      items: [{ sku, priceOre: 19_900, stock: 5 }],
    },
  });
  expect(created.status()).toBe(201);
  const product = adminProductSchema.parse(await created.json());

  await openBackOffice(page, request, `/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await fs.readFile((await download.path()) ?? '', 'utf8');
  expect(exported.startsWith('\ufeff')).toBe(true);
  const [header, row, ...rest] = exported.replace(/^\ufeff/, '').split('\r\n');
  expect(header).toBe(productCsvColumns.join(','));
  expect(rest).toEqual(['']);
  const cells = (row ?? '').split(',');
  const cell = (column: (typeof productCsvColumns)[number]) => productCsvColumns.indexOf(column);
  expect(cells[cell('sku')]).toBe(sku);
  expect(cells[cell('price')]).toBe('199.00');
  expect(cells[cell('stock')]).toBe('5');

  const withCells = (changes: Partial<Record<(typeof productCsvColumns)[number], string>>) => {
    const edited = [...cells];
    for (const [column, value] of Object.entries(changes))
      edited[cell(column as (typeof productCsvColumns)[number])] = value;
    return Buffer.from(`\ufeff${header}\r\n${edited.join(',')}\r\n`, 'utf8');
  };

  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import products from CSV' })).toBeVisible();
  const fileInput = page.getByLabel('CSV file');

  // A wrong price is shown by row and column, and nothing can be imported.
  await fileInput.setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: withCells({ price: '249.505' }),
  });
  const errors = page.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row').nth(1)).toContainText('2');
  await expect(errors.getByRole('cell', { name: 'price', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  // The edited file: the preview shows both changes before anything is written.
  await fileInput.setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: withCells({ price: '249.50', stock: '12' }),
  });
  const preview = page.getByRole('table', { name: 'Changes by row' });
  await expect(preview.getByText('price 199.00 → 249.50')).toBeVisible();
  await expect(preview.getByText('stock 5 → 12')).toBeVisible();
  await expect(page.getByText('1 product (1 updated); 1 item (1 updated)')).toBeVisible();
  await expectNoSeriousViolations(page);
  const unchanged = adminProductSchema.parse(
    await (await request.get(`/api/admin/products/${product.id}`, { headers })).json(),
  );
  expect(unchanged.items[0]).toMatchObject({ priceOre: 19_900, stock: 5 });

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import this file?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByText('Imported: 1 product (1 updated); 1 item (1 updated).'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by name, slug or SKU' }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(listed).toContainText('NOK 249.50');
  // The stock column found by its heading: the list has grown columns before it (issue 34.3).
  const headings = (await page.getByRole('columnheader').allTextContents()).map((text) =>
    text.trim(),
  );
  expect(headings).toContain('Stock');
  await expect(listed.getByRole('cell').nth(headings.indexOf('Stock'))).toHaveText('12');

  await listed.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Price of .* in kroner$/ })).toHaveValue(
    /^249[.,]50?$/,
  );
});
