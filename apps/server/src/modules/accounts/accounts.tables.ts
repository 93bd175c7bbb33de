import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRoles, type AccountProvider, type Locale, type SavedAddress } from '@shop/shared';
import { productItems } from '../catalog/catalog.tables.js';

/**
 * Shoppers' accounts. `email` is stored normalised (trimmed, lower case) and is null only for
 * guests. `passwordHash` (argon2id) is null for accounts that only sign in through Google or
 * Apple.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    provider: text('provider').$type<AccountProvider>().notNull(),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    apartmentNumber: text('apartment_number').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    /** ISO 3166 alpha-2, empty when not given. */
    country: text('country').notNull().default(''),
    currencyCode: text('currency_code').notNull().default('NOK'),
    /**
     * The language the account reads the shop in (issue 31.7): a customer's mails, a staff
     * member's back office. Set from the page's language when the account is made.
     */
    locale: text('locale').$type<Locale>().notNull().default('nb'),
    shippingDetails: jsonb('shipping_details').$type<SavedAddress>(),
    billingAddress: jsonb('billing_address').$type<SavedAddress>(),
    /** Set by the shop owner: the account cannot sign in, and is told the reason. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    // The back office finds customers and their orders by part of the e-mail or name.
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    check('users_provider_check', sql`${table.provider} in ('local', 'google', 'apple', 'guest')`),
    check('users_locale_check', sql`${table.locale} in ('nb', 'en')`),
    check('users_role_check', sql`${table.role} in ('customer', 'owner', 'staff')`),
    check('users_email_check', sql`${table.email} is not null or ${table.provider} = 'guest'`),
    check('users_email_normalised_check', sql`${table.email} = lower(trim(${table.email}))`),
  ],
);

/** A Google or Apple account linked to a user, by the provider's stable subject id. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use replaces the token with a new one of the
 * same family; presenting a replaced token again means it leaked, so the whole family is
 * revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The session was opened with the staff's second factor (`/api/admin/auth`); rotation
     * passes it on. Only such a session opens the back office.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_idx').on(table.tokenHash),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/**
 * Single-use tokens sent by mail (verification, password reset) or handed over in a cookie
 * after a social sign-in. Only their SHA-256 hash is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify-email', 'reset-password', 'social-session'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_idx').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
    check(
      'account_tokens_purpose_check',
      sql`${table.purpose} in ('verify-email', 'reset-password', 'social-session')`,
    ),
  ],
);

/** Products a user keeps for later, by the purchasable item id a ProductCard carries. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);
