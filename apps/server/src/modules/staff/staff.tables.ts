import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffRoles } from '@shop/shared';
import { users } from '../accounts/accounts.tables.js';

/**
 * A staff member's authenticator: the shared TOTP secret, confirmed once the first code from
 * the app was right. `lastUsedStep` is the time step of the last accepted code, so a code
 * cannot be used twice. `wrongCodes` counts wrong answers since the last right one, from every
 * challenge and address; each tenth locks the app's codes until `lockedUntil`.
 */
export const staffSecondFactors = pgTable(
  'staff_second_factors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: integer('last_used_step').notNull().default(0),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_second_factors_wrong_codes_check', sql`${table.wrongCodes} >= 0`)],
);

/** Single-use recovery codes, kept hashed; a new enrolment replaces them all. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_recovery_codes_hash_idx').on(table.userId, table.codeHash)],
);

/**
 * The step between password and second factor: a short-lived, single-use, hashed token that
 * names the user whose password was right, with the wrong codes tried against it counted.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_challenges_token_idx').on(table.tokenHash)],
);

/** An owner's invitation of a staff member: single use, expiring, its token kept hashed. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_idx').on(table.tokenHash),
    index('staff_invitations_email_idx').on(table.email),
    check(
      'staff_invitations_email_normalised_check',
      sql`${table.email} = lower(trim(${table.email}))`,
    ),
  ],
);
