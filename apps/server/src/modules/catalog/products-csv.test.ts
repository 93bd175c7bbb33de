import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  adminProductSchema,
  productCsvColumns,
  productCsvImportErrorSchema,
  productCsvImportResultSchema,
  productCsvMessages,
  productDetailSchema,
  type ProductCsvError,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, type CatalogFixture } from '../../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { productItems, products, stockLedger } from './catalog.tables.js';
import { formatPriceOre, parsePriceOre } from './products-csv.file.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
  customer = await createVerifiedUser(ctx.app, ctx.db, { name: 'Kari Nordmann' });
});
afterAll(() => ctx.close());

type CsvRecord = Record<string, string>;

const exportCsv = (query = '', user: { accessToken: string } = owner.session) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/products/export.csv${query}`,
    headers: bearer(user),
  });

const importCsv = (
  body: string | Buffer,
  dryRun: boolean,
  { contentType = 'text/csv', user = owner.session as { accessToken: string } } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dryRun=${dryRun}`,
    headers: { ...bearer(user), 'content-type': contentType },
    payload: body,
  });

/** The export's rows as records keyed by column. */
async function exportedRecords(query = ''): Promise<CsvRecord[]> {
  const response = await exportCsv(query);
  expect(response.statusCode).toBe(200);
  return parse(response.body, { bom: true, columns: true }) as CsvRecord[];
}

/** A CSV file of the given records, the export's columns in the export's order. */
const csvOf = (records: readonly CsvRecord[], columns: readonly string[] = productCsvColumns) =>
  stringify(
    records.map((record) => columns.map((column) => record[column] ?? '')),
    { header: true, columns: [...columns] },
  );

const record = (values: Partial<Record<(typeof productCsvColumns)[number], string>>) => values;

async function importOk(body: string | Buffer, dryRun = false, contentType = 'text/csv') {
  const response = await importCsv(body, dryRun, { contentType });
  if (response.statusCode !== 200) throw new Error(`import answered ${response.body}`);
  return productCsvImportResultSchema.parse(response.json());
}

async function importRefused(body: string | Buffer, dryRun = false): Promise<ProductCsvError[]> {
  const response = await importCsv(body, dryRun);
  expect(response.statusCode, response.body).toBe(400);
  const answer = productCsvImportErrorSchema.parse(response.json());
  return answer.errors ?? [];
}

async function adminProduct(id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/products/${id}`,
    headers: bearer(owner.session),
  });
  return adminProductSchema.parse(response.json());
}

async function productIdOf(slug: string) {
  const [row] = await ctx.db.select().from(products).where(eq(products.slug, slug));
  return row?.id;
}

/** Everything an import could write, to show that a refused or dry run wrote nothing. */
async function snapshot() {
  const [familyRows, itemRows, [ledger], [audit]] = await Promise.all([
    ctx.db.select().from(products).orderBy(products.id),
    ctx.db.select().from(productItems).orderBy(productItems.id),
    ctx.db.select({ rows: count() }).from(stockLedger),
    ctx.db.select({ rows: count() }).from(auditLog),
  ]);
  return { familyRows, itemRows, ledger, audit };
}

/** Four items, Size S/M × Colour Red/Blue, of a new product in T-Shirts. */
const teeRows = (slug: string, name: string, extra: Partial<CsvRecord> = {}): CsvRecord[] =>
  ['S', 'M'].flatMap((size) =>
    ['Red', 'Blue'].map((colour) =>
      record({
        product_slug: slug,
        product_name: name,
        category: 'Garments > T-Shirts',
        status: 'published',
        vat_percent: '25',
        sku: `${slug}-${size}-${colour}`.toUpperCase(),
        options: `Size=${size}; Colour=${colour}`,
        price: '249.50',
        discount_percent: '0',
        stock: size === 'S' ? '4' : '6',
        order_limit: '5',
        weight_grams: '300',
        disabled: 'no',
        ...extra,
      }),
    ),
  );

const at = (errors: readonly ProductCsvError[]) =>
  errors.map((error) => ({ row: error.row, column: error.column }));

describe('CSV prices (issue 12)', () => {
  it('reads kroner into øre with string arithmetic, never a float', () => {
    expect(parsePriceOre('199.50')).toBe(19_950);
    expect(parsePriceOre('199,5')).toBe(19_950);
    expect(parsePriceOre('0.29')).toBe(29);
    expect(parsePriceOre('1 299,00')).toBe(129_900);
    expect(parsePriceOre('1\u00a0299')).toBe(129_900);
    for (const wrong of ['12.345', '-1', '1e3', '', '12.', '.5', 'kr 10', '1.234,50'])
      expect(parsePriceOre(wrong), wrong).toBeUndefined();
    expect(formatPriceOre(5)).toBe('0.05');
    expect(formatPriceOre(129_950)).toBe('1299.50');
  });
});

describe('CSV export and import of products and items (issue 12)', () => {
  it('refuses customers and guests both ways', async () => {
    const asCustomer = await exportCsv('', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: adminMessages.staffOnly });
    const importAsCustomer = await importCsv(csvOf(teeRows('refused-tee', 'Refused')), false, {
      user: customer,
    });
    expect(importAsCustomer.statusCode).toBe(403);
    expect(await productIdOf('refused-tee')).toBeUndefined();
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/admin/products/export.csv' });
    expect(guest.statusCode).toBe(401);
    const guestImport = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import?dryRun=false',
      headers: { 'content-type': 'text/csv' },
      payload: 'product_slug,sku\n',
    });
    expect(guestImport.statusCode).toBe(401);
  });

  it('exports one row per item with a BOM, the fixed header and the category path', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = response.body.replace(/^\ufeff/, '').split('\r\n');
    expect(header).toBe(productCsvColumns.join(','));

    const records = parse(response.body, { bom: true, columns: true }) as CsvRecord[];
    const honey = records.filter((row) => row.product_slug === 'acacia-honey');
    expect(honey).toEqual([
      {
        product_slug: 'acacia-honey',
        product_name: 'Acacia Honey',
        product_name_en: '',
        category: 'Food > Honey > Raw Honey',
        status: 'published',
        vat_percent: '15',
        sku: expect.any(String),
        options: '',
        price: '149.00',
        discount_percent: '0',
        stock: '12',
        order_limit: '10',
        weight_grams: '500',
        disabled: 'no',
      },
    ]);
    const shirt = records.filter((row) => row.product_slug === 'hemp-t-shirt');
    expect(shirt.map((row) => row.options)).toEqual([
      'Color=Red; Size=M',
      'Color=Red; Size=XL',
      'Color=Blue; Size=M',
    ]);
    expect(shirt[0]).toMatchObject({ price: '299.00', discount_percent: '20', order_limit: '4' });
    expect(new Set(records.map((row) => row.product_slug))).toEqual(
      new Set(Object.keys(catalog.products)),
    );

    const filtered = await exportedRecords('?q=honey');
    expect(new Set(filtered.map((row) => row.product_slug))).toEqual(
      new Set(['acacia-honey', 'raw-forest-honey', 'creamed-clover-honey']),
    );
  });

  it('round trip: an exported file with a changed price and stock updates the item, the stock through the ledger', async () => {
    const before = await snapshot();
    const honeyId = catalog.products['acacia-honey']?.id ?? '';
    const versionBefore = (await adminProduct(honeyId)).version;
    const records = await exportedRecords();
    const edited = records.map((row) =>
      row.product_slug === 'acacia-honey' ? { ...row, price: '159.50', stock: '20' } : row,
    );
    const result = await importOk(csvOf(edited));

    expect(result.dryRun).toBe(false);
    const productCount = new Set(records.map((row) => row.product_slug)).size;
    expect(result.products).toEqual({ created: 0, updated: 1, unchanged: productCount - 1 });
    expect(result.items).toEqual({ created: 0, updated: 1, unchanged: records.length - 1 });
    const honeyRow = records.findIndex((row) => row.product_slug === 'acacia-honey') + 2;
    expect(result.rows.find((row) => row.productSlug === 'acacia-honey')).toEqual({
      row: honeyRow,
      productSlug: 'acacia-honey',
      sku: records[honeyRow - 2]?.sku,
      action: 'update',
      changes: [
        { column: 'price', from: '149.00', to: '159.50' },
        { column: 'stock', from: '12', to: '20' },
      ],
    });

    const honey = await adminProduct(honeyId);
    expect(honey.items[0]).toMatchObject({ priceOre: 15_950, stock: 20 });
    expect(honey.version).toBe(versionBefore + 1);
    const ledger = await ctx.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.itemId, honey.items[0]?.id ?? ''));
    expect(ledger).toEqual([
      expect.objectContaining({
        reason: 'import',
        change: 8,
        stockBefore: 12,
        stockAfter: 20,
        note: 'CSV import',
        actorId: owner.id,
      }),
    ]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, honeyId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('update');
    // Products the file left as they were are not saved at all.
    const after = await snapshot();
    const unchangedBefore = before.familyRows.filter((row) => row.id !== honeyId);
    expect(after.familyRows.filter((row) => row.id !== honeyId)).toEqual(unchangedBefore);

    const storefront = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/acacia-honey/slug',
    });
    expect(productDetailSchema.parse(storefront.json())).toMatchObject({ price: 159.5, stock: 20 });
  });

  it('creates a product with two options from its rows, with opening stock and an audit entry', async () => {
    const result = await importOk(csvOf(teeRows('linen-tee', 'Linen Tee')));
    expect(result.products).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(result.items).toEqual({ created: 4, updated: 0, unchanged: 0 });
    expect(result.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [5, 'create'],
    ]);
    expect(result.rows[0]?.changes).toContainEqual({
      column: 'category',
      from: null,
      to: 'Garments > T-Shirts',
    });

    const id = (await productIdOf('linen-tee')) ?? '';
    const product = await adminProduct(id);
    expect(product).toMatchObject({
      name: 'Linen Tee',
      slug: 'linen-tee',
      status: 'published',
      vatPercent: 25,
      categoryId: catalog.categories['t-shirts'],
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    });
    expect(product.items.map((item) => [item.sku, item.priceOre, item.stock])).toEqual([
      ['LINEN-TEE-S-RED', 24_950, 4],
      ['LINEN-TEE-S-BLUE', 24_950, 4],
      ['LINEN-TEE-M-RED', 24_950, 6],
      ['LINEN-TEE-M-BLUE', 24_950, 6],
    ]);
    expect(product.items[0]).toMatchObject({ orderLimit: 5, weightGrams: 300, isDefault: true });
    const opening = await ctx.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.itemId, product.items[3]?.id ?? ''));
    expect(opening).toEqual([expect.objectContaining({ change: 6, stockAfter: 6 })]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, id)));
    expect(audit.map((row) => row.action)).toEqual(['create']);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/linen-tee/slug?Size=M&Colour=Blue',
    });
    expect(page.statusCode).toBe(200);

    // A new SKU on the product adds an item: a new option value, with its whole row of the matrix.
    const more = await importOk(
      csvOf(
        ['Red', 'Blue'].map((colour) =>
          record({
            product_slug: 'linen-tee',
            sku: `LINEN-TEE-L-${colour}`.toUpperCase(),
            options: `size=L; Colour=${colour}`,
            price: '259',
          }),
        ),
        ['product_slug', 'sku', 'options', 'price'],
      ),
    );
    expect(more.products).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(more.items).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const grown = await adminProduct(id);
    expect(grown.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    expect(grown.items).toHaveLength(6);
    expect(grown.items.find((item) => item.sku === 'LINEN-TEE-L-BLUE')).toMatchObject({
      priceOre: 25_900,
      stock: 0,
      variants: { Size: 'L', Colour: 'Blue' },
    });
  });

  it('reads a semicolon file with decimal commas, a BOM and CRLF, as Excel in Norway saves it', async () => {
    const [socks] = await exportedRecords('?q=wool');
    const file = `\ufeffproduct_slug;sku;price;stock;disabled\r\nwool-socks;${socks?.sku};"89,90";17;no\r\n`;
    const result = await importOk(Buffer.from(file, 'utf8'), false, 'text/csv; charset=utf-8');
    expect(result.rows).toEqual([
      expect.objectContaining({
        row: 2,
        action: 'update',
        changes: [
          { column: 'price', from: '99.00', to: '89.90' },
          { column: 'stock', from: '15', to: '17' },
        ],
      }),
    ]);
    const item = (await adminProduct(catalog.products['wool-socks']?.id ?? '')).items[0];
    expect(item).toMatchObject({ priceOre: 8_990, stock: 17 });

    // Windows-1252, as Excel's plain "CSV" saves æøå, and an unquoted decimal comma.
    const latin = Buffer.from(
      `product_slug;sku;product_name;price\r\nwool-socks;${socks?.sku};Ullsokker blå;89,5\r\n`,
      'latin1',
    );
    // Windows names a .csv file so.
    await importOk(latin, false, 'application/vnd.ms-excel');
    const renamed = await adminProduct(catalog.products['wool-socks']?.id ?? '');
    expect(renamed.name).toBe('Ullsokker blå');
    expect(renamed.items[0]?.priceOre).toBe(8_950);
  });

  it('a dry run answers the preview and writes nothing', async () => {
    const records = await exportedRecords('?q=green');
    const edited = [
      ...records.map((row) => ({ ...row, product_name: 'Green Tea Sencha', stock: '41' })),
      ...teeRows('dry-tee', 'Dry Tee'),
    ];
    const before = await snapshot();
    const preview = await importOk(csvOf(edited), true);
    expect(preview.dryRun).toBe(true);
    expect(preview.products).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(preview.items).toEqual({ created: 4, updated: 1, unchanged: 0 });
    expect(preview.rows[0]).toMatchObject({
      row: 2,
      productSlug: 'green-tea',
      action: 'update',
      changes: [
        { column: 'product_name', from: 'Green Tea', to: 'Green Tea Sencha' },
        { column: 'stock', from: '40', to: '41' },
      ],
    });
    expect(preview.rows.slice(1).every((row) => row.action === 'create')).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(await productIdOf('dry-tee')).toBeUndefined();
  });

  it('a file with wrong rows answers every error by row and column and writes nothing', async () => {
    const [honey] = await exportedRecords('?q=raw-forest');
    const [tea] = await exportedRecords('?q=green');
    const rows: CsvRecord[] = [
      // Row 2: a good update, not written because other rows are wrong.
      { ...honey, price: '1.00' },
      // Row 3: an unknown category on a new product.
      record({
        product_slug: 'ghost-tee',
        product_name: 'Ghost Tee',
        category: 'Garments > Ghosts',
        sku: 'GHOST-1',
        price: '10',
      }),
      // Row 4: a price with three decimals.
      record({
        product_slug: 'priced-tee',
        product_name: 'Priced Tee',
        category: 'Garments',
        sku: 'PRICED-1',
        price: '12.345',
      }),
      // Row 5: the SKU of row 2 again.
      record({
        product_slug: 'twin-tee',
        product_name: 'Twin Tee',
        category: 'Garments',
        sku: honey?.sku?.toLowerCase(),
        price: '10',
      }),
      // Rows 6-7: one product, two names.
      record({
        product_slug: 'split-tee',
        product_name: 'Split Tee',
        category: 'Garments',
        sku: 'SPLIT-1',
        options: 'Size=S',
        price: '10',
      }),
      record({
        product_slug: 'split-tee',
        product_name: 'Split Tea',
        category: 'Garments',
        sku: 'SPLIT-2',
        options: 'Size=M',
        price: '10',
      }),
      // Rows 8-10: three of the four combinations of two options.
      ...teeRows('gap-tee', 'Gap Tee').slice(0, 3),
      // Row 11: another product's SKU.
      record({
        product_slug: 'thief-tee',
        product_name: 'Thief Tee',
        category: 'Garments',
        sku: tea?.sku,
        price: '10',
      }),
      // Row 12: a status, a VAT rate, a number and a yes/no that are not.
      record({
        product_slug: 'odd-tee',
        product_name: 'Odd Tee',
        category: 'Garments',
        status: 'sold out',
        vat_percent: '12',
        sku: 'ODD-1',
        price: '10',
        stock: '-1',
        disabled: 'maybe',
      }),
    ];
    const before = await snapshot();
    for (const dryRun of [true, false]) {
      const errors = await importRefused(csvOf(rows), dryRun);
      expect(at(errors)).toEqual([
        { row: 3, column: 'category' },
        { row: 4, column: 'price' },
        { row: 5, column: 'sku' },
        { row: 7, column: 'product_name' },
        { row: 8, column: 'options' },
        { row: 11, column: 'sku' },
        { row: 12, column: 'status' },
        { row: 12, column: 'vat_percent' },
        { row: 12, column: 'stock' },
        { row: 12, column: 'disabled' },
      ]);
      expect(errors[0]?.message).toBe(productCsvMessages.unknownCategory('Garments > Ghosts'));
      expect(errors[1]?.message).toBe(productCsvMessages.price);
      expect(errors[2]?.message).toBe(
        productCsvMessages.skuTwiceInFile(honey?.sku?.toLowerCase() ?? '', 2),
      );
      expect(errors[3]?.message).toBe(productCsvMessages.differs('product_name', 6));
      expect(errors[4]?.message).toMatch(/^No item for Size M, Colour Blue/);
      expect(errors[5]?.message).toBe(
        productCsvMessages.skuOfOtherProduct(tea?.sku ?? '', 'green-tea'),
      );
    }
    expect(await snapshot()).toEqual(before);
    const response = await importCsv(csvOf(rows), false);
    expect(response.json().message).toBe(productCsvMessages.refused(10));
  });

  it('refuses an unknown column, a missing required column and rows that do not fit the header', async () => {
    const unknown = await importRefused('product_slug,sku,colour\nwool-socks,X,red\n');
    expect(unknown).toEqual([
      { row: 1, column: null, message: productCsvMessages.unknownColumn('colour') },
    ]);
    const missing = await importRefused('product_slug,price\nwool-socks,10\n');
    expect(missing).toEqual([
      { row: 1, column: 'sku', message: productCsvMessages.missingColumn('sku') },
    ]);
    const twice = await importRefused('product_slug,sku,SKU\nwool-socks,X,Y\n');
    expect(at(twice)).toEqual([{ row: 1, column: 'sku' }]);
    const ragged = await importRefused(
      'product_slug,sku,price\nwool-socks,X\n\nwool-socks,Y,1,2\n',
    );
    expect(at(ragged)).toEqual([
      { row: 2, column: null },
      { row: 4, column: null },
    ]);
    const badQuote = await importRefused('product_slug,sku\nwool-socks,"X\n');
    expect(badQuote[0]?.message).toMatch(/^The file could not be read as CSV/);
  });

  it('a new item needs a price, a new product a name and a category', async () => {
    const errors = await importRefused(
      csvOf(
        [record({ product_slug: 'bare-tee', sku: 'BARE-1' })],
        ['product_slug', 'sku', 'product_name', 'category', 'price'],
      ),
    );
    expect(errors).toEqual([
      {
        row: 2,
        column: 'product_name',
        message: productCsvMessages.requiredForNew('product_name', 'product'),
      },
      {
        row: 2,
        column: 'category',
        message: productCsvMessages.requiredForNew('category', 'product'),
      },
      { row: 2, column: 'price', message: productCsvMessages.requiredForNew('price', 'item') },
    ]);
  });

  it('a cell that starts like a formula is exported with an apostrophe and imported without it', async () => {
    await importOk(
      csvOf([
        record({
          product_slug: 'formula-tee',
          product_name: '=HYPERLINK("http://x","Sale")',
          category: 'Cleaning',
          sku: 'FORMULA-1',
          price: '10',
        }),
      ]),
    );
    const [exported] = await exportedRecords('?q=formula');
    expect(exported?.product_name).toBe('\'=HYPERLINK("http://x","Sale")');
    const again = await importOk(csvOf([exported ?? {}]));
    expect(again.rows[0]?.action).toBe('unchanged');
    const product = await adminProduct((await productIdOf('formula-tee')) ?? '');
    expect(product.name).toBe('=HYPERLINK("http://x","Sale")');
  });

  it('answers garbage with a clear 400 or 413, never a 500', async () => {
    const empty = await importCsv('', false);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { row: 1, column: null, message: productCsvMessages.empty },
    ]);
    const headerOnly = await importRefused(`${productCsvColumns.join(',')}\r\n`);
    expect(headerOnly[0]?.message).toBe(productCsvMessages.empty);

    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff]);
    const png = await importCsv(binary, false);
    expect(png.statusCode).toBe(400);
    expect(png.json().errors[0].message).toBe(productCsvMessages.notText);

    const json = await importCsv(JSON.stringify({ product_slug: 'x' }), false, {
      contentType: 'application/json',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(productCsvMessages.contentType);

    const plain = await importCsv('product_slug,sku\nwool-socks,\n', true, {
      contentType: 'text/plain',
    });
    expect(plain.statusCode).toBe(400);
    expect(at(plain.json().errors)).toEqual([{ row: 2, column: 'sku' }]);

    const huge = await importCsv(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), false);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(productCsvMessages.tooLarge);

    const badQuery = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import?dryRun=maybe',
      headers: { ...bearer(owner.session), 'content-type': 'text/csv' },
      payload: 'product_slug,sku\n',
    });
    expect(badQuery.statusCode).toBe(400);

    const controls = await importRefused(
      'product_slug,sku,product_name\nwool-socks,X,"a\u0007b"\n',
    );
    expect(at(controls)).toEqual([{ row: 2, column: 'product_name' }]);
  });
});

describe('the English name in the CSV (issue 31)', () => {
  const englishOf = async (slug: string) =>
    (await adminProduct((await productIdOf(slug)) ?? '')).en;

  it('exports the English name beside the bokmål one, and the import sets, changes and clears it', async () => {
    const created = await importOk(
      csvOf(teeRows('lin-tee', 'Lin-T-skjorte', { product_name_en: 'Linen Tee' })),
    );
    expect(created.rows[0]?.changes).toContainEqual({
      column: 'product_name_en',
      from: null,
      to: 'Linen Tee',
    });
    const id = (await productIdOf('lin-tee')) ?? '';
    expect((await adminProduct(id)).en.name).toBe('Linen Tee');
    const english = await ctx.app.inject({ method: 'GET', url: '/api/products/lin-tee/slug' });
    expect(productDetailSchema.parse(english.json()).name).toBe('Linen Tee');

    // English the editor wrote, which the file does not carry, stays with its bokmål.
    await ctx.db
      .update(products)
      .set({
        descriptionEn: '<p>Soft linen.</p>',
        optionsEn: [
          { name: 'Size', values: ['Small', 'Medium'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
      })
      .where(eq(products.id, id));
    const exported = await exportedRecords('?q=lin-tee');
    expect(exported).toHaveLength(4);
    expect(exported.every((row) => row.product_name_en === 'Linen Tee')).toBe(true);
    expect(Object.keys(exported[0] ?? {}).slice(0, 3)).toEqual([
      'product_slug',
      'product_name',
      'product_name_en',
    ]);

    const changed = await importOk(
      csvOf(exported.map((row) => ({ ...row, product_name_en: 'Linen T-Shirt' }))),
    );
    expect(changed.products).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(changed.items).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(changed.rows[0]?.changes).toEqual([
      { column: 'product_name_en', from: 'Linen Tee', to: 'Linen T-Shirt' },
    ]);
    expect(await englishOf('lin-tee')).toEqual({
      name: 'Linen T-Shirt',
      description: '<p>Soft linen.</p>',
      information: [],
      options: [
        { name: 'Size', values: ['Small', 'Medium'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    });

    // The S items become L: each English value still translates its own bokmål value.
    const moved = exported.map((row) => ({
      ...row,
      product_name_en: '',
      options: (row.options ?? '').replace('Size=S', 'Size=L'),
    }));
    const cleared = await importOk(csvOf(moved));
    expect(cleared.rows[0]?.changes).toContainEqual({
      column: 'product_name_en',
      from: 'Linen T-Shirt',
      to: '',
    });
    const product = await adminProduct(id);
    expect(product.options[0]).toEqual({ name: 'Size', values: ['M', 'L'] });
    expect(product.en).toEqual({
      name: '',
      description: '<p>Soft linen.</p>',
      information: [],
      options: [
        { name: 'Size', values: ['Medium', ''] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    });
    expect(product.englishFallbacks).toContain('name');
  });

  it('a file without the column keeps the English names', async () => {
    await importOk(csvOf(teeRows('hemp-tee', 'Hamp-T-skjorte', { product_name_en: 'Hemp Tee' })));
    const records = await exportedRecords('?q=hemp-tee');
    const columns = productCsvColumns.filter((column) => column !== 'product_name_en');
    const result = await importOk(
      csvOf(
        records.map((row) => ({ ...row, product_name: 'Hampeskjorte', price: '199' })),
        columns,
      ),
    );
    expect(result.rows[0]?.changes).toEqual([
      { column: 'product_name', from: 'Hamp-T-skjorte', to: 'Hampeskjorte' },
      { column: 'price', from: '249.50', to: '199.00' },
    ]);
    const product = await adminProduct((await productIdOf('hemp-tee')) ?? '');
    expect(product.name).toBe('Hampeskjorte');
    expect(product.en.name).toBe('Hemp Tee');
  });

  it('refuses rows of one product that disagree on the English name, and one too long, writing nothing', async () => {
    await importOk(csvOf(teeRows('silk-tee', 'Silke-T-skjorte', { product_name_en: 'Silk Tee' })));
    const records = await exportedRecords('?q=silk-tee');
    const rows = [
      ...records.map((row, index) =>
        index === 1 ? { ...row, product_name_en: 'Silk Tea' } : { ...row, price: '1' },
      ),
      ...teeRows('long-tee', 'x'.repeat(201), { product_name_en: 'y'.repeat(201) }).slice(0, 1),
    ];
    const before = await snapshot();
    for (const dryRun of [true, false]) {
      const errors = await importRefused(csvOf(rows), dryRun);
      const tooLong = errors.find((error) => error.column === 'product_name')?.message;
      expect(tooLong).toBe('At most 200 characters');
      expect(errors).toEqual([
        {
          row: 3,
          column: 'product_name_en',
          message: productCsvMessages.differs('product_name_en', 2),
        },
        { row: 6, column: 'product_name', message: tooLong },
        { row: 6, column: 'product_name_en', message: tooLong },
      ]);
    }
    expect(await snapshot()).toEqual(before);
    expect(await englishOf('silk-tee')).toMatchObject({ name: 'Silk Tee' });
  });
});
