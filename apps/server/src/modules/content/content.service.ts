import { asc, inArray } from 'drizzle-orm';
import type { Campaign, CarouselResponse } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { familyCards } from '../catalog/products.service.js';
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
  const entries = await db
    .select({
      campaignId: campaignProducts.campaignId,
      productId: campaignProducts.productId,
      position: campaignProducts.position,
    })
    .from(campaignProducts)
    .where(
      inArray(
        campaignProducts.campaignId,
        banners.map((banner) => banner.id),
      ),
    );
  const cards = await familyCards(
    db,
    entries.map((entry) => entry.productId),
  );
  const cardsOf = (campaignId: string) => {
    const positions = new Map(
      entries
        .filter((entry) => entry.campaignId === campaignId)
        .map((entry) => [entry.productId, entry.position]),
    );
    // Cards come ordered by name; a stable sort by position keeps that order within a position.
    return cards
      .flatMap(({ productId, card }) => {
        const position = positions.get(productId);
        return position === undefined ? [] : [{ position, card }];
      })
      .sort((a, b) => a.position - b.position)
      .map(({ card }) => card);
  };
  return banners.map((banner) => ({
    _id: banner.id,
    title: banner.title,
    image: banner.image,
    link: banner.link,
    products: cardsOf(banner.id),
  }));
}
