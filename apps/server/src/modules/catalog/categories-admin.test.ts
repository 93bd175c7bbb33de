import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCategories,
  type AdminCategory,
  categoryAdminMessages,
  type CategoriesResponse,
  type CategoryListingResponse,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createStaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import {
  categorySlugRedirects,
  productItems,
  products,
  productSlugRedirects,
} from './catalog.tables.js';

let ctx: TestContext;
let fixture: CatalogFixture;
let webDist: string;
let ownerToken: string;
let staffToken: string;

beforeAll(async () => {
  // The storefront's page, so /category/{slug} answers as in production.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-categories-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ WEB_DIST_DIR: webDist });
  fixture = await insertCatalogFixture(ctx.db);
  ownerToken = (await createStaffMember(ctx.app, ctx.db)).session.accessToken;
  staffToken = (await createStaffMember(ctx.app, ctx.db, { role: 'staff' })).session.accessToken;
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const fixtureCategory = (slug: string) => required(fixture.categories[slug], slug);

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string | undefined = ownerToken,
) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function tree(): Promise<AdminCategory[]> {
  const response = await call('GET', '/api/admin/categories');
  expect(response.statusCode).toBe(200);
  return response.json<AdminCategories>().categories;
}

async function create(body: { name: string; parentId?: string | null; slug?: string }) {
  const response = await call('POST', '/api/admin/categories', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminCategory>();
}

async function patch(id: string, body: Record<string, unknown>) {
  const response = await call('PATCH', `/api/admin/categories/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCategory>();
}

/** A published product with one item directly in the deepest of `path`. */
async function insertProduct(categoryPath: string[]) {
  const slug = `product-${randomUUID().slice(0, 8)}`;
  const [categoryId, subCategoryId = null, subCategory2Id = null] = categoryPath;
  const [row] = await ctx.db
    .insert(products)
    .values({
      slug,
      name: slug,
      categoryId: required(categoryId, 'category'),
      subCategoryId,
      subCategory2Id,
    })
    .returning();
  const product = required(row, 'product');
  await ctx.db
    .insert(productItems)
    .values({ productId: product.id, isDefault: true, priceOre: 10_000 });
  return product;
}

async function listing(id: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/products/category/${id}`,
    payload: {},
  });
  return { status: response.statusCode, body: response.json<CategoryListingResponse>() };
}

async function storefrontMenu() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/categories/web' });
  return response.json<CategoriesResponse>().categories;
}

const page = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Uploads a small PNG as a browser's form does and answers the stored image path. */
async function uploadImage(url: string, headers: Record<string, string>): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'tile.png');
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<string>();
}

const categoryImage = () =>
  uploadImage('/api/admin/images?folder=categories', { authorization: `Bearer ${ownerToken}` });

async function auditRows(entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

describe('access to /api/admin/categories', () => {
  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await call('GET', '/api/admin/categories', undefined, '')).statusCode).toBe(401);
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    const asCustomer = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: bearer(customer),
      payload: { name: 'Sneaky' },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('lets staff (not only the owner) manage categories', async () => {
    const response = await call(
      'POST',
      '/api/admin/categories',
      { name: 'Staff made' },
      staffToken,
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /api/admin/categories', () => {
  it('answers the whole tree depth first with levels and product counts', async () => {
    const categories = await tree();
    const slugs = categories.map((category) => category.slug);
    // Garments (position 0) before Food (1); each followed by its sub-categories in order.
    expect(slugs.slice(0, 9)).toEqual([
      'garments',
      't-shirts',
      'socks',
      'food',
      'honey',
      'raw-honey',
      'creamed-honey',
      'coffee-and-tea',
      'cleaning',
    ]);
    const bySlug = new Map(categories.map((category) => [category.slug, category]));
    expect(bySlug.get('honey')).toMatchObject({
      level: 2,
      parentId: fixtureCategory('food'),
      productCount: 0,
      totalProductCount: 3,
      hidden: false,
      slugLocked: false,
    });
    expect(bySlug.get('raw-honey')).toMatchObject({ level: 3, productCount: 2 });
    expect(bySlug.get('food')).toMatchObject({ level: 1, parentId: null, totalProductCount: 5 });
  });
});

describe('POST /api/admin/categories', () => {
  it('creates at the end of its parent with a slug from the name, unique with -2', async () => {
    const tea = await create({ name: 'Blåbær Te' });
    expect(tea).toMatchObject({ slug: 'blabaer-te', slugLocked: false, parentId: null, level: 1 });
    const top = (await tree()).filter((category) => category.parentId === null);
    expect(top.at(-1)?.id).toBe(tea.id);

    const again = await create({ name: 'Blåbær te', parentId: tea.id });
    expect(again).toMatchObject({ slug: 'blabaer-te-2', parentId: tea.id, level: 2, position: 0 });
    const third = await create({ name: 'Blåbær te', parentId: again.id });
    expect(third.slug).toBe('blabaer-te-3');

    const rows = await auditRows(tea.id);
    expect(rows[0]).toMatchObject({
      action: 'create',
      changes: { name: { from: null, to: 'Blåbær Te' }, slug: { from: null, to: 'blabaer-te' } },
    });
  });

  it('keeps a slug given by hand and locks it', async () => {
    const category = await create({ name: 'Incense', slug: 'smoke-and-scent' });
    expect(category).toMatchObject({ slug: 'smoke-and-scent', slugLocked: true });
  });

  it('refuses bad input with messages (400) and a taken slug (409)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, categoryAdminMessages.nameRequired],
      [{}, categoryAdminMessages.nameRequired],
      [{ name: 'x'.repeat(81) }, categoryAdminMessages.nameTooLong],
      [{ name: 'Fine', slug: 'Not A Slug' }, categoryAdminMessages.slugFormat],
      [{ name: 'Fine', slug: '-dash' }, categoryAdminMessages.slugFormat],
      [{ name: 'Fine', parentId: 'nope' }, 'Invalid id'],
      [{ name: 'Fine', parentId: randomUUID() }, categoryAdminMessages.parentNotFound],
      [{ name: 'Too deep', parentId: fixtureCategory('raw-honey') }, categoryAdminMessages.tooDeep],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/admin/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const taken = await call('POST', '/api/admin/categories', { name: 'Honey 2', slug: 'honey' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: categoryAdminMessages.slugTaken('honey') });
  });
});

describe('PATCH /api/admin/categories/{id}', () => {
  it('moves the slug with the name, and the old slug answers 301 on the storefront', async () => {
    const category = await create({ name: 'Herbal Goods' });
    expect(category.slug).toBe('herbal-goods');
    const renamed = await patch(category.id, { name: 'Herbs and Spices' });
    expect(renamed).toMatchObject({ name: 'Herbs and Spices', slug: 'herbs-and-spices' });

    const old = await page('/category/herbal-goods?sort=lowToHigh&page=2');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/category/herbs-and-spices?sort=lowToHigh&page=2');
    expect((await page('/category/herbs-and-spices')).statusCode).toBe(200);
    expect((await page('/category/never-was')).statusCode).toBe(404);

    const [audit] = await auditRows(category.id);
    expect(audit).toMatchObject({
      action: 'update',
      changes: {
        name: { from: 'Herbal Goods', to: 'Herbs and Spices' },
        slug: { from: 'herbal-goods', to: 'herbs-and-spices' },
      },
    });
    expect(audit?.actorEmail).toMatch(/@/);
  });

  it('gives the products of a renamed category its new name as search keywords, top level first (issue 12)', async () => {
    const top = await create({ name: 'Beeswax Goods' });
    const sub = await create({ name: 'Candles', parentId: top.id });
    const product = await insertProduct([top.id, sub.id]);
    await patch(top.id, { name: 'Apiary Crafts' });
    await patch(sub.id, { name: 'Tealights' });

    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.keywords).toBe('Apiary Crafts Tealights');
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/website?keyword=tealights',
    });
    expect(
      search.json<{ products: { slug: string }[] }>().products.map((card) => card.slug),
    ).toEqual([product.slug]);
  });

  it('keeps a hand-set slug on renames until slugLocked is false again', async () => {
    const category = await create({ name: 'Soap' });
    const locked = await patch(category.id, { slug: 'natural-soap' });
    expect(locked).toMatchObject({ slug: 'natural-soap', slugLocked: true });
    expect((await patch(category.id, { name: 'Hand Soap' })).slug).toBe('natural-soap');

    const unlocked = await patch(category.id, { slugLocked: false });
    expect(unlocked).toMatchObject({ slug: 'hand-soap', slugLocked: false });
    // Every slug it left behind leads to the current one.
    for (const old of ['soap', 'natural-soap']) {
      const response = await page(`/category/${old}`);
      expect(response.statusCode, old).toBe(301);
      expect(response.headers.location).toBe('/category/hand-soap');
    }
  });

  it('drops the redirect of a slug a category takes again', async () => {
    const category = await create({ name: 'Candles' });
    await patch(category.id, { name: 'Wax Candles' });
    expect((await page('/category/candles')).statusCode).toBe(301);
    await patch(category.id, { name: 'Candles' });
    expect((await page('/category/candles')).statusCode).toBe(200);
    const redirects = await ctx.db
      .select()
      .from(categorySlugRedirects)
      .where(eq(categorySlugRedirects.slug, 'candles'));
    expect(redirects).toEqual([]);
    expect((await page('/category/wax-candles')).headers.location).toBe('/category/candles');
  });

  it('refuses bad input (400), a taken slug (409) and an unknown id (404)', async () => {
    const id = fixtureCategory('cleaning');
    const bad: [Record<string, unknown>, string][] = [
      [{}, categoryAdminMessages.nothingToChange],
      [{ name: '' }, categoryAdminMessages.nameRequired],
      [{ slug: 'UPPER' }, categoryAdminMessages.slugFormat],
      [{ slug: 'a'.repeat(101) }, categoryAdminMessages.slugTooLong],
      [{ slug: 'fine', slugLocked: false }, categoryAdminMessages.slugAndUnlock],
      [{ hidden: 'yes' }, 'hidden must be true or false'],
    ];
    for (const [body, message] of bad) {
      const response = await call('PATCH', `/api/admin/categories/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const taken = await call('PATCH', `/api/admin/categories/${id}`, { slug: 'food' });
    expect(taken.statusCode).toBe(409);
    const unknown = await call('PATCH', `/api/admin/categories/${randomUUID()}`, { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: categoryAdminMessages.notFound });
  });

  it('hides a category and everything under it from the storefront', async () => {
    const top = await create({ name: 'Hemp Goods' });
    const sub = await create({ name: 'Hemp Oil', parentId: top.id });
    expect((await storefrontMenu()).some((category) => category.slug === 'hemp-goods')).toBe(true);
    expect((await listing(sub.id)).status).toBe(200);

    expect(await patch(top.id, { hidden: true })).toMatchObject({ hidden: true });
    expect((await storefrontMenu()).some((category) => category.slug === 'hemp-goods')).toBe(false);
    expect((await listing(top.id)).status).toBe(404);
    expect((await listing(sub.id)).status).toBe(404);
    expect((await page('/category/hemp-goods')).statusCode).toBe(404);
    expect((await page('/category/hemp-oil')).statusCode).toBe(404);
    // Still in the back office.
    expect((await tree()).find((category) => category.id === sub.id)).toBeDefined();

    await patch(top.id, { hidden: false });
    expect((await listing(sub.id)).status).toBe(200);
    expect((await page('/category/hemp-oil')).statusCode).toBe(200);
    expect((await auditRows(top.id))[0]?.changes).toEqual({ hidden: { from: true, to: false } });
  });

  it('sets, replaces and removes the image with one the back office uploaded, on the storefront and in the audit log (issue 12)', async () => {
    const top = await create({ name: 'Pictured Goods' });
    const first = await categoryImage();
    expect(first).toMatch(/^\/categories\/[0-9a-f-]{36}_\d+w\.webp$/);

    expect(await patch(top.id, { image: first })).toMatchObject({ image: first, name: top.name });
    expect((await storefrontMenu()).find((category) => category._id === top.id)?.image).toBe(first);
    expect((await auditRows(top.id))[0]?.changes).toEqual({ image: { from: '', to: first } });

    const second = await categoryImage();
    expect(await patch(top.id, { image: second })).toMatchObject({ image: second });
    expect((await auditRows(top.id))[0]?.changes).toEqual({ image: { from: first, to: second } });

    expect(await patch(top.id, { image: '' })).toMatchObject({ image: '' });
    expect((await storefrontMenu()).find((category) => category._id === top.id)?.image).toBe('');
    expect((await auditRows(top.id))[0]?.changes).toEqual({ image: { from: second, to: '' } });
  });

  it('refuses an image nobody uploaded, a review photo and a malformed path, changing nothing (issue 12)', async () => {
    const top = await create({ name: 'Unpictured Goods' });
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    const reviewPhoto = await uploadImage('/api/upload', bearer(customer));
    const refused: [string, string][] = [
      [
        '/categories/00000000-0000-4000-8000-000000000000.webp',
        categoryAdminMessages.imageNotUploaded,
      ],
      [reviewPhoto, categoryAdminMessages.imageNotUploaded],
      ['https://elsewhere.example/cat.png', categoryAdminMessages.imageFormat],
      ['/categories/a b.webp', categoryAdminMessages.imageFormat],
    ];
    for (const [image, message] of refused) {
      const response = await call('PATCH', `/api/admin/categories/${top.id}`, { image });
      expect(response.statusCode, image).toBe(400);
      expect(response.json()).toMatchObject({ message, fieldErrors: { image: message } });
    }
    expect((await tree()).find((category) => category.id === top.id)?.image).toBe('');
    expect(await auditRows(top.id)).toHaveLength(1);
  });
});

describe('POST /api/admin/categories/{id}/move', () => {
  it('moves a branch and rewrites the category path of its products', async () => {
    const honey = fixtureCategory('honey');
    const garments = fixtureCategory('garments');
    const response = await call('POST', `/api/admin/categories/${honey}/move`, {
      parentId: garments,
      position: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<AdminCategories>().categories;
    const garmentChildren = moved.filter((category) => category.parentId === garments);
    expect(garmentChildren.map((category) => [category.slug, category.position])).toEqual([
      ['honey', 0],
      ['t-shirts', 1],
      ['socks', 2],
    ]);
    expect(moved.find((category) => category.slug === 'coffee-and-tea')?.position).toBe(0);

    const [acacia] = await ctx.db.select().from(products).where(eq(products.slug, 'acacia-honey'));
    expect(acacia).toMatchObject({
      categoryId: garments,
      subCategoryId: honey,
      subCategory2Id: fixtureCategory('raw-honey'),
      // The new path's names, so search finds it by them (issue 12).
      keywords: 'Garments Honey Raw Honey',
    });
    const garmentsListing = await listing(garments);
    expect(garmentsListing.body.products.map((card) => card.slug)).toContain('acacia-honey');
    const foodListing = await listing(fixtureCategory('food'));
    expect(foodListing.body.products.map((card) => card.slug)).not.toContain('acacia-honey');
    expect((await listing(fixtureCategory('raw-honey'))).body.count).toBe(2);

    const [audit] = await auditRows(honey);
    expect(audit).toMatchObject({
      action: 'move',
      changes: { parentId: { from: fixtureCategory('food'), to: garments } },
    });

    // And back, so the other tests see the fixture's tree.
    const back = await call('POST', `/api/admin/categories/${honey}/move`, {
      parentId: fixtureCategory('food'),
      position: 0,
    });
    expect(back.statusCode).toBe(200);
    expect((await listing(fixtureCategory('food'))).body.count).toBe(5);
  });

  it('moves a second-level category to the top, its products with it', async () => {
    const top = await create({ name: 'Spices' });
    const sub = await create({ name: 'Pepper', parentId: top.id });
    const sub2 = await create({ name: 'Black Pepper', parentId: sub.id });
    const product = await insertProduct([top.id, sub.id, sub2.id]);

    const response = await call('POST', `/api/admin/categories/${sub2.id}/move`, {
      parentId: null,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ categoryId: sub2.id, subCategoryId: null, subCategory2Id: null });
    expect(row?.version).toBe(product.version + 1);
    expect((await listing(sub2.id)).body.count).toBe(1);
    expect((await listing(top.id)).body.count).toBe(0);
  });

  it('keeps the tree three levels deep and refuses a move under itself (400)', async () => {
    const cases: [string, string | null, string][] = [
      // Food has grandchildren: under Garments they would be at level 4.
      ['food', 'garments', categoryAdminMessages.tooDeep],
      // Honey has children: under T-Shirts (level 2) they would be at level 4.
      ['honey', 't-shirts', categoryAdminMessages.tooDeep],
      ['honey', 'honey', categoryAdminMessages.underItself],
      ['food', 'raw-honey', categoryAdminMessages.underItself],
    ];
    for (const [slug, parent, message] of cases) {
      const response = await call('POST', `/api/admin/categories/${fixtureCategory(slug)}/move`, {
        parentId: parent && fixtureCategory(parent),
      });
      expect(response.statusCode, `${slug} under ${parent}`).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const unknown = await call('POST', `/api/admin/categories/${randomUUID()}/move`, {
      parentId: null,
    });
    expect(unknown.statusCode).toBe(404);
    const badPosition = await call(
      'POST',
      `/api/admin/categories/${fixtureCategory('honey')}/move`,
      {
        parentId: null,
        position: -1,
      },
    );
    expect(badPosition.statusCode).toBe(400);
    expect(badPosition.json<{ message: string }>().message).toBe(categoryAdminMessages.position);
  });
});

describe('PUT /api/admin/categories/order', () => {
  it('reorders the children of a parent, on the storefront too', async () => {
    const food = fixtureCategory('food');
    const order = [fixtureCategory('coffee-and-tea'), fixtureCategory('honey')];
    const response = await call('PUT', '/api/admin/categories/order', {
      parentId: food,
      ids: order,
    });
    expect(response.statusCode, response.body).toBe(200);
    const children = response
      .json<AdminCategories>()
      .categories.filter((category) => category.parentId === food);
    expect(children.map((category) => category.id)).toEqual(order);
    const menuFood = (await storefrontMenu()).find((category) => category._id === food);
    expect(menuFood?.subCategory.map((sub) => sub.slug)).toEqual(['coffee-and-tea', 'honey']);

    const [audit] = await auditRows(food);
    expect(audit).toMatchObject({
      action: 'reorder',
      changes: { order: { from: [...order].reverse(), to: order } },
    });
  });

  it('reorders the top level', async () => {
    const top = (await tree()).filter((category) => category.parentId === null);
    const reversed = top.map((category) => category.id).reverse();
    const response = await call('PUT', '/api/admin/categories/order', {
      parentId: null,
      ids: reversed,
    });
    expect(response.statusCode).toBe(200);
    const after = (await tree()).filter((category) => category.parentId === null);
    expect(after.map((category) => category.id)).toEqual(reversed);
  });

  it('refuses ids that are not exactly the children (400) and an unknown parent (404)', async () => {
    const food = fixtureCategory('food');
    const honey = fixtureCategory('honey');
    const coffee = fixtureCategory('coffee-and-tea');
    const cases: [unknown[], string][] = [
      [[honey], categoryAdminMessages.reorderMismatch],
      [[honey, coffee, fixtureCategory('socks')], categoryAdminMessages.reorderMismatch],
      [[honey, fixtureCategory('socks')], categoryAdminMessages.reorderMismatch],
      [[honey, honey], categoryAdminMessages.duplicateIds],
      [['not-an-id', coffee], 'Invalid id'],
    ];
    for (const [ids, message] of cases) {
      const response = await call('PUT', '/api/admin/categories/order', { parentId: food, ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const unknown = await call('PUT', '/api/admin/categories/order', {
      parentId: randomUUID(),
      ids: [],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/categories/{id}', () => {
  it('is refused (409) while products are in it or its sub-categories, saying how many', async () => {
    const rawHoney = await call('DELETE', `/api/admin/categories/${fixtureCategory('raw-honey')}`);
    expect(rawHoney.statusCode).toBe(409);
    expect(rawHoney.json()).toEqual({
      message: 'This category still has 2 products. Move or delete them first.',
    });
    const honey = await call('DELETE', `/api/admin/categories/${fixtureCategory('honey')}`);
    expect(honey.statusCode).toBe(409);
    expect(honey.json()).toEqual({
      message: 'Its sub-categories still have 3 products. Move or delete them first.',
    });

    const top = await create({ name: 'Mixed' });
    const sub = await create({ name: 'Mixed Sub', parentId: top.id });
    await insertProduct([top.id]);
    await insertProduct([top.id, sub.id]);
    const mixed = await call('DELETE', `/api/admin/categories/${top.id}`);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json<{ message: string }>().message).toBe(
      'This category and its sub-categories still have 2 products. Move or delete them first.',
    );
    expect((await tree()).some((category) => category.id === top.id)).toBe(true);
  });

  it('deletes an empty category with its empty sub-categories, and 404 after', async () => {
    const top = await create({ name: 'Seasonal' });
    const sub = await create({ name: 'Christmas', parentId: top.id });
    await patch(top.id, { name: 'Seasonal Goods' });
    const response = await call('DELETE', `/api/admin/categories/${top.id}`);
    expect(response.statusCode).toBe(204);
    const ids = (await tree()).map((category) => category.id);
    expect(ids).not.toContain(top.id);
    expect(ids).not.toContain(sub.id);
    expect((await page('/category/seasonal')).statusCode).toBe(404);
    expect((await auditRows(top.id))[0]).toMatchObject({
      action: 'delete',
      changes: { name: { from: 'Seasonal Goods', to: null } },
    });
    expect((await call('DELETE', `/api/admin/categories/${top.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/categories/bad-id')).statusCode).toBe(400);
  });
});

describe('old product slugs', () => {
  it('answer 301 to the current product page through the same lookup', async () => {
    const acacia = required(fixture.products['acacia-honey'], 'acacia-honey');
    await ctx.db.insert(productSlugRedirects).values({ slug: 'old-acacia', productId: acacia.id });
    const response = await page('/product/old-acacia?Size=M');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/product/acacia-honey?Size=M');
    expect((await page('/product/never-was')).statusCode).toBe(404);
  });
});

describe('API documentation', () => {
  it('documents the category and audit calls of the back office', async () => {
    const document = await page('/api/docs/json');
    expect(Object.keys(document.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/categories',
        '/api/admin/categories/{id}',
        '/api/admin/categories/{id}/move',
        '/api/admin/categories/order',
        '/api/admin/audit',
      ]),
    );
  });
});
