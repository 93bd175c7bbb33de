import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  priceSaleAdminMessages as messages,
  type AdminPriceSale,
  type AdminPriceSaleDetail,
  type AdminPriceSaleList,
  type CreatePriceSaleRequest,
  type ProductDetail,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { auditLog } from '../audit/audit.tables.js';
import { categories, productItems, products } from './catalog.tables.js';
import { priceSaleItems } from './price-sales.tables.js';
import { runDueSales } from './price-sales.service.js';

// The shop's clock, moved by the tests: a Wednesday before a weekend sale.
const WEDNESDAY = new Date('2030-06-05T10:00:00Z');
let now = WEDNESDAY;
const FRIDAY = '2030-06-07T00:00:00+02:00';
const SATURDAY = new Date('2030-06-08T12:00:00+02:00');
const TUESDAY = '2030-06-11T00:00:00+02:00';
const WEDNESDAY_AFTER = new Date('2030-06-12T09:00:00+02:00');
const HOUR_MS = 60 * 60 * 1000;
const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS).toISOString();

let app: BackOfficeTestApp;
beforeAll(async () => {
  app = await createBackOfficeTestApp({}, { clock: () => now });
});
afterAll(() => app.ctx.close());

type Who = 'owner' | 'staff' | 'nobody';

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Who = 'owner',
) {
  return app.ctx.app.inject({
    method,
    url,
    headers: who === 'nobody' ? {} : bearer(app[who].session),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const product = (slug: string) => required(app.catalog.products[slug], slug);
const category = (slug: string) => required(app.catalog.categories[slug], slug);

async function create(body: CreatePriceSaleRequest) {
  const response = await call('POST', '/api/admin/price-sales', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminPriceSale>();
}

async function refused(body: CreatePriceSaleRequest, status: number) {
  const response = await call('POST', '/api/admin/price-sales', body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ message: string; fieldErrors?: Record<string, string> }>();
}

async function detail(id: string) {
  const response = await call('GET', `/api/admin/price-sales/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminPriceSaleDetail>();
}

async function endSale(id: string) {
  const response = await call('POST', `/api/admin/price-sales/${id}/end`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminPriceSale>();
}

async function discountOf(itemId: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ discount: productItems.discountPercent })
    .from(productItems)
    .where(eq(productItems.id, itemId));
  return required(row, itemId).discount;
}

/** What a shopper's product page shows. */
async function storefront(slug: string) {
  const response = await app.ctx.app.inject({ method: 'GET', url: `/api/products/${slug}/slug` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductDetail>();
}

const auditOf = (id: string) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'price-sale'), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.id));

/** A product of the test's own in a category, with one item at `priceOre`. */
async function addProduct(
  slug: string,
  where: { categoryId: string; subCategoryId?: string; subCategory2Id?: string },
  options: { discountPercent?: number; status?: 'published' | 'archived' } = {},
) {
  const [row] = await app.ctx.db
    .insert(products)
    .values({ slug, name: slug, status: options.status ?? 'published', ...where })
    .returning({ id: products.id });
  const productId = required(row, slug).id;
  const [item] = await app.ctx.db
    .insert(productItems)
    .values({
      productId,
      isDefault: true,
      priceOre: 10_000,
      discountPercent: options.discountPercent ?? 0,
    })
    .returning({ id: productItems.id });
  return { productId, itemId: required(item, slug).id };
}

async function clear() {
  // Each test starts from no live sale: end or cancel what an earlier one left.
  const list = (
    await call('GET', '/api/admin/price-sales?pageSize=100')
  ).json<AdminPriceSaleList>();
  for (const sale of list.sales)
    if (sale.status === 'active' || sale.status === 'scheduled') await endSale(sale.id);
  now = WEDNESDAY;
}

describe('who may manage sales (issue 14)', () => {
  it.each([
    ['GET', '/api/admin/price-sales'],
    ['POST', '/api/admin/price-sales'],
    ['GET', '/api/admin/price-sales/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/price-sales/00000000-0000-4000-8000-000000000000/end'],
  ] as const)('%s %s: 401 without a session, 403 for staff and customers', async (method, url) => {
    const body =
      url === '/api/admin/price-sales' && method === 'POST'
        ? { name: 'Nope', discountPercent: 10, productIds: [product('green-tea').id] }
        : undefined;
    expect((await call(method, url, body, 'nobody')).statusCode).toBe(401);
    expect((await call(method, url, body, 'staff')).statusCode).toBe(403);
    const customer = await createVerifiedUser(app.ctx.app, app.ctx.db);
    const asCustomer = await app.ctx.app.inject({
      method,
      url,
      headers: bearer(customer),
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(await discountOf(product('green-tea').defaultItemId)).toBe(0);
  });
});

describe('creating a sale (issue 14)', () => {
  it('refuses bad input with a message beside the field', async () => {
    const tea = product('green-tea').id;
    const cases: [CreatePriceSaleRequest, string, string][] = [
      [{ name: ' ', discountPercent: 10, productIds: [tea] }, 'name', messages.nameRequired],
      [
        { name: 'x'.repeat(121), discountPercent: 10, productIds: [tea] },
        'name',
        messages.nameTooLong,
      ],
      [
        { name: 'Sale', discountPercent: 101, productIds: [tea] },
        'discountPercent',
        messages.percent,
      ],
      [
        { name: 'Sale', discountPercent: 12.5, productIds: [tea] },
        'discountPercent',
        messages.percent,
      ],
      [
        { name: 'Sale', discountPercent: -1, productIds: [tea] },
        'discountPercent',
        messages.percent,
      ],
      [{ name: 'Sale', discountPercent: 10 }, 'productIds', messages.targetRequired],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea], categoryId: category('food') },
        'productIds',
        messages.targetBoth,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea, tea] },
        'productIds',
        messages.duplicateProducts,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: Array.from({ length: 501 }, () => tea) },
        'productIds',
        messages.tooManyProducts,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea], startsAt: '2030-06-07' },
        'startsAt',
        messages.dateFormat,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea], startsAt: at(5), endsAt: at(4) },
        'endsAt',
        messages.scheduleOrder,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea], startsAt: at(-0.1) },
        'startsAt',
        messages.startInPast,
      ],
      [
        { name: 'Sale', discountPercent: 10, productIds: [tea], endsAt: at(-1) },
        'endsAt',
        messages.endInPast,
      ],
      [
        { name: 'Sale', discountPercent: 10, categoryId: '00000000-0000-4000-8000-000000000000' },
        'categoryId',
        messages.categoryNotFound,
      ],
      [
        {
          name: 'Sale',
          discountPercent: 10,
          productIds: [tea, '00000000-0000-4000-8000-000000000000'],
        },
        'productIds',
        messages.productsNotFound(1),
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await refused(body, 400);
      expect(answer.fieldErrors?.[field] ?? answer.message, JSON.stringify(body)).toBe(message);
    }
    expect(await discountOf(product('green-tea').defaultItemId)).toBe(0);
    const list = (await call('GET', '/api/admin/price-sales')).json<AdminPriceSaleList>();
    expect(list.total).toBe(0);
  });

  it('without a start, applies at once; the storefront shows it (PDP-06), the end now puts it back (PDP-07), all audited', async () => {
    await clear();
    const tea = product('green-tea');
    const sale = await create({ name: 'Tea days', discountPercent: 25, productIds: [tea.id] });
    expect(sale).toMatchObject({
      status: 'active',
      discountPercent: 25,
      startsAt: now.toISOString(),
      endsAt: null,
      appliedAt: now.toISOString(),
      productCount: 1,
      itemCount: 1,
      createdByEmail: app.owner.email,
    });
    expect(await discountOf(tea.defaultItemId)).toBe(25);
    const during = await storefront('green-tea');
    expect(during.discount).toBe(25);
    expect(during.sellingPrice).toBe(59.25);

    const [created] = await auditOf(sale.id);
    expect(created).toMatchObject({ action: 'create', actorEmail: app.owner.email });
    expect(created?.changes).toMatchObject({
      discountPercent: { to: 25 },
      productIds: { to: [tea.id] },
      status: { to: 'active' },
    });

    now = new Date(now.getTime() + HOUR_MS);
    const ended = await endSale(sale.id);
    expect(ended).toMatchObject({ status: 'ended', endedAt: now.toISOString() });
    expect(await discountOf(tea.defaultItemId)).toBe(0);
    expect((await storefront('green-tea')).discount).toBe(0);
    const [endRow] = await auditOf(sale.id);
    expect(endRow).toMatchObject({ action: 'end', actorEmail: app.owner.email });
    expect(endRow?.changes).toMatchObject({
      status: { from: 'active', to: 'ended' },
      itemsPutBack: { to: 1 },
    });
    const again = await call('POST', `/api/admin/price-sales/${sale.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.alreadyEnded });
  });

  it('a start less than a minute ago counts as now', async () => {
    await clear();
    const sale = await create({
      name: 'Just now',
      discountPercent: 5,
      productIds: [product('wool-socks').id],
      startsAt: new Date(now.getTime() - 30_000).toISOString(),
    });
    expect(sale.status).toBe('active');
    expect(await discountOf(product('wool-socks').defaultItemId)).toBe(5);
    await endSale(sale.id);
    expect(await discountOf(product('wool-socks').defaultItemId)).toBe(0);
  });
});

describe('a scheduled weekend sale on a category (issue 14)', () => {
  it('starts at its start with the products the category has then, and ends by itself, keeping a discount changed by hand', async () => {
    await clear();
    const food = category('food');
    const creamed = product('creamed-clover-honey');
    const acacia = product('acacia-honey');
    const coffee = product('ethiopian-coffee-beans');
    const socks = product('wool-socks');
    const sale = await create({
      name: 'Weekend food',
      discountPercent: 20,
      categoryId: food,
      startsAt: FRIDAY,
      endsAt: TUESDAY,
    });
    expect(sale).toMatchObject({ status: 'scheduled', appliedAt: null, categoryName: 'Food' });
    expect(sale.productCount).toBe(5);
    expect(await discountOf(acacia.defaultItemId)).toBe(0);

    // Added after the sale was made but before it starts: it is in the sale. Archived: never.
    const late = await addProduct('late-honey', {
      categoryId: food,
      subCategoryId: category('honey'),
      subCategory2Id: category('raw-honey'),
    });
    const archived = await addProduct(
      'archived-tea',
      { categoryId: food, subCategoryId: category('coffee-and-tea') },
      { discountPercent: 5, status: 'archived' },
    );
    const preview = await detail(sale.id);
    expect(preview.items.map((item) => item.productSlug)).toContain('late-honey');
    expect(preview.items.find((item) => item.productSlug === 'creamed-clover-honey')).toMatchObject(
      {
        discountBefore: 10,
        discountDuring: 20,
        sellingBeforeOre: 11_610,
        sellingDuringOre: 10_320,
      },
    );

    expect(await runDueSales(app.ctx.db, WEDNESDAY)).toEqual({ started: 0, ended: 0 });
    const [versionBefore] = await app.ctx.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, acacia.id));

    now = SATURDAY;
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 1, ended: 0 });
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 0 });
    for (const itemId of [
      acacia.defaultItemId,
      creamed.defaultItemId,
      coffee.defaultItemId,
      late.itemId,
    ])
      expect(await discountOf(itemId)).toBe(20);
    expect(await discountOf(archived.itemId)).toBe(5);
    expect(await discountOf(socks.defaultItemId)).toBe(0);
    expect((await storefront('acacia-honey')).discount).toBe(20);
    expect((await storefront('acacia-honey')).sellingPrice).toBe(119.2);
    // A product form opened before the start cannot save the old discount over the sale's.
    const [versionAfter] = await app.ctx.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, acacia.id));
    expect(versionAfter?.version).toBe((versionBefore?.version ?? 0) + 1);

    const started = await detail(sale.id);
    expect(started).toMatchObject({ status: 'active', productCount: 6, itemCount: 6 });
    expect(started.items.find((item) => item.itemId === creamed.defaultItemId)).toMatchObject({
      discountBefore: 10,
      discountDuring: 20,
      currentDiscount: 20,
    });

    // The owner sets the coffee's discount by hand during the sale: it stays after the end.
    await app.ctx.db
      .update(productItems)
      .set({ discountPercent: 35 })
      .where(eq(productItems.id, coffee.defaultItemId));

    now = new Date(Date.parse(TUESDAY) - 1000);
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 0 });
    now = WEDNESDAY_AFTER;
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 1 });
    expect(await discountOf(acacia.defaultItemId)).toBe(0);
    expect(await discountOf(late.itemId)).toBe(0);
    expect(await discountOf(creamed.defaultItemId)).toBe(10);
    expect(await discountOf(coffee.defaultItemId)).toBe(35);
    expect((await storefront('acacia-honey')).discount).toBe(0);
    expect((await storefront('creamed-clover-honey')).discount).toBe(10);
    const over = await detail(sale.id);
    expect(over).toMatchObject({ status: 'ended', endedAt: now.toISOString() });

    // Put the fixture back for the other tests.
    await app.ctx.db
      .update(productItems)
      .set({ discountPercent: 0 })
      .where(eq(productItems.id, coffee.defaultItemId));
    await app.ctx.db
      .delete(products)
      .where(inArray(products.id, [late.productId, archived.productId]));
  });

  it('a sale whose whole time passed while no sweep ran ends without changing a price', async () => {
    await clear();
    const tea = product('green-tea');
    const sale = await create({
      name: 'Missed',
      discountPercent: 30,
      productIds: [tea.id],
      startsAt: at(1),
      endsAt: at(2),
    });
    now = new Date(now.getTime() + 3 * HOUR_MS);
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 1 });
    expect(await discountOf(tea.defaultItemId)).toBe(0);
    expect(await detail(sale.id)).toMatchObject({ status: 'ended', appliedAt: null, itemCount: 0 });
  });

  it('a discount of 0 clears discounts for its time and puts them back at its end (CARD-08)', async () => {
    await clear();
    const shirt = product('hemp-t-shirt');
    const redM = required(shirt.itemIds['Color=Red,Size=M'], 'red M');
    const sale = await create({
      name: 'Full price week',
      discountPercent: 0,
      productIds: [shirt.id],
      endsAt: at(24),
    });
    expect(sale).toMatchObject({ status: 'active', productCount: 1, itemCount: 3 });
    expect(await discountOf(redM)).toBe(0);
    expect((await storefront('hemp-t-shirt')).discount).toBe(0);
    now = new Date(now.getTime() + 25 * HOUR_MS);
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 1 });
    expect(await discountOf(redM)).toBe(20);
    expect((await storefront('hemp-t-shirt')).discount).toBe(20);
  });
});

describe('overlapping sales (issue 14)', () => {
  it('are refused with 409 when they share a product at the same time; other times and products are fine', async () => {
    await clear();
    const honey = await create({
      name: 'Honey weekend',
      discountPercent: 15,
      categoryId: category('honey'),
      startsAt: FRIDAY,
      endsAt: TUESDAY,
    });
    const overlapping = await refused(
      {
        name: 'Acacia special',
        discountPercent: 10,
        productIds: [product('green-tea').id, product('acacia-honey').id],
        startsAt: SATURDAY.toISOString(),
      },
      409,
    );
    expect(overlapping.message).toBe(
      messages.overlap('Honey weekend', 'scheduled', 1, 'Acacia Honey'),
    );
    // The parent category holds the honey category: refused even for its other products.
    const parent = await refused(
      { name: 'Food week', discountPercent: 10, categoryId: category('food'), endsAt: TUESDAY },
      409,
    );
    expect(parent.message).toBe(messages.overlapCategory('Honey weekend', 'scheduled'));

    // Right after, on the same products, and at the same time on other products: accepted.
    const after = await create({
      name: 'Honey Tuesday',
      discountPercent: 5,
      productIds: [product('acacia-honey').id],
      startsAt: TUESDAY,
      endsAt: '2030-06-12T00:00:00+02:00',
    });
    const socks = await create({
      name: 'Socks weekend',
      discountPercent: 50,
      categoryId: category('socks'),
      startsAt: FRIDAY,
      endsAt: TUESDAY,
    });
    expect([after.status, socks.status]).toEqual(['scheduled', 'scheduled']);

    // The hand-over at the same moment: the first ends before the second starts.
    now = SATURDAY;
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 2, ended: 0 });
    now = new Date(Date.parse(TUESDAY) + HOUR_MS);
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 1, ended: 2 });
    expect(await discountOf(product('acacia-honey').defaultItemId)).toBe(5);
    expect(await discountOf(product('raw-forest-honey').defaultItemId)).toBe(0);
    expect(await discountOf(product('wool-socks').defaultItemId)).toBe(0);
    const [held] = await app.ctx.db
      .select({ previous: priceSaleItems.previousDiscountPercent })
      .from(priceSaleItems)
      .where(
        and(
          eq(priceSaleItems.saleId, after.id),
          eq(priceSaleItems.productItemId, product('acacia-honey').defaultItemId),
        ),
      );
    expect(held?.previous).toBe(0);
    expect((await detail(honey.id)).status).toBe('ended');
    await endSale(after.id);
    expect(await discountOf(product('acacia-honey').defaultItemId)).toBe(0);
  });
});

describe('cancelling and listing (issue 14)', () => {
  it('a scheduled sale is cancelled, never starts, and is listed with its status', async () => {
    await clear();
    const sale = await create({
      name: 'Called off',
      discountPercent: 40,
      productIds: [product('wool-socks').id],
      startsAt: FRIDAY,
    });
    const cancelled = await endSale(sale.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', endedAt: now.toISOString() });
    const [row] = await auditOf(sale.id);
    expect(row).toMatchObject({ action: 'cancel' });
    expect(row?.changes).toEqual({ status: { from: 'scheduled', to: 'cancelled' } });
    now = SATURDAY;
    expect(await runDueSales(app.ctx.db, now)).toEqual({ started: 0, ended: 0 });
    expect(await discountOf(product('wool-socks').defaultItemId)).toBe(0);
    const again = await call('POST', `/api/admin/price-sales/${sale.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.alreadyCancelled });

    const list = (
      await call('GET', '/api/admin/price-sales?status=cancelled')
    ).json<AdminPriceSaleList>();
    expect(list.sales.map((one) => one.name)).toContain('Called off');
    expect(list.sales.every((one) => one.status === 'cancelled')).toBe(true);
    const one = await detail(sale.id);
    expect(one).toMatchObject({ productIds: [product('wool-socks').id], items: [], itemCount: 0 });
    expect(
      (await call('GET', '/api/admin/price-sales/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/price-sales?status=over')).statusCode).toBe(400);
  });
});

describe('deleting a category a sale is on (issue 14)', () => {
  it('is refused while the sale is scheduled or active; after it, the sale keeps its record', async () => {
    await clear();
    const [row] = await app.ctx.db
      .insert(categories)
      .values({ name: 'Pop-up', slug: 'pop-up', parentId: category('garments') })
      .returning({ id: categories.id });
    const popUp = required(row, 'pop-up').id;
    const sale = await create({
      name: 'Pop-up sale',
      discountPercent: 10,
      categoryId: popUp,
      startsAt: FRIDAY,
    });
    const refusedDelete = await call('DELETE', `/api/admin/categories/${popUp}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json()).toMatchObject({ message: messages.categoryInSale('Pop-up sale') });

    await endSale(sale.id);
    expect((await call('DELETE', `/api/admin/categories/${popUp}`)).statusCode).toBe(204);
    expect(await detail(sale.id)).toMatchObject({
      status: 'cancelled',
      categoryId: null,
      categoryName: null,
    });
  });
});
