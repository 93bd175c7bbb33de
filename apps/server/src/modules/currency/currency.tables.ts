import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** NOK-based rates: `rate` multiplies a NOK amount into `currency_code`. */
export const exchangeRates = pgTable('exchange_rates', {
  currencyCode: text('currency_code').primaryKey(),
  rate: doublePrecision('rate').notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
