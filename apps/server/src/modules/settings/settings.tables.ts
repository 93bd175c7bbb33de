import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own settings, one row per setting; each value is checked against its shared schema
 * when read and written, and a missing row means the default.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
