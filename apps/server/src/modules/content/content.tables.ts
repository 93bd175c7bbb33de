import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { staticPageSlugs } from '@shop/shared';
import { categories, products } from '../catalog/catalog.tables.js';

export const contentLinkKinds = ['product', 'category', 'url'] as const;

/**
 * What a slide or banner links to. A product or category is kept by id and its path built when
 * read, so renaming its slug never breaks the home page; `link` holds the URL of a `url` link
 * (and, for rows from before the back office, the path they were seeded with).
 */
const linkColumns = {
  link: text('link').notNull(),
  linkKind: text('link_kind', { enum: contentLinkKinds }).notNull().default('url'),
  linkProductId: uuid('link_product_id').references(() => products.id, { onDelete: 'set null' }),
  linkCategoryId: uuid('link_category_id').references(() => categories.id, {
    onDelete: 'set null',
  }),
};

/** When a slide or banner shows: between its optional dates, unless hidden. */
const scheduleColumns = {
  visibleFrom: timestamp('visible_from', { withTimezone: true }),
  visibleTo: timestamp('visible_to', { withTimezone: true }),
  hidden: boolean('hidden').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const carouselSlides = pgTable(
  'carousel_slides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    image: text('image').notNull(),
    /** Bokmål; the English twins (issue 31.5) are null where none is written. */
    alt: text('alt').notNull().default(''),
    altEn: text('alt_en'),
    ...linkColumns,
    position: integer('position').notNull().default(0),
    ...scheduleColumns,
  },
  (table) => [
    check(
      'carousel_slides_link_kind_check',
      sql`${table.linkKind} in ('product', 'category', 'url')`,
    ),
    check(
      'carousel_slides_schedule_check',
      sql`${table.visibleFrom} is null or ${table.visibleTo} is null or ${table.visibleTo} > ${table.visibleFrom}`,
    ),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    image: text('image').notNull(),
    ...linkColumns,
    position: integer('position').notNull().default(0),
    ...scheduleColumns,
  },
  (table) => [
    check('campaigns_link_kind_check', sql`${table.linkKind} in ('product', 'category', 'url')`),
    check(
      'campaigns_schedule_check',
      sql`${table.visibleFrom} is null or ${table.visibleTo} is null or ${table.visibleTo} > ${table.visibleFrom}`,
    ),
  ],
);

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.productId] }),
    index('campaign_products_product_idx').on(table.productId),
  ],
);

/** The storefront's text pages, as the owner last saved them in the rich-text editor. */
export const staticPages = pgTable(
  'static_pages',
  {
    slug: text('slug', { enum: staticPageSlugs }).primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    html: text('html').notNull(),
    /** The English page; null where none is written, and English then shows the bokmål. */
    titleEn: text('title_en'),
    htmlEn: text('html_en'),
    updatedByEmail: text('updated_by_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'static_pages_slug_check',
      sql`${table.slug} in ('about', 'terms', 'refund', 'return', 'privacy', 'delivery')`,
    ),
  ],
);
