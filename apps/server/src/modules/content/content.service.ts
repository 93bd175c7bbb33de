import { asc, eq, inArray } from 'drizzle-orm';
import type { Campaign, CarouselResponse } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import { defaultItemJoin, productCardColumns, toProductCard } from '../catalog/product-card.js';
import { campaignProducts, campaigns, carouselSlides } from './content.tables.js';

/** The home page's slides in their set order. */
export async function listCarousel(db: Database): Promise<CarouselResponse> {
  const slides = await db
    .select({ _id: carouselSlides.id, image: carouselSlides.image, link: carouselSlides.link })
    .from(carouselSlides)
    .orderBy(asc(carouselSlides.position), asc(carouselSlides.id));
  return { carousel: slides };
}

/** The home page's campaign banners, each with its products as cards in their set order. */
export async function listCampaigns(db: Database): Promise<Campaign[]> {
  const banners = await db
    .select()
    .from(campaigns)
    .orderBy(asc(campaigns.position), asc(campaigns.id));
  if (banners.length === 0) return [];
  const rows = await db
    .select({ campaignId: campaignProducts.campaignId, ...productCardColumns })
    .from(campaignProducts)
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .innerJoin(productItems, defaultItemJoin)
    .where(
      inArray(
        campaignProducts.campaignId,
        banners.map((banner) => banner.id),
      ),
    )
    .orderBy(asc(campaignProducts.position), asc(products.name));
  return banners.map((banner) => ({
    _id: banner.id,
    title: banner.title,
    image: banner.image,
    link: banner.link,
    products: rows.filter((row) => row.campaignId === banner.id).map(toProductCard),
  }));
}
