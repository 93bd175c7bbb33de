import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Cleaning-service enquiries, kept as well as mailed to the shop, so none is lost. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull().default(''),
    /** new until someone in the shop has dealt with it. */
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledNote: text('handled_note').notNull().default(''),
    handledByEmail: text('handled_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('enquiries_status_created_idx').on(table.status, table.createdAt),
    check('enquiries_status_check', sql`${table.status} in ('new', 'handled')`),
  ],
);

/** The shop's answers to an enquiry, sent by mail through the outbox. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentByEmail: text('sent_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('enquiry_replies_enquiry_idx').on(table.enquiryId, table.createdAt)],
);

/** The service tiles of the cleaning page, in the owner's order. */
export const cleaningServices = pgTable('cleaning_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Bokmål; the English twins (issue 31.5) are null where none is written. */
  name: text('name').notNull(),
  description: text('description').notNull(),
  nameEn: text('name_en'),
  descriptionEn: text('description_en'),
  /** One of the page's drawn icons, by name. */
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The photos of the cleaning page's gallery, in the owner's order. */
export const cleaningPhotos = pgTable('cleaning_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The image's path under /uploads, as the upload answered it. */
  image: text('image').notNull(),
  alt: text('alt').notNull(),
  altEn: text('alt_en'),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
