import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminCampaign,
  type AdminCampaigns,
  type AdminSlide,
  type AdminSlides,
  type Campaign,
  type CarouselResponse,
  contentAdminMessages,
  MAX_CONTENT_ALT_LENGTH,
} from '@shop/shared';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import { type CatalogFixture, required } from '../../test/catalog-fixtures.js';
import type { TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { categories, products } from '../catalog/catalog.tables.js';
import { campaignProducts, campaigns, carouselSlides } from './content.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let ownerToken: string;
let staffToken: string;
let ownerId: string;

const today = new Date('2026-05-04T10:00:00Z');
const hours = (count: number) => new Date(today.getTime() + count * 3_600_000);
/** The server's clock, moved by the tests that are about the schedule. */
let now = today;

beforeAll(async () => {
  const app = await createBackOfficeTestApp({}, { clock: () => now });
  ({ ctx, catalog } = app);
  ownerToken = app.owner.session.accessToken;
  staffToken = app.staff.session.accessToken;
  ownerId = app.owner.id;
});
afterAll(async () => ctx?.close());
beforeEach(() => {
  now = today;
});

const product = (slug: string) => required(catalog.products[slug], slug);
const category = (slug: string) => required(catalog.categories[slug], slug);

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

async function ok<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: unknown,
  status = 200,
): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** Uploads a small PNG to a back-office folder as the dialog does; answers the stored path. */
async function upload(folder: 'carousel' | 'campaigns' | 'products'): Promise<string> {
  const png = await sharp({ create: { width: 80, height: 30, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'slide.png');
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/images?folder=${folder}`,
    headers: {
      authorization: `Bearer ${ownerToken}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<string>();
}

async function carousel() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/carousel/' });
  expect(response.statusCode).toBe(200);
  return response.json<CarouselResponse>().carousel;
}

async function homeCampaigns() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/campaign/' });
  expect(response.statusCode).toBe(200);
  return response.json<Campaign[]>();
}

async function adminSlides() {
  const response = await call('GET', '/api/admin/slides');
  expect(response.statusCode).toBe(200);
  return response.json<AdminSlides>().slides;
}

async function adminCampaigns() {
  const response = await call('GET', '/api/admin/campaigns');
  expect(response.statusCode).toBe(200);
  return response.json<AdminCampaigns>().campaigns;
}

async function slideBody(overrides: Record<string, unknown> = {}) {
  return {
    image: await upload('carousel'),
    alt: 'Jars of raw honey on a kitchen table',
    linkKind: 'category',
    linkCategoryId: category('honey'),
    ...overrides,
  };
}

const createSlide = async (overrides: Record<string, unknown> = {}) =>
  ok<AdminSlide>('POST', '/api/admin/slides', await slideBody(overrides), 201);

async function auditRows(entity: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

async function clearContent() {
  await ctx.db.delete(carouselSlides);
  await ctx.db.delete(campaigns);
}

describe('access to /api/admin/slides and /api/admin/campaigns', () => {
  it('answers 401 without a token and lets staff as well as the owner manage content', async () => {
    for (const url of ['/api/admin/slides', '/api/admin/campaigns']) {
      expect((await call('GET', url, undefined, '')).statusCode, url).toBe(401);
      expect((await call('GET', url, undefined, staffToken)).statusCode, url).toBe(200);
    }
    const body = await slideBody();
    expect((await call('POST', '/api/admin/slides', body, '')).statusCode).toBe(401);
    const response = await call('POST', '/api/admin/slides', body, staffToken);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('describes every call in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { summary?: string }>> }>()
      .paths;
    for (const path of [
      '/api/admin/slides',
      '/api/admin/slides/order',
      '/api/admin/slides/{id}',
      '/api/admin/campaigns',
      '/api/admin/campaigns/order',
      '/api/admin/campaigns/{id}',
    ])
      expect(Object.keys(paths[path] ?? {}).length, path).toBeGreaterThan(0);
  });
});

describe('slides: what the back office may save', () => {
  beforeEach(clearContent);

  it('refuses each bad field with its message beside it, saving nothing', async () => {
    const good = await slideBody();
    const refused: [Record<string, unknown>, string, string][] = [
      [{ alt: '   ' }, 'alt', contentAdminMessages.altRequired],
      [{ alt: 'x'.repeat(MAX_CONTENT_ALT_LENGTH + 1) }, 'alt', contentAdminMessages.altTooLong],
      [{ image: '' }, 'image', contentAdminMessages.imageRequired],
      [{ image: 'https://elsewhere.example/a.png' }, 'image', contentAdminMessages.imageFormat],
      [{ linkKind: 'page' }, 'linkKind', contentAdminMessages.linkKind],
      [{ linkKind: 'product' }, 'linkProductId', contentAdminMessages.productRequired],
      [{ linkCategoryId: null }, 'linkCategoryId', contentAdminMessages.categoryRequired],
      [{ linkKind: 'url' }, 'linkUrl', contentAdminMessages.urlRequired],
      [
        { linkKind: 'url', linkUrl: 'javascript:alert(1)' },
        'linkUrl',
        contentAdminMessages.urlFormat,
      ],
      [
        { linkKind: 'url', linkUrl: 'http://example.com/' },
        'linkUrl',
        contentAdminMessages.urlFormat,
      ],
      [{ linkKind: 'url', linkUrl: '//evil.example/x' }, 'linkUrl', contentAdminMessages.urlFormat],
      [{ linkKind: 'url', linkUrl: '/\\evil.example' }, 'linkUrl', contentAdminMessages.urlFormat],
      [
        { linkKind: 'url', linkUrl: 'https://shop.no@evil.example/' },
        'linkUrl',
        contentAdminMessages.urlFormat,
      ],
      [
        { linkKind: 'url', linkUrl: 'data:text/html,hi' },
        'linkUrl',
        contentAdminMessages.urlFormat,
      ],
      [{ visibleFrom: 'tomorrow' }, 'visibleFrom', contentAdminMessages.dateFormat],
      [
        { visibleFrom: hours(2).toISOString(), visibleTo: hours(1).toISOString() },
        'visibleTo',
        contentAdminMessages.scheduleOrder,
      ],
      [
        { visibleFrom: hours(1).toISOString(), visibleTo: hours(1).toISOString() },
        'visibleTo',
        contentAdminMessages.scheduleOrder,
      ],
    ];
    for (const [change, field, message] of refused) {
      const response = await call('POST', '/api/admin/slides', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        fieldErrors: { [field]: message },
      });
    }
    expect(await adminSlides()).toEqual([]);
  });

  it('refuses an image not uploaded to the carousel folder and a product or category that does not exist', async () => {
    const good = await slideBody();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused: [Record<string, unknown>, string, string][] = [
      [
        { image: '/carousel/never-uploaded.webp' },
        'image',
        contentAdminMessages.imageNotUploaded('carousel'),
      ],
      [
        { image: await upload('products') },
        'image',
        contentAdminMessages.imageNotUploaded('carousel'),
      ],
      [
        { linkKind: 'product', linkProductId: missing },
        'linkProductId',
        contentAdminMessages.productNotFound,
      ],
      [{ linkCategoryId: missing }, 'linkCategoryId', contentAdminMessages.categoryNotFound],
    ];
    for (const [change, field, message] of refused) {
      const response = await call('POST', '/api/admin/slides', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    }
    expect(await adminSlides()).toEqual([]);
  });

  it('accepts an https address and a path of the shop, and keeps only the link of its kind', async () => {
    const elsewhere = await createSlide({
      linkKind: 'url',
      linkUrl: ' https://example.com/summer?x=1 ',
      linkCategoryId: category('food'),
    });
    expect(elsewhere).toMatchObject({
      linkKind: 'url',
      linkUrl: 'https://example.com/summer?x=1',
      linkCategoryId: null,
      linkPath: 'https://example.com/summer?x=1',
      alt: 'Jars of raw honey on a kitchen table',
      state: 'current',
      hidden: false,
      visibleFrom: null,
      visibleTo: null,
    });
    const own = await createSlide({ linkKind: 'url', linkUrl: '/cleaning' });
    expect(own).toMatchObject({ linkPath: '/cleaning', linkLabel: '/cleaning', position: 1 });
    expect((await carousel()).map((slide) => slide.link)).toEqual([
      'https://example.com/summer?x=1',
      '/cleaning',
    ]);
  });

  it('answers 404 for a slide that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', `/api/admin/slides/${missing}`, await slideBody())).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/admin/slides/${missing}`, { hidden: true })).json()).toEqual({
      message: contentAdminMessages.slideNotFound,
    });
    expect((await call('DELETE', `/api/admin/slides/${missing}`)).statusCode).toBe(404);
  });
});

describe('slides on the storefront (HOME-02, HOME-03, API-12)', () => {
  beforeEach(clearContent);

  it('shows a slide scheduled for tomorrow only from tomorrow until its end, at a fixed clock', async () => {
    const tomorrow = hours(24);
    const slide = await createSlide({
      visibleFrom: tomorrow.toISOString(),
      visibleTo: hours(48).toISOString(),
    });
    expect(slide.state).toBe('scheduled');
    expect(await carousel()).toEqual([]);

    now = new Date(tomorrow.getTime() - 1);
    expect(await carousel()).toEqual([]);
    now = tomorrow;
    expect(await carousel()).toEqual([
      {
        _id: slide.id,
        image: slide.image,
        link: '/category/honey',
        alt: 'Jars of raw honey on a kitchen table',
      },
    ]);
    expect((await adminSlides())[0]?.state).toBe('current');

    now = hours(48);
    expect(await carousel()).toEqual([]);
    expect((await adminSlides())[0]?.state).toBe('ended');
  });

  it('leaves a hidden slide out whatever its dates, and shows it again when shown', async () => {
    const slide = await createSlide();
    const hidden = await ok<AdminSlide>('PATCH', `/api/admin/slides/${slide.id}`, {
      hidden: true,
    });
    expect(hidden).toMatchObject({ hidden: true, state: 'hidden' });
    expect(await carousel()).toEqual([]);
    expect((await auditRows('carousel-slide', slide.id))[0]).toMatchObject({
      action: 'hide',
      changes: { hidden: { from: false, to: true } },
    });
    await ok('PATCH', `/api/admin/slides/${slide.id}`, { hidden: false });
    expect((await carousel()).map((one) => one._id)).toEqual([slide.id]);
  });

  it('follows the drag-and-drop order, and refuses an order that is not every slide once', async () => {
    const first = await createSlide({ alt: 'First' });
    const second = await createSlide({ alt: 'Second' });
    const third = await createSlide({ alt: 'Third' });
    expect((await carousel()).map((slide) => slide.alt)).toEqual(['First', 'Second', 'Third']);

    const reordered = await ok<AdminSlides>('PUT', '/api/admin/slides/order', {
      ids: [third.id, first.id, second.id],
    });
    expect(reordered.slides.map((slide) => slide.alt)).toEqual(['Third', 'First', 'Second']);
    expect((await carousel()).map((slide) => slide.alt)).toEqual(['Third', 'First', 'Second']);
    expect((await auditRows('carousel-slide', 'carousel'))[0]).toMatchObject({
      action: 'reorder',
      actorId: ownerId,
      changes: {
        order: { from: [first.id, second.id, third.id], to: [third.id, first.id, second.id] },
      },
    });

    for (const ids of [
      [third.id, first.id],
      [third.id, first.id, second.id, second.id],
    ]) {
      const response = await call('PUT', '/api/admin/slides/order', { ids });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await call('PUT', '/api/admin/slides/order', { ids: [third.id, first.id] })).json(),
    ).toMatchObject({ message: contentAdminMessages.reorderMismatch('slide') });
    expect((await carousel()).map((slide) => slide.alt)).toEqual(['Third', 'First', 'Second']);
  });

  it('links a product by its current slug, and leaves the slide out while the product is off the storefront', async () => {
    const honey = product('raw-forest-honey');
    const slide = await createSlide({ linkKind: 'product', linkProductId: honey.id });
    expect(slide).toMatchObject({
      linkLabel: 'Raw Forest Honey 500 g',
      linkPath: '/product/raw-forest-honey',
    });
    expect((await carousel())[0]?.link).toBe('/product/raw-forest-honey');

    await ctx.db
      .update(products)
      .set({ slug: 'wild-forest-honey' })
      .where(eq(products.id, honey.id));
    expect((await carousel())[0]?.link).toBe('/product/wild-forest-honey');

    await ctx.db.update(products).set({ status: 'draft' }).where(eq(products.id, honey.id));
    expect(await carousel()).toEqual([]);
    expect((await adminSlides())[0]).toMatchObject({ state: 'current', linkPath: null });

    await ctx.db
      .update(products)
      .set({ slug: honey.slug, status: 'published' })
      .where(eq(products.id, honey.id));
  });

  it('links a category by its current slug, and leaves the slide out while the category is hidden', async () => {
    const slide = await createSlide({ linkCategoryId: category('raw-honey') });
    expect((await carousel())[0]?.link).toBe('/category/raw-honey');
    await ctx.db
      .update(categories)
      .set({ hidden: true })
      .where(eq(categories.id, category('honey')));
    expect(await carousel()).toEqual([]);
    expect((await adminSlides())[0]).toMatchObject({
      id: slide.id,
      linkPath: null,
      linkLabel: 'Raw Honey',
    });
    await ctx.db
      .update(categories)
      .set({ hidden: false })
      .where(eq(categories.id, category('honey')));
    expect((await carousel())[0]?.link).toBe('/category/raw-honey');
  });

  it('keeps serving a slide from before the back office: its seeded path, no alt text', async () => {
    const [old] = await ctx.db
      .insert(carouselSlides)
      .values({ image: '/carousel/honey.webp', link: '/category/honey', position: 0 })
      .returning();
    expect(await carousel()).toEqual([
      { _id: old?.id, image: '/carousel/honey.webp', link: '/category/honey' },
    ]);
    expect((await adminSlides())[0]).toMatchObject({
      linkKind: 'url',
      linkUrl: '/category/honey',
      alt: '',
      state: 'current',
    });
    // An edit may keep the seeded picture, which the back office never uploaded.
    const edited = await ok<AdminSlide>('PUT', `/api/admin/slides/${old?.id}`, {
      image: '/carousel/honey.webp',
      alt: 'Honey jars',
      linkKind: 'url',
      linkUrl: '/category/honey',
    });
    expect(edited).toMatchObject({ image: '/carousel/honey.webp', alt: 'Honey jars' });
  });

  it('records creating, editing and deleting a slide in the audit log', async () => {
    const slide = await createSlide();
    expect((await auditRows('carousel-slide', slide.id))[0]).toMatchObject({
      action: 'create',
      actorId: ownerId,
      changes: {
        alt: { from: null, to: 'Jars of raw honey on a kitchen table' },
        linkKind: { to: 'category' },
        linkCategoryId: { to: category('honey') },
      },
    });
    const until = hours(5).toISOString();
    const edited = await ok<AdminSlide>('PUT', `/api/admin/slides/${slide.id}`, {
      image: slide.image,
      alt: 'Honey',
      linkKind: 'category',
      linkCategoryId: category('honey'),
      visibleTo: until,
    });
    expect(edited).toMatchObject({ alt: 'Honey', visibleTo: until, state: 'current' });
    expect((await auditRows('carousel-slide', slide.id))[0]).toMatchObject({
      action: 'update',
      changes: {
        alt: { from: 'Jars of raw honey on a kitchen table', to: 'Honey' },
        visibleTo: { from: null, to: until },
      },
    });
    // Saving it unchanged changes and records nothing.
    await ok('PUT', `/api/admin/slides/${slide.id}`, {
      image: slide.image,
      alt: 'Honey',
      linkKind: 'category',
      linkCategoryId: category('honey'),
      visibleTo: until,
    });
    expect(await auditRows('carousel-slide', slide.id)).toHaveLength(2);

    expect((await call('DELETE', `/api/admin/slides/${slide.id}`)).statusCode).toBe(204);
    expect(await adminSlides()).toEqual([]);
    expect(await carousel()).toEqual([]);
    expect((await auditRows('carousel-slide', slide.id))[0]).toMatchObject({ action: 'delete' });
  });
});

describe('campaigns (API-13, HOME-08)', () => {
  beforeEach(clearContent);

  async function campaignBody(overrides: Record<string, unknown> = {}) {
    return {
      title: 'Breakfast week',
      image: await upload('campaigns'),
      linkKind: 'category',
      linkCategoryId: category('food'),
      productIds: [product('green-tea').id, product('acacia-honey').id],
      ...overrides,
    };
  }

  it('shows the products in the picked order and follows an edit of the list', async () => {
    const created = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      await campaignBody(),
      201,
    );
    expect(created).toMatchObject({
      title: 'Breakfast week',
      state: 'current',
      linkPath: '/category/food',
      products: [
        { id: product('green-tea').id, name: 'Green Tea', onSale: true },
        { id: product('acacia-honey').id, onSale: true },
      ],
    });
    const [banner] = await homeCampaigns();
    expect(banner).toMatchObject({
      _id: created.id,
      title: 'Breakfast week',
      link: '/category/food',
    });
    expect(banner?.products.map((card) => card.slug)).toEqual(['green-tea', 'acacia-honey']);

    const order = [product('hemp-t-shirt').id, product('acacia-honey').id, product('green-tea').id];
    await ok('PUT', `/api/admin/campaigns/${created.id}`, {
      ...(await campaignBody({ image: created.image })),
      productIds: order,
    });
    expect((await homeCampaigns())[0]?.products.map((card) => card.slug)).toEqual([
      'hemp-t-shirt',
      'acacia-honey',
      'green-tea',
    ]);
    expect((await auditRows('campaign', created.id))[0]).toMatchObject({
      action: 'update',
      changes: {
        productIds: { from: [product('green-tea').id, product('acacia-honey').id], to: order },
      },
    });
    const rows = await ctx.db
      .select()
      .from(campaignProducts)
      .where(eq(campaignProducts.campaignId, created.id));
    expect(rows).toHaveLength(3);
  });

  it('refuses a missing title, an image of another folder, unknown and repeated products', async () => {
    const good = await campaignBody();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', contentAdminMessages.titleRequired],
      [
        { image: await upload('carousel') },
        'image',
        contentAdminMessages.imageNotUploaded('campaigns'),
      ],
      [{ productIds: [missing] }, 'productIds', contentAdminMessages.productsNotFound(1)],
      [
        { productIds: [product('green-tea').id, product('green-tea').id] },
        'productIds',
        contentAdminMessages.duplicateProducts,
      ],
      [{ productIds: 'green-tea' }, 'productIds', contentAdminMessages.productsFormat],
    ];
    for (const [change, field, message] of refused) {
      const response = await call('POST', '/api/admin/campaigns', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        fieldErrors: { [field]: message },
      });
    }
    expect(await adminCampaigns()).toEqual([]);
  });

  it('shows only current banners, in the drag-and-drop order, and audits each change', async () => {
    const a = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      await campaignBody({ title: 'A' }),
      201,
    );
    const b = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      await campaignBody({ title: 'B', visibleFrom: hours(1).toISOString() }),
      201,
    );
    const c = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      await campaignBody({ title: 'C' }),
      201,
    );
    expect(b.state).toBe('scheduled');
    expect((await homeCampaigns()).map((one) => one.title)).toEqual(['A', 'C']);
    now = hours(1);
    expect((await homeCampaigns()).map((one) => one.title)).toEqual(['A', 'B', 'C']);

    await ok('PUT', '/api/admin/campaigns/order', { ids: [c.id, b.id, a.id] });
    expect((await homeCampaigns()).map((one) => one.title)).toEqual(['C', 'B', 'A']);
    await ok('PATCH', `/api/admin/campaigns/${c.id}`, { hidden: true });
    expect((await homeCampaigns()).map((one) => one.title)).toEqual(['B', 'A']);
    expect((await call('DELETE', `/api/admin/campaigns/${b.id}`)).statusCode).toBe(204);
    expect((await homeCampaigns()).map((one) => one.title)).toEqual(['A']);

    expect((await auditRows('campaign', a.id))[0]).toMatchObject({
      action: 'create',
      actorId: ownerId,
    });
    expect((await auditRows('campaign', 'campaigns'))[0]).toMatchObject({ action: 'reorder' });
    expect((await auditRows('campaign', c.id))[0]).toMatchObject({ action: 'hide' });
    expect((await auditRows('campaign', b.id))[0]).toMatchObject({ action: 'delete' });
  });

  it('links a banner to a product by its current slug', async () => {
    const created = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      await campaignBody({ linkKind: 'product', linkProductId: product('green-tea').id }),
      201,
    );
    expect(created.linkPath).toBe('/product/green-tea');
    expect((await homeCampaigns())[0]?.link).toBe('/product/green-tea');
  });
});

describe('slides and banners in two languages (issue 31.5)', () => {
  beforeEach(clearContent);

  const read = async <T>(url: string, language: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };

  it('saves a slide’s English alt text beside its bokmål; each language shows its own', async () => {
    const created = await createSlide({
      alt: 'Glass med rå honning på et kjøkkenbord',
      altEn: ' Jars of raw honey ',
    });
    expect(created).toMatchObject({
      alt: 'Glass med rå honning på et kjøkkenbord',
      altEn: 'Jars of raw honey',
    });
    expect((await adminSlides())[0]?.altEn).toBe('Jars of raw honey');
    expect((await carousel())[0]?.alt).toBe('Jars of raw honey');
    expect((await read<CarouselResponse>('/api/carousel/', 'nb')).carousel[0]?.alt).toBe(
      'Glass med rå honning på et kjøkkenbord',
    );

    // An edit without the English keeps it; '' leaves the English pages the bokmål.
    const body = await slideBody({ image: created.image, alt: 'Rå honning' });
    const kept = await ok<AdminSlide>('PUT', `/api/admin/slides/${created.id}`, body);
    expect(kept.altEn).toBe('Jars of raw honey');
    const emptied = await ok<AdminSlide>('PUT', `/api/admin/slides/${created.id}`, {
      ...body,
      altEn: '',
    });
    expect(emptied.altEn).toBe('');
    expect((await carousel())[0]?.alt).toBe('Rå honning');
    expect((await auditRows('carousel-slide', created.id))[0]?.changes).toEqual({
      altEn: { from: 'Jars of raw honey', to: null },
    });
    const tooLong = await call('PUT', `/api/admin/slides/${created.id}`, {
      ...body,
      altEn: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(contentAdminMessages.altTooLong);
  });

  it('saves a banner’s English title; English pages show it, bokmål ones the bokmål', async () => {
    const created = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      {
        title: 'Frokostuke',
        titleEn: 'Breakfast week',
        image: await upload('campaigns'),
        linkKind: 'url',
        linkUrl: '/cleaning',
        productIds: [],
      },
      201,
    );
    expect(created).toMatchObject({ title: 'Frokostuke', titleEn: 'Breakfast week' });
    expect((await homeCampaigns())[0]?.title).toBe('Breakfast week');
    expect((await read<Campaign[]>('/api/campaign/', 'en'))[0]?.title).toBe('Breakfast week');
    expect((await read<Campaign[]>('/api/campaign/', 'nb-NO'))[0]?.title).toBe('Frokostuke');

    const untranslated = await ok<AdminCampaign>(
      'POST',
      '/api/admin/campaigns',
      {
        title: 'Honninguke',
        image: await upload('campaigns'),
        linkKind: 'url',
        linkUrl: '/cleaning',
      },
      201,
    );
    expect(untranslated.titleEn).toBe('');
    expect((await homeCampaigns())[1]?.title).toBe('Honninguke');
  });
});
