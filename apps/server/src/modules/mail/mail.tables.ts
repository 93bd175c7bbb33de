import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: a mail is written here in the same transaction as the change it
 * reports, and a worker sends it afterwards with retries, so a mail server that is down never
 * loses a mail nor fails the shopper's request.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is about (verify-email, reset-password...), for logs and tests. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The worker sending the mail now; its lease (nextAttemptAt) is renewed only by it. */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);
