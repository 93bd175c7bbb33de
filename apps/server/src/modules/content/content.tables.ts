import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.tables.js';

export const carouselSlides = pgTable('carousel_slides', {
  id: uuid('id').primaryKey().defaultRandom(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
});

export const campaigns = pgTable('campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
});

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
