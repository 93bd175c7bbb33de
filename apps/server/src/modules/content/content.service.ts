import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Campaign, CarouselResponse, Locale } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import {
  categoryLinkTargets,
  familyCards,
  type LinkTarget,
  type ProductCardInOre,
  productLinkTargets,
  textIn,
} from '../catalog/index.js';
import { campaignProducts, campaigns, carouselSlides } from './content.tables.js';

type Db = Database | Transaction;
type ContentTable = typeof carouselSlides | typeof campaigns;

/**
 * Shown at `now`: not hidden, started (or with no start) and not yet ended. The end is the first
 * moment it is gone, so one banner can end exactly when the next one starts.
 */
export function showingAt(table: ContentTable, now: Date): SQL | undefined {
  return and(
    eq(table.hidden, false),
    or(isNull(table.visibleFrom), lte(table.visibleFrom, now)),
    or(isNull(table.visibleTo), gt(table.visibleTo, now)),
  );
}

/** The link columns of a slide or banner row. */
export interface LinkedRow {
  linkKind: 'product' | 'category' | 'url';
  link: string;
  linkProductId: string | null;
  linkCategoryId: string | null;
}

export interface LinkTargets {
  products: Map<string, LinkTarget>;
  categories: Map<string, LinkTarget>;
}

/** The products and categories the rows link to, read in two queries. */
export async function linkTargetsOf(db: Db, rows: readonly LinkedRow[]): Promise<LinkTargets> {
  const ids = (kind: LinkedRow['linkKind'], id: (row: LinkedRow) => string | null) =>
    rows.flatMap((row) => {
      const value = row.linkKind === kind ? id(row) : null;
      return value === null ? [] : [value];
    });
  const [products, categories] = await Promise.all([
    productLinkTargets(
      db,
      ids('product', (row) => row.linkProductId),
    ),
    categoryLinkTargets(
      db,
      ids('category', (row) => row.linkCategoryId),
    ),
  ]);
  return { products, categories };
}

/**
 * Where the storefront links a row to now: a product's or category's current slug, so a rename
 * never breaks the home page, or the row's own address. Null while the product or category is
 * deleted, unpublished or hidden: the storefront then leaves the slide or banner out rather than
 * send shoppers to a page that is not found, and the back office says why it is not showing.
 */
export function linkPath(row: LinkedRow, targets: LinkTargets): string | null {
  if (row.linkKind === 'url') return row.link;
  const target =
    row.linkKind === 'product'
      ? row.linkProductId === null
        ? undefined
        : targets.products.get(row.linkProductId)
      : row.linkCategoryId === null
        ? undefined
        : targets.categories.get(row.linkCategoryId);
  if (!target?.shown) return null;
  return `/${row.linkKind}/${target.slug}`;
}

/** The home page's slides shown at `now`, in their set order, their alt text in `locale`. */
export async function listCarousel(
  db: Database,
  now: Date,
  locale: Locale,
): Promise<CarouselResponse> {
  const rows = await db
    .select()
    .from(carouselSlides)
    .where(showingAt(carouselSlides, now))
    .orderBy(asc(carouselSlides.position), asc(carouselSlides.id));
  const targets = await linkTargetsOf(db, rows);
  return {
    carousel: rows.flatMap((slide) => {
      const link = linkPath(slide, targets);
      if (link === null) return [];
      // Slides from before the back office have no alt text; the storefront then says its own.
      const alt = textIn(locale, slide.alt, slide.altEn);
      return [{ _id: slide.id, image: slide.image, link, ...(alt ? { alt } : {}) }];
    }),
  };
}

/** A campaign banner as the service answers it: its product cards in øre. */
export type CampaignInOre = Omit<Campaign, 'products'> & { products: ProductCardInOre[] };

/**
 * The home page's campaign banners shown at `now`, each with its products as cards in their set
 * order (a product off the storefront is left out of its banner), their words in `locale`.
 */
export async function listCampaigns(
  db: Database,
  now: Date,
  locale: Locale,
): Promise<CampaignInOre[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(showingAt(campaigns, now))
    .orderBy(asc(campaigns.position), asc(campaigns.id));
  const targets = await linkTargetsOf(db, rows);
  const banners = rows.flatMap((banner) => {
    const link = linkPath(banner, targets);
    return link === null ? [] : [{ ...banner, link }];
  });
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
    locale,
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
    title: textIn(locale, banner.title, banner.titleEn),
    image: banner.image,
    link: banner.link,
    products: cardsOf(banner.id),
  }));
}
