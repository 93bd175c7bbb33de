import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CarouselResponse, ProductCard } from '@shop/shared';
import {
  fixtureHeroImage,
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { campaignProducts, campaigns, carouselSlides } from './content.tables.js';

let ctx: TestContext;
let fixture: CatalogFixture;
const product = (slug: string) => required(fixture.products[slug], slug);

async function get<T>(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
}

describe('content on an empty shop', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('API-12 API-13 answer empty lists when nothing is set up', async () => {
    expect(await get<CarouselResponse>('/api/carousel')).toEqual({
      status: 200,
      body: { carousel: [] },
    });
    expect(await get<Campaign[]>('/api/campaign')).toEqual({ status: 200, body: [] });
  });

  it('API-12 API-13 the OpenAPI document describes both calls', async () => {
    const { body } = await get<{
      paths: Record<string, { get?: { tags?: string[]; summary?: string } }>;
    }>('/api/docs/json');
    for (const path of ['/api/carousel', '/api/campaign']) {
      expect(body.paths[path]?.get?.tags, path).toEqual(['Content']);
      expect(body.paths[path]?.get?.summary, path).toBeTruthy();
    }
  });
});

describe('content with slides and campaigns', () => {
  let slideIds: Record<string, string>;
  let campaignIds: Record<string, string>;
  const campaign = (title: string) => required(campaignIds[title], title);

  beforeAll(async () => {
    ctx = await createTestApp();
    fixture = await insertCatalogFixture(ctx.db);
    const slides = await ctx.db
      .insert(carouselSlides)
      .values([
        { image: '/carousel/honey.webp', link: '/category/food', position: 2 },
        { image: '/carousel/hemp.webp', link: '/product/hemp-t-shirt', position: 1 },
      ])
      .returning();
    slideIds = Object.fromEntries(slides.map((slide) => [slide.image, slide.id]));
    const banners = await ctx.db
      .insert(campaigns)
      .values([
        {
          title: 'Summer sweets',
          image: '/campaigns/summer.webp',
          link: '/category/food',
          position: 1,
        },
        { title: 'Coming soon', image: '/campaigns/soon.webp', link: '/', position: 2 },
        {
          title: 'Wear hemp',
          image: '/campaigns/hemp.webp',
          link: '/category/garments',
          position: 0,
        },
      ])
      .returning();
    campaignIds = Object.fromEntries(banners.map((banner) => [banner.title, banner.id]));
    await ctx.db.insert(campaignProducts).values([
      {
        campaignId: campaign('Summer sweets'),
        productId: product('raw-forest-honey').id,
        position: 1,
      },
      {
        campaignId: campaign('Summer sweets'),
        productId: product('creamed-clover-honey').id,
        position: 0,
      },
      {
        campaignId: campaign('Wear hemp'),
        productId: product('hemp-t-shirt').id,
        position: 0,
      },
    ]);
  });
  afterAll(async () => ctx?.close());

  it('API-12 lists the carousel slides in their set order', async () => {
    const { status, body } = await get<CarouselResponse>('/api/carousel/');
    expect(status).toBe(200);
    expect(body).toEqual({
      carousel: [
        {
          _id: slideIds['/carousel/hemp.webp'],
          image: '/carousel/hemp.webp',
          link: '/product/hemp-t-shirt',
        },
        {
          _id: slideIds['/carousel/honey.webp'],
          image: '/carousel/honey.webp',
          link: '/category/food',
        },
      ],
    });
  });

  it('API-01 answers /api/carousel and /api/carousel/ alike', async () => {
    const withSlash = await get<CarouselResponse>('/api/carousel/');
    const withoutSlash = await get<CarouselResponse>('/api/carousel');
    expect(withoutSlash.status).toBe(200);
    expect(withoutSlash.body).toEqual(withSlash.body);
    expect(withoutSlash.body.carousel).toHaveLength(2);
  });

  it('API-13 lists the campaigns in order, each with its products as cards in order', async () => {
    const { status, body } = await get<Campaign[]>('/api/campaign/');
    expect(status).toBe(200);
    const hempCard: ProductCard = {
      _id: product('hemp-t-shirt').defaultItemId,
      name: 'Hemp T-Shirt',
      slug: 'hemp-t-shirt',
      heroImage: fixtureHeroImage('hemp-t-shirt'),
      price: 299,
      sellingPrice: 239.2,
      discount: 20,
      stock: 8,
    };
    expect(body.map((campaign) => campaign.title)).toEqual([
      'Wear hemp',
      'Summer sweets',
      'Coming soon',
    ]);
    expect(body[0]).toEqual({
      _id: campaignIds['Wear hemp'],
      title: 'Wear hemp',
      image: '/campaigns/hemp.webp',
      link: '/category/garments',
      products: [hempCard],
    });
    expect(required(body[1], 'campaign 1').products.map((card) => card._id)).toEqual([
      product('creamed-clover-honey').defaultItemId,
      product('raw-forest-honey').defaultItemId,
    ]);
    expect(required(body[1], 'campaign 1').products[0]).toMatchObject({
      price: 129,
      sellingPrice: 116.1,
      discount: 10,
      stock: 0,
    });
    expect(required(body[2], 'campaign 2').products).toEqual([]);
  });

  it('API-01 answers /api/campaign and /api/campaign/ alike', async () => {
    const withSlash = await get<Campaign[]>('/api/campaign/');
    const withoutSlash = await get<Campaign[]>('/api/campaign');
    expect(withoutSlash.status).toBe(200);
    expect(withoutSlash.body).toEqual(withSlash.body);
  });
});
