import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  adminProductMessages,
  adminProductSchema,
  productBulkResultSchema,
  type AdminProduct,
  type ProductBulkRequest,
  type ProductSaveRequest,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  productSaveRequestOf,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { productItems, products, stockLedger } from './catalog.tables.js';

// Issue 34.3: a product copied as a draft, and bulk actions of the product list.

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  member: StaffMember = owner,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(member.session),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const category = (slug: string) => required(catalog.categories[slug], slug);
const fixtureId = (slug: string) => required(catalog.products[slug], slug).id;

async function create(request: ProductSaveRequest): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', request);
  if (response.statusCode !== 201) throw new Error(`create answered ${response.body}`);
  return adminProductSchema.parse(response.json());
}

async function load(id: string): Promise<AdminProduct> {
  return adminProductSchema.parse((await call('GET', `/api/admin/products/${id}`)).json());
}

/** A wool jumper in two sizes and two colours, with everything a product can carry. */
const jumperRequest = (prefix: string): ProductSaveRequest => ({
  name: `${prefix} Ullgenser`,
  categoryId: category('socks'),
  description: '<p>Varm.</p>',
  information: [{ informationKey: 'Materiale', informationValue: 'Ull' }],
  vatPercent: 25,
  brand: 'Ullvare',
  weightGrams: 400,
  status: 'published',
  heroImage: '/products/jumper.webp',
  gallery: ['/products/jumper.webp', '/products/jumper-back.webp'],
  imageAlts: { '/products/jumper.webp': 'Genser forfra' },
  options: [
    { name: 'Størrelse', values: ['S', 'M'] },
    { name: 'Farge', values: ['Rød', 'Blå'] },
  ],
  relatedIds: [fixtureId('green-tea'), fixtureId('acacia-honey')],
  items: ['S', 'M'].flatMap((size, s) =>
    ['Rød', 'Blå'].map((colour, c) => ({
      variants: { Størrelse: size, Farge: colour },
      sku: `${prefix}-${c === 0 ? 'RED' : 'BLUE'}-${size}`.toUpperCase(),
      priceOre: 59_900 + s * 10_000,
      discountPercent: c * 10,
      stock: 3 + s + c,
      weightGrams: 380 + s * 40,
      orderLimit: 4,
      disabled: s === 1 && c === 1,
      lowStockThreshold: 2,
      heroImage: c === 1 ? '/products/jumper-blue.webp' : null,
      isDefault: s === 0 && c === 1,
    })),
  ),
  en: {
    name: `${prefix} Wool Jumper`,
    description: '<p>Warm.</p>',
    information: [{ informationKey: 'Material', informationValue: 'Wool' }],
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
  },
});

async function lastAudit(entityId: string) {
  const [entry] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

/** What a copy keeps of an item: all but its id, SKU and stock. */
const itemShape = ({ id: _id, sku: _sku, stock: _stock, ...rest }: AdminProduct['items'][number]) =>
  rest;

describe('duplicating a product (issue 34.3)', () => {
  it('copies everything but stock as a draft with a new name, slug and SKUs, and audits it', async () => {
    const original = await create({ ...jumperRequest('Copy'), gtin: '7038010055720' });
    expect(original).toMatchObject({ brand: 'Ullvare', gtin: '7038010055720' });
    const response = await call('POST', `/api/admin/products/${original.id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = adminProductSchema.parse(response.json());

    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      name: 'Copy Ullgenser (kopi)',
      slug: 'copy-ullgenser-kopi',
      status: 'draft',
      version: 1,
      categoryId: original.categoryId,
      categoryPath: original.categoryPath,
      heroImage: original.heroImage,
      gallery: original.gallery,
      imageAlts: original.imageAlts,
      description: original.description,
      information: original.information,
      vatPercent: original.vatPercent,
      weightGrams: original.weightGrams,
      options: original.options,
      related: original.related,
      brand: 'Ullvare',
      // A GTIN names one trade item: the copy is another product, without one until given.
      gtin: '',
      en: { ...original.en, name: 'Copy Wool Jumper (copy)' },
    });
    expect(copy.related.map((related) => related.slug)).toEqual(['green-tea', 'acacia-honey']);
    expect(copy.items.map(itemShape)).toEqual(original.items.map(itemShape));
    expect(copy.items.map((item) => item.sku)).toEqual(
      original.items.map((item) => `${item.sku}-KOPI`),
    );
    expect(copy.items.map((item) => item.stock)).toEqual([0, 0, 0, 0]);
    expect(original.items.map((item) => item.stock)).toEqual([3, 4, 4, 5]);
    // Stock 0 is no change of stock: the copy's items have no ledger rows.
    const ledger = await ctx.db
      .select()
      .from(stockLedger)
      .where(
        inArray(
          stockLedger.itemId,
          copy.items.map((item) => item.id),
        ),
      );
    expect(ledger).toEqual([]);
    // The original is as it was.
    expect(await load(original.id)).toEqual(original);

    const audit = await lastAudit(copy.id);
    expect(audit).toMatchObject({ action: 'create', actorId: owner.id });
    expect(audit?.changes).toMatchObject({
      name: { from: null, to: 'Copy Ullgenser (kopi)' },
      status: { from: null, to: 'draft' },
      copiedFrom: { from: null, to: { id: original.id, slug: original.slug } },
    });

    // A second copy finds the slug and the SKUs taken, and takes the next ones.
    const again = adminProductSchema.parse(
      (await call('POST', `/api/admin/products/${original.id}/duplicate`)).json(),
    );
    expect(again.slug).toBe('copy-ullgenser-kopi-2');
    expect(again.items.map((item) => item.sku)).toEqual(
      original.items.map((item) => `${item.sku}-KOPI2`),
    );

    // The copy is an ordinary draft: it saves, and it is not on the storefront.
    const saved = await call('PUT', `/api/admin/products/${copy.id}`, productSaveRequestOf(copy));
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await ctx.app.inject({ url: `/api/products/${copy.slug}/slug` });
    expect(page.statusCode).toBe(404);
  });

  it('copies a product without English or related products, and staff may copy', async () => {
    const [honey] = await ctx.db
      .select({ nameEn: products.nameEn })
      .from(products)
      .where(eq(products.id, fixtureId('acacia-honey')));
    expect(honey?.nameEn).toBeNull();
    const response = await call(
      'POST',
      `/api/admin/products/${fixtureId('acacia-honey')}/duplicate`,
      undefined,
      staff,
    );
    expect(response.statusCode, response.body).toBe(201);
    const copy = adminProductSchema.parse(response.json());
    expect(copy).toMatchObject({
      name: 'Acacia Honey (kopi)',
      slug: 'acacia-honey-kopi',
      status: 'draft',
      related: [],
      categoryPath: [
        { id: category('food'), name: 'Food' },
        { id: category('honey'), name: 'Honey' },
        { id: category('raw-honey'), name: 'Raw Honey' },
      ],
    });
    expect(copy.en.name).toBe('');
    expect(copy.items.filter((item) => item.isDefault)).toHaveLength(1);
    expect((await lastAudit(copy.id))?.actorId).toBe(staff.id);
  });

  it('answers 404 for an unknown product, 400 for a malformed id, and refuses customers', async () => {
    const productCount = async () =>
      (await ctx.db.select({ total: count() }).from(products))[0]?.total;
    const before = await productCount();
    const unknown = await call(
      'POST',
      '/api/admin/products/00000000-0000-4000-8000-000000000000/duplicate',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: adminProductMessages.notFound });
    expect((await call('POST', '/api/admin/products/not-an-id/duplicate')).statusCode).toBe(400);

    const customer = await createVerifiedUser(ctx.app, ctx.db, { name: 'Kari Kunde' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${fixtureId('green-tea')}/duplicate`,
      headers: bearer(customer),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: adminMessages.staffOnly });
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${fixtureId('green-tea')}/duplicate`,
    });
    expect(guest.statusCode).toBe(401);
    expect(await productCount()).toBe(before);
  });
});

describe('bulk actions of the product list (issue 34.3)', () => {
  const bulk = (body: ProductBulkRequest | Record<string, unknown>, member?: StaffMember) =>
    call('POST', '/api/admin/products/bulk', body, member);
  const changedBy = async (body: ProductBulkRequest, member?: StaffMember) => {
    const response = await bulk(body, member);
    expect(response.statusCode, response.body).toBe(200);
    return productBulkResultSchema.parse(response.json()).changed;
  };

  it('publishes, unpublishes and archives, counting only the products it changed, each audited with a new version', async () => {
    const first = await create({ ...jumperRequest('BulkA'), status: 'draft' });
    const second = await create({ ...jumperRequest('BulkB'), status: 'published' });
    const ids = [first.id, second.id];
    expect((await ctx.app.inject({ url: `/api/products/${first.slug}/slug` })).statusCode).toBe(
      404,
    );

    expect(await changedBy({ ids, action: 'publish' })).toBe(1);
    expect((await load(first.id)).status).toBe('published');
    expect((await load(first.id)).version).toBe(first.version + 1);
    expect((await load(second.id)).version).toBe(second.version);
    // On the storefront at once: the catalogue's caches clear on their own.
    expect((await ctx.app.inject({ url: `/api/products/${first.slug}/slug` })).statusCode).toBe(
      200,
    );
    expect((await lastAudit(first.id))?.changes).toEqual({
      status: { from: 'draft', to: 'published' },
      bulkAction: { from: null, to: 'publish' },
    });

    expect(await changedBy({ ids, action: 'unpublish' }, staff)).toBe(2);
    expect((await load(second.id)).status).toBe('draft');
    expect(await lastAudit(second.id)).toMatchObject({
      action: 'update',
      actorId: staff.id,
      changes: { status: { from: 'published', to: 'draft' } },
    });

    expect(await changedBy({ ids: [...ids, first.id], action: 'archive' })).toBe(2);
    expect((await load(first.id)).status).toBe('archived');
    expect((await load(second.id)).status).toBe('archived');
  });

  it('moves products into a category with its parents', async () => {
    const tee = await create({ ...jumperRequest('Move'), status: 'draft' });
    const honeyId = fixtureId('creamed-clover-honey');
    expect(
      await changedBy({
        ids: [tee.id, honeyId],
        action: 'move',
        categoryId: category('raw-honey'),
      }),
    ).toBe(2);
    const moved = await load(tee.id);
    expect(moved.categoryId).toBe(category('raw-honey'));
    expect(moved.categoryPath.map((level) => level.name)).toEqual(['Food', 'Honey', 'Raw Honey']);
    expect((await lastAudit(tee.id))?.changes).toEqual({
      categoryId: { from: category('socks'), to: category('raw-honey') },
      categoryPath: { from: ['Garments', 'Socks'], to: ['Food', 'Honey', 'Raw Honey'] },
      bulkAction: { from: null, to: 'move' },
    });
    // A top-level category clears the sub-category columns.
    expect(
      await changedBy({ ids: [tee.id], action: 'move', categoryId: category('cleaning') }),
    ).toBe(1);
    const [row] = await ctx.db
      .select({
        categoryId: products.categoryId,
        subCategoryId: products.subCategoryId,
        subCategory2Id: products.subCategory2Id,
        keywords: products.keywords,
      })
      .from(products)
      .where(eq(products.id, tee.id));
    expect(row).toEqual({
      categoryId: category('cleaning'),
      subCategoryId: null,
      subCategory2Id: null,
      keywords: 'Cleaning',
    });
    expect(
      await changedBy({ ids: [tee.id], action: 'move', categoryId: category('cleaning') }),
    ).toBe(0);
  });

  it('sets a discount on all live items of the products', async () => {
    const jumper = await create({ ...jumperRequest('Discount'), status: 'draft' });
    expect(await changedBy({ ids: [jumper.id], action: 'discount', discountPercent: 25 })).toBe(1);
    const discounted = await load(jumper.id);
    expect(discounted.items.map((item) => item.discountPercent)).toEqual([25, 25, 25, 25]);
    expect(discounted.items[0]?.sellingPriceOre).toBe(Math.round(59_900 * 0.75));
    expect((await lastAudit(jumper.id))?.changes).toEqual({
      discountPercent: {
        from: {
          'DISCOUNT-RED-S': 0,
          'DISCOUNT-BLUE-S': 10,
          'DISCOUNT-RED-M': 0,
          'DISCOUNT-BLUE-M': 10,
        },
        to: {
          'DISCOUNT-RED-S': 25,
          'DISCOUNT-BLUE-S': 25,
          'DISCOUNT-RED-M': 25,
          'DISCOUNT-BLUE-M': 25,
        },
      },
      bulkAction: { from: null, to: 'discount' },
    });
    expect(await changedBy({ ids: [jumper.id], action: 'discount', discountPercent: 25 })).toBe(0);
  });

  it('raises the version, so an editor open from before is refused its save (409)', async () => {
    const loaded = await create({ ...jumperRequest('Stale'), status: 'draft' });
    expect(await changedBy({ ids: [loaded.id], action: 'publish' })).toBe(1);
    const stale = await call(
      'PUT',
      `/api/admin/products/${loaded.id}`,
      productSaveRequestOf(loaded, { name: 'Stale Ullgenser 2' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: adminProductMessages.conflict });
    expect((await load(loaded.id)).status).toBe('published');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const jumper = await create({ ...jumperRequest('Refused'), status: 'draft' });
    const before = await load(jumper.id);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const refusals: [Record<string, unknown>, RegExp | string][] = [
      [{ ids: [], action: 'publish' }, 'ids must name 1 to 200 products'],
      [
        {
          ids: Array.from(
            { length: 201 },
            (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          ),
          action: 'publish',
        },
        'ids must name 1 to 200 products',
      ],
      [
        { ids: [jumper.id], action: 'delete' },
        /action must be publish, unpublish, archive, move or discount/,
      ],
      [{ ids: [jumper.id] }, /action must be publish, unpublish, archive, move or discount/],
      [
        { ids: [jumper.id], action: 'discount', discountPercent: 101 },
        adminProductMessages.discountRange,
      ],
      [
        { ids: [jumper.id], action: 'discount', discountPercent: 12.5 },
        adminProductMessages.discountRange,
      ],
      [{ ids: [jumper.id], action: 'move' }, 'Invalid id'],
      [{ ids: ['nope'], action: 'publish' }, /id/i],
      [{ ids: [jumper.id, unknownId], action: 'publish' }, 'One of the products does not exist'],
      [
        { ids: [jumper.id], action: 'move', categoryId: unknownId },
        adminProductMessages.categoryNotFound,
      ],
    ];
    for (const [body, message] of refusals) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toMatch(message);
    }
    const noCategory = await bulk({ ids: [jumper.id], action: 'move' });
    expect(Object.keys(noCategory.json().fieldErrors)).toEqual(['categoryId']);
    expect(await load(jumper.id)).toEqual(before);
    const [entry] = await ctx.db
      .select({ count: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, jumper.id), eq(auditLog.action, 'update')));
    expect(entry).toBeUndefined();
  });

  it('refuses customers and guests', async () => {
    const customer = await createVerifiedUser(ctx.app, ctx.db, { name: 'Per Kunde' });
    const body = { ids: [fixtureId('green-tea')], action: 'archive' };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk',
      headers: bearer(customer),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk',
      payload: body,
    });
    expect(guest.statusCode).toBe(401);
    const [tea] = await ctx.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, fixtureId('green-tea')));
    expect(tea?.status).toBe('published');
  });
});

// The items a copy made stay apart from the original's: a stock change of one is not the other's.
it('keeps the copy’s items apart from the original’s (issue 34.3)', async () => {
  const original = await create(jumperRequest('Apart'));
  const copy = adminProductSchema.parse(
    (await call('POST', `/api/admin/products/${original.id}/duplicate`)).json(),
  );
  const ids = new Set(original.items.map((item) => item.id));
  expect(copy.items.some((item) => ids.has(item.id))).toBe(false);
  const rows = await ctx.db
    .select({ productId: productItems.productId })
    .from(productItems)
    .where(
      inArray(
        productItems.id,
        copy.items.map((item) => item.id),
      ),
    );
  expect(rows.every((row) => row.productId === copy.id)).toBe(true);
});
