import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Cleaning-service enquiries, kept as well as mailed to the shop, so none is lost. */
export const enquiries = pgTable('enquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
