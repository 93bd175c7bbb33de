import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A file a queued mail carries, its bytes in base64 (`MailAttachment` as stored). */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The transactional outbox: a mail is written here in the same transaction as the change it
 * reports, and a worker sends it afterwards with retries, so a mail server that is down never
 * loses a mail nor fails the shopper's request. Only a pending mail has a body: once sent or
 * given up, it holds no link or token any more, just who got what and when.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is about (verify-email, reset-password...), for logs and tests. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /**
     * The customer the mail is about, so their mails go when the account does. No foreign key:
     * the account deletion removes them through `forgetMailsOf`, which also removes the files a
     * cascade could not reach.
     */
    userId: uuid('user_id'),
    /**
     * What else the mail is about, as `<kind>:<id>` (`enquiry:<uuid>`), so it goes when that
     * record is erased (`forgetMailsAbout`): an enquiry's notice and replies name the enquirer.
     */
    about: text('about'),
    /**
     * Where an answer goes (Reply-To): the shop's contact address, or the enquirer's on the
     * shop's notice of an enquiry. Needed only to send, so it goes with the body.
     */
    replyTo: text('reply_to'),
    /**
     * The recipient is forgotten once the mail is sent or given up: the goodbye mail of a deleted
     * account, the one mail that must still reach an address no account holds any more.
     */
    forgetRecipient: boolean('forget_recipient').notNull().default(false),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    /**
     * The files sent with the mail (an order confirmation's receipt), written when the mail is
     * queued, as the body is: a receipt is the sale's document as it was then. Part of the body,
     * so gone once the mail is sent or given up (`mail_outbox_attachments_check`).
     */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>(),
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
    index('mail_outbox_user_idx').on(table.userId),
    index('mail_outbox_about_idx').on(table.about),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check(
      'mail_outbox_body_check',
      sql`(${table.status} = 'pending' and ${table.text} is not null and ${table.html} is not null)
        or (${table.status} <> 'pending' and ${table.text} is null and ${table.html} is null)`,
    ),
    check(
      'mail_outbox_attachments_check',
      sql`${table.status} = 'pending' or ${table.attachments} is null`,
    ),
  ],
);
