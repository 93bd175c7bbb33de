import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  adminProductListSchema,
  adminProductMessages,
  adminProductSchema,
  productDetailSchema,
  type AdminProduct,
  type ProductSaveRequest,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  productSaveRequestOf,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import { auditLog } from '../audit/audit.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { categories, productSlugRedirects, stockLedger } from './catalog.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
  customer = await createVerifiedUser(ctx.app, ctx.db, { name: 'Kari Nordmann' });
  await saveOsloAddress(ctx.app, customer);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(owner.session),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const storefront = (url: string) => ctx.app.inject({ method: 'GET', url });

const sizes = ['S', 'M'];
const colours = ['Red', 'Blue'];

/** A tee with Size S/M × Colour Red/Blue, each item with its own SKU and stock. */
function teeRequest(
  prefix: string,
  overrides: Partial<ProductSaveRequest> = {},
): ProductSaveRequest {
  return {
    name: `${prefix} Tee`,
    categoryId: catalog.categories['t-shirts'] ?? '',
    description: '<p>Soft.</p>',
    information: [
      { informationKey: 'Material', informationValue: 'Hemp' },
      { informationKey: 'Care', informationValue: '40 °C' },
    ],
    vatPercent: 25,
    weightGrams: 250,
    status: 'draft',
    options: [
      { name: 'Size', values: sizes },
      { name: 'Colour', values: colours },
    ],
    items: sizes.flatMap((size, s) =>
      colours.map((colour, c) => ({
        variants: { Size: size, Colour: colour },
        sku: `${prefix}-${colour}-${size}`.toUpperCase(),
        priceOre: 29_900,
        stock: 5 + s * 2 + c,
      })),
    ),
    ...overrides,
  };
}

async function create(request: ProductSaveRequest): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', request);
  if (response.statusCode !== 201) throw new Error(`create answered ${response.body}`);
  return adminProductSchema.parse(response.json());
}

async function save(product: AdminProduct, changes: Partial<ProductSaveRequest> = {}) {
  const response = await call(
    'PUT',
    `/api/admin/products/${product.id}`,
    productSaveRequestOf(product, changes),
  );
  if (response.statusCode !== 200) throw new Error(`save answered ${response.body}`);
  return adminProductSchema.parse(response.json());
}

const itemOf = (product: AdminProduct, size: string, colour: string) => {
  const item = product.items.find(
    (candidate) => candidate.variants.Size === size && candidate.variants.Colour === colour,
  );
  if (!item) throw new Error(`no ${size} ${colour} item`);
  return item;
};

describe('back-office products', () => {
  it('refuses customers and guests', async () => {
    const asCustomer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: bearer(customer),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: adminMessages.staffOnly });
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(customer),
      payload: teeRequest('Refused'),
    });
    expect(create.statusCode).toBe(403);
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(guest.statusCode).toBe(401);
  });

  it('creates a product with its option matrix, on the storefront only once published', async () => {
    const product = await create(teeRequest('Matrix'));
    expect(product.slug).toBe('matrix-tee');
    expect(product.status).toBe('draft');
    expect(product.version).toBe(1);
    expect(product.items).toHaveLength(4);
    expect(product.items.filter((item) => item.isDefault)).toHaveLength(1);
    expect(itemOf(product, 'S', 'Red').isDefault).toBe(true);
    expect(product.categoryPath.map((level) => level.name)).toEqual(['Garments', 'T-Shirts']);
    expect(product.information.map((row) => row.informationKey)).toEqual(['Material', 'Care']);
    expect(itemOf(product, 'M', 'Blue')).toMatchObject({ sku: 'MATRIX-BLUE-M', stock: 8 });
    expect(itemOf(product, 'M', 'Blue').weightGrams).toBe(250);
    // The opening stock is the item's first ledger row, with who set it.
    const opening = await ctx.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.itemId, itemOf(product, 'M', 'Blue').id));
    expect(opening).toEqual([
      expect.objectContaining({ reason: 'received', change: 8, stockBefore: 0, stockAfter: 8 }),
    ]);

    expect((await storefront('/api/products/matrix-tee/slug')).statusCode).toBe(404);
    const draftPage = await storefront('/api/products/matrix-tee/slug');
    expect(draftPage.json()).toEqual({ message: 'Product not found' });
    const search = await storefront('/api/products/website?keyword=matrix');
    expect(search.json().products).toEqual([]);

    const published = await save(product, { status: 'published' });
    expect(published.version).toBe(2);
    const page = await storefront('/api/products/matrix-tee/slug?Size=M&Colour=Blue');
    expect(page.statusCode).toBe(200);
    const detail = productDetailSchema.parse(page.json());
    expect(detail.variants).toEqual({ Size: 'M', Colour: 'Blue' });
    expect(detail.stock).toBe(8);
    expect(detail.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    // Search's in-process index hears of the change a moment after the commit (on PostgreSQL).
    const found = async () =>
      (await storefront('/api/products/website?keyword=matrix'))
        .json<{ products: { slug: string }[] }>()
        .products.map((card) => card.slug);
    await expect.poll(found, patiently).toEqual(['matrix-tee']);

    const archived = await save(published, { status: 'archived' });
    expect((await storefront('/api/products/matrix-tee/slug')).statusCode).toBe(404);
    expect(archived.status).toBe('archived');
  });

  it('refuses items that are not exactly the matrix of the options', async () => {
    const request = teeRequest('Short');
    const missing = await call('POST', '/api/admin/products', {
      ...request,
      items: request.items.slice(0, 3),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'No item for Size M, Colour Blue: every combination of the options needs one item',
    );
    expect(missing.json().fieldErrors).toHaveProperty('items');

    const twice = await call('POST', '/api/admin/products', {
      ...request,
      items: [...request.items.slice(0, 3), { ...request.items[0], sku: 'SHORT-AGAIN' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/^Two items are Size S, Colour Red/);

    const unknownValue = await call('POST', '/api/admin/products', {
      ...request,
      items: request.items.map((item, index) =>
        index === 2 ? { ...item, variants: { Size: 'XL', Colour: 'Red' } } : item,
      ),
    });
    expect(unknownValue.statusCode).toBe(400);
    expect(unknownValue.json().fieldErrors).toHaveProperty(['items.2.variants']);
    const list = await call('GET', '/api/admin/products?q=short');
    expect(list.json().total).toBe(0);
  });

  it('refuses a save from an old version with 409 and changes nothing', async () => {
    const product = await create(teeRequest('Race'));
    const first = await save(product, { name: 'Race Tee by Anna' });
    const second = await call(
      'PUT',
      `/api/admin/products/${product.id}`,
      productSaveRequestOf(product, { name: 'Race Tee by Bob', description: '<p>Bob</p>' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This product was changed by someone else while you were editing. Reload it to see their changes.',
    );
    const now = adminProductSchema.parse(
      (await call('GET', `/api/admin/products/${product.id}`)).json(),
    );
    expect(now.name).toBe('Race Tee by Anna');
    expect(now.description).toBe('<p>Soft.</p>');
    expect(now.version).toBe(first.version);

    const withoutVersion = await call('PUT', `/api/admin/products/${product.id}`, {
      ...productSaveRequestOf(now),
      version: undefined,
    });
    expect(withoutVersion.statusCode).toBe(400);
  });

  it('archives a removed item that was ordered, deletes an unsold one, and keeps stock', async () => {
    const product = await save(await create(teeRequest('Sold')), { status: 'published' });
    const soldItem = itemOf(product, 'S', 'Red');
    const unsoldItem = itemOf(product, 'S', 'Blue');
    const lines = [line(soldItem.id)];
    const payment = await paidPayment(ctx.app, customer, lines);
    const placed = await placeOrder(ctx.app, customer, payment.paymentId, lines);
    expect(placed.statusCode).toBe(201);

    const loaded = adminProductSchema.parse(
      (await call('GET', `/api/admin/products/${product.id}`)).json(),
    );
    const withoutS = productSaveRequestOf(loaded, {
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: colours },
      ],
    });
    withoutS.items = [
      ...withoutS.items.filter((item) => item.variants?.Size === 'M'),
      ...colours.map((colour) => ({
        variants: { Size: 'L', Colour: colour },
        priceOre: 31_900,
        stock: 3,
      })),
    ];
    const response = await call('PUT', `/api/admin/products/${product.id}`, withoutS);
    expect(response.statusCode).toBe(200);
    const edited = adminProductSchema.parse(response.json());

    const archived = edited.items.find((item) => item.id === soldItem.id);
    expect(archived?.archivedAt).not.toBeNull();
    expect(archived?.disabled).toBe(true);
    expect(archived?.isDefault).toBe(false);
    expect(edited.items.find((item) => item.id === unsoldItem.id)).toBeUndefined();
    expect(edited.items.at(-1)?.id).toBe(soldItem.id);
    expect(edited.items.filter((item) => item.archivedAt === null)).toHaveLength(4);
    // The M items kept their ids and stock; the default moved to a live item.
    expect(itemOf(edited, 'M', 'Red')).toMatchObject({
      id: itemOf(product, 'M', 'Red').id,
      stock: 7,
    });
    expect(itemOf(edited, 'M', 'Blue').stock).toBe(8);
    expect(itemOf(edited, 'L', 'Blue').stock).toBe(3);
    expect(edited.items.filter((item) => item.isDefault).map((item) => item.id)).toEqual([
      itemOf(edited, 'M', 'Red').id,
    ]);

    expect((await storefront('/api/products/sold-tee/slug?Size=S&Colour=Red')).statusCode).toBe(
      404,
    );
    const page = productDetailSchema.parse(
      (await storefront('/api/products/sold-tee/slug')).json(),
    );
    expect(page._id).toBe(itemOf(edited, 'M', 'Red').id);
    const stock = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/check-stock',
      payload: { orderItems: [line(soldItem.id)] },
    });
    expect(stock.json().responseArray).toEqual([
      { product_id: soldItem.id, message: 'This product is no longer sold' },
    ]);

    // A product that has been ordered is archived, not deleted.
    const remove = await call('DELETE', `/api/admin/products/${product.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toMatch(/archive it instead/);
  });

  it('refuses a stock change of an existing item, pointing to stock adjustments', async () => {
    const product = await create(teeRequest('Stocked'));
    const request = productSaveRequestOf(product);
    request.items = request.items.map((item, index) =>
      index === 1 ? { ...item, stock: 99 } : item,
    );
    const response = await call('PUT', `/api/admin/products/${product.id}`, request);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      adminProductMessages.stockOfExistingItem(product.items[1]?.sku ?? ''),
    );
    expect(response.json().fieldErrors).toHaveProperty(['items.1.stock']);
  });

  it('names the SKU that another item uses', async () => {
    await create(teeRequest('Hemp-TS'));
    const clash = teeRequest('Other');
    clash.items = clash.items.map((item, index) =>
      index === 3 ? { ...item, sku: 'HEMP-TS-RED-M' } : item,
    );
    const response = await call('POST', '/api/admin/products', clash);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'SKU HEMP-TS-RED-M is used by another item',
      fieldErrors: { 'items.3.sku': 'SKU HEMP-TS-RED-M is used by another item' },
    });
  });

  it('answers bad fields with their messages: VAT 12, a negative price', async () => {
    const vat = await call('POST', '/api/admin/products', { ...teeRequest('Vat'), vatPercent: 12 });
    expect(vat.statusCode).toBe(400);
    expect(vat.json().fieldErrors).toEqual({ vatPercent: adminProductMessages.vat });
    const request = teeRequest('Price');
    request.items = request.items.map((item, index) =>
      index === 0 ? { ...item, priceOre: -1 } : item,
    );
    const price = await call('POST', '/api/admin/products', request);
    expect(price.statusCode).toBe(400);
    expect(price.json().fieldErrors).toEqual({ 'items.0.priceOre': 'Price must be 0 or more' });
  });

  it('saves a product without a picture as the editor sends it (heroImage ""), and refuses a path that is no upload (issue 34.3)', async () => {
    const product = await create({ ...teeRequest('Bare'), heroImage: '', gallery: [] });
    expect(product.heroImage).toBe('');
    const saved = await save(product, { heroImage: '', name: 'Bare Tee, renamed' });
    expect(saved).toMatchObject({ heroImage: '', name: 'Bare Tee, renamed' });
    const bad = await call('PUT', `/api/admin/products/${product.id}`, {
      ...productSaveRequestOf(saved),
      heroImage: 'tee.webp',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      heroImage: 'An image path starts with / (an uploaded image)',
    });
  });

  it('sanitises the description', async () => {
    const product = await create(
      teeRequest('Script', {
        description: '<p onclick="steal()">Nice <b>tee</b></p><script>alert(1)</script>',
      }),
    );
    expect(product.description).toBe('<p>Nice <b>tee</b></p>');
  });

  it('moves the slug with the name and keeps the old one as a redirect', async () => {
    const product = await create(teeRequest('Rename'));
    expect(product.slug).toBe('rename-tee');
    const renamed = await save(product, { name: 'Renamed Tee' });
    expect(renamed.slug).toBe('renamed-tee');
    const redirects = await ctx.db
      .select()
      .from(productSlugRedirects)
      .where(eq(productSlugRedirects.productId, product.id));
    expect(redirects.map((row) => row.slug)).toEqual(['rename-tee']);

    const byHand = await save(renamed, { slug: 'the-rename-tee' });
    expect(byHand.slug).toBe('the-rename-tee');
    // A hand-set slug stays when the name changes.
    const kept = await save(byHand, { name: 'Renamed Tee Again' });
    expect(kept.slug).toBe('the-rename-tee');
    // Taking an old slug again removes its redirect.
    const back = await save(kept, { slug: 'rename-tee' });
    expect(back.slug).toBe('rename-tee');
    const after = await ctx.db
      .select({ slug: productSlugRedirects.slug })
      .from(productSlugRedirects)
      .where(eq(productSlugRedirects.productId, product.id));
    expect(after.map((row) => row.slug).sort()).toEqual(['renamed-tee', 'the-rename-tee']);

    const taken = await call(
      'PUT',
      `/api/admin/products/${product.id}`,
      productSaveRequestOf(back, { slug: 'green-tea' }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({
      slug: adminProductMessages.slugTaken('green-tea'),
    });
    // A second product of the same name gets a slug of its own.
    const twin = await create(teeRequest('Rename', { items: teeRequest('Twin').items }));
    expect(twin.slug).toBe('rename-tee-2');
  });

  it('lists with search, status, category and stock filters, and looks up by name', async () => {
    const empty = teeRequest('Empty');
    empty.items = empty.items.map((item) => ({ ...item, stock: 0 }));
    const emptyProduct = await create(empty);

    const drafts = adminProductListSchema.parse(
      (await call('GET', '/api/admin/products?status=draft&pageSize=100')).json(),
    );
    expect(drafts.products.every((row) => row.status === 'draft')).toBe(true);
    expect(drafts.products.map((row) => row.slug)).toContain('empty-tee');
    expect(drafts.products.map((row) => row.slug)).not.toContain('green-tea');

    const out = adminProductListSchema.parse(
      (await call('GET', '/api/admin/products?stock=out&pageSize=100')).json(),
    );
    expect(out.products.map((row) => row.slug).sort()).toEqual(
      ['creamed-clover-honey', 'empty-tee'].sort(),
    );

    const searched = adminProductListSchema.parse(
      (await call('GET', '/api/admin/products?q=empty')).json(),
    );
    expect(searched.total).toBe(1);
    expect(searched.products[0]).toMatchObject({
      id: emptyProduct.id,
      categoryPath: ['Garments', 'T-Shirts'],
      priceOre: 29_900,
      totalStock: 0,
      itemCount: 4,
    });
    const bySku = adminProductListSchema.parse(
      (await call('GET', '/api/admin/products?q=EMPTY-RED-S')).json(),
    );
    expect(bySku.products.map((row) => row.id)).toEqual([emptyProduct.id]);

    const honey = adminProductListSchema.parse(
      (
        await call(
          'GET',
          `/api/admin/products?categoryId=${catalog.categories.honey}&sort=price&order=asc`,
        )
      ).json(),
    );
    expect(honey.products.map((row) => row.slug)).toEqual([
      'creamed-clover-honey',
      'acacia-honey',
      'raw-forest-honey',
    ]);

    const paged = adminProductListSchema.parse(
      (await call('GET', '/api/admin/products?sort=name&pageSize=2&page=2')).json(),
    );
    expect(paged.products).toHaveLength(2);
    expect(paged.page).toBe(2);
    expect(paged.total).toBeGreaterThan(4);
    expect((await call('GET', '/api/admin/products?pageSize=101')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/products?stock=some')).statusCode).toBe(400);

    const lookup = await call('GET', '/api/admin/products/lookup?q=hon');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual([
      expect.objectContaining({ slug: 'acacia-honey', name: 'Acacia Honey' }),
      expect.objectContaining({ slug: 'creamed-clover-honey' }),
      expect.objectContaining({ slug: 'raw-forest-honey' }),
    ]);
  });

  it('stores related products in order and refuses unknown ones', async () => {
    const coffee = catalog.products['ethiopian-coffee-beans']?.id ?? '';
    const tea = catalog.products['green-tea']?.id ?? '';
    const product = await create(teeRequest('Related', { relatedIds: [tea, coffee] }));
    expect(product.related.map((related) => related.slug)).toEqual([
      'green-tea',
      'ethiopian-coffee-beans',
    ]);
    const unknown = await call('PUT', `/api/admin/products/${product.id}`, {
      ...productSaveRequestOf(product),
      relatedIds: [product.id],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('hides a product of a hidden category and a disabled item from the storefront', async () => {
    const product = await save(await create(teeRequest('Hidden')), { status: 'published' });
    const disabled = productSaveRequestOf(product);
    disabled.items = disabled.items.map((item) =>
      item.variants?.Size === 'M' && item.variants.Colour === 'Red'
        ? { ...item, disabled: true }
        : item,
    );
    const saved = adminProductSchema.parse(
      (await call('PUT', `/api/admin/products/${product.id}`, disabled)).json(),
    );
    const redM = itemOf(saved, 'M', 'Red');
    expect(redM.disabled).toBe(true);
    expect((await storefront('/api/products/hidden-tee/slug?Size=M&Colour=Red')).statusCode).toBe(
      404,
    );
    const stock = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/check-stock',
      payload: { orderItems: [line(redM.id)] },
    });
    expect(stock.json().responseArray).toHaveLength(1);

    const tShirts = catalog.categories['t-shirts'] ?? '';
    await ctx.db.update(categories).set({ hidden: true }).where(eq(categories.id, tShirts));
    try {
      expect((await storefront('/api/products/hidden-tee/slug')).statusCode).toBe(404);
      const listing = await ctx.app.inject({
        method: 'POST',
        url: `/api/products/category/${catalog.categories.garments}`,
        payload: {},
      });
      const slugs = listing.json().products.map((card: { slug: string }) => card.slug);
      expect(slugs).toEqual(['wool-socks']);
    } finally {
      await ctx.db.update(categories).set({ hidden: false }).where(eq(categories.id, tShirts));
    }
    expect((await storefront('/api/products/hidden-tee/slug')).statusCode).toBe(200);
  });

  it('deletes an unsold product and writes an audit row for every change', async () => {
    const product = await create(teeRequest('Audit'));
    const saved = await save(product, { name: 'Audit Tee 2', vatPercent: 15 });
    const removed = await call('DELETE', `/api/admin/products/${product.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/products/${product.id}`)).statusCode).toBe(404);

    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, product.id)))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((row) => row.actorId === owner.id && row.actorEmail === owner.email)).toBe(
      true,
    );
    expect(rows[1]?.changes).toMatchObject({
      name: { from: 'Audit Tee', to: 'Audit Tee 2' },
      vatPercent: { from: 25, to: 15 },
      slug: { from: 'audit-tee', to: saved.slug },
    });
    expect(Object.keys(rows[1]?.changes ?? {})).not.toContain('description');
  });
});

describe('alt texts of product pictures (issue 12)', () => {
  /** The save of the product as loaded, with its pictures and its items' pictures. */
  const withImages = (product: AdminProduct): Partial<ProductSaveRequest> => ({
    heroImage: product.heroImage,
    gallery: product.gallery,
    items: productSaveRequestOf(product).items.map((item) => {
      const loaded = product.items.find((one) => one.id === item.id);
      return { ...item, heroImage: loaded?.heroImage ?? null, gallery: loaded?.gallery ?? [] };
    }),
  });

  it("stores the alt texts of the family's and the items' pictures, answers the shown ones on the storefront and audits a change", async () => {
    const request = teeRequest('Alt');
    const product = await create({
      ...request,
      status: 'published',
      heroImage: '/products/alt-1.webp',
      gallery: ['/products/alt-1.webp', '/products/alt-2.webp'],
      items: request.items.map((item) =>
        item.variants?.Colour === 'Red'
          ? { ...item, heroImage: '/products/alt-red.webp', gallery: ['/products/alt-red.webp'] }
          : item,
      ),
      imageAlts: {
        '/products/alt-1.webp': '  A hemp tee, folded  ',
        '/products/alt-2.webp': '',
        '/products/alt-red.webp': 'The tee in red',
        '/products/not-this-product.webp': 'Some other picture',
      },
    });
    expect(product.imageAlts).toEqual({
      '/products/alt-1.webp': 'A hemp tee, folded',
      '/products/alt-red.webp': 'The tee in red',
    });

    const red = productDetailSchema.parse(
      (await storefront('/api/products/alt-tee/slug?Size=S&Colour=Red')).json(),
    );
    expect(red.gallery).toEqual(['/products/alt-red.webp']);
    expect(red.imageAlts).toEqual({ '/products/alt-red.webp': 'The tee in red' });
    const blue = productDetailSchema.parse(
      (await storefront('/api/products/alt-tee/slug?Size=S&Colour=Blue')).json(),
    );
    expect(blue.imageAlts).toEqual({ '/products/alt-1.webp': 'A hemp tee, folded' });

    // A save without alt texts (a CSV import) keeps them.
    const kept = await save(product, withImages(product));
    expect(kept.imageAlts).toEqual(product.imageAlts);

    // The red items lose their own picture: its alt text goes with it.
    const changed = await save(kept, {
      ...withImages(kept),
      items: withImages(kept).items?.map((item) => ({ ...item, heroImage: null, gallery: [] })),
      imageAlts: { ...kept.imageAlts, '/products/alt-1.webp': 'A hemp tee, laid flat' },
    });
    expect(changed.imageAlts).toEqual({ '/products/alt-1.webp': 'A hemp tee, laid flat' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, product.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.changes).toMatchObject({
      imageAlts: { from: product.imageAlts, to: changed.imageAlts },
    });

    const plain = productDetailSchema.parse(
      (await storefront('/api/products/alt-tee/slug?Size=S&Colour=Red')).json(),
    );
    expect(plain.imageAlts).toEqual({ '/products/alt-1.webp': 'A hemp tee, laid flat' });
  });

  it('answers no imageAlts on the storefront for a product without any', async () => {
    await create({ ...teeRequest('Unaltered'), status: 'published' });
    const page = await storefront('/api/products/unaltered-tee/slug');
    expect(page.json()).not.toHaveProperty('imageAlts');
  });

  it('refuses an alt text over 200 characters and a key that is not an image path', async () => {
    const tooLong = await call('POST', '/api/admin/products', {
      ...teeRequest('LongAlt'),
      gallery: ['/products/long.webp'],
      imageAlts: { '/products/long.webp': 'x'.repeat(201) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'An alt text is at most 200 characters' });
    const notAPath = await call('POST', '/api/admin/products', {
      ...teeRequest('PathlessAlt'),
      imageAlts: { 'long.webp': 'A picture' },
    });
    expect(notAPath.statusCode).toBe(400);
    expect(notAPath.json<{ message: string }>().message).toContain(
      'Alt texts are given by image path',
    );
  });
});
