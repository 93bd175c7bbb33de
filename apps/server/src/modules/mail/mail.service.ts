import { eq, inArray } from 'drizzle-orm';
import type { ShopDetailsSetting } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { getSetting } from '../settings/index.js';
import { mailOutbox } from './mail.tables.js';

/** A file a mail carries, such as an order's receipt as PDF. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail ready to send, with a plain-text and an HTML part. */
export interface OutgoingMail {
  /** What the mail is about (verify-email, reset-password...), for logs and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Where an answer goes. The shop's contact address when not given (`enqueueMail`): mail is
   * sent from a no-reply sender (MAIL_FROM), so without it an answer would go nowhere.
   */
  replyTo?: string;
  /** Files sent with it, kept with the body until it is sent (`mail_outbox.attachments`). */
  attachments?: MailAttachment[];
}

/**
 * A mail written but not yet signed: `enqueueMail` completes it with the shop's details as the
 * owner last saved them (name, address, phone; its own words in both languages, for the mail's),
 * so no mail carries details fixed in code.
 */
export type MailDraft = (shop: ShopDetailsSetting) => OutgoingMail;

/** What else decides what becomes of a queued mail. */
export interface MailOwnership {
  /** The customer the mail is about: it goes with their account (`forgetMailsOf`). */
  userId?: string | null;
  /** Another record it is about, as `<kind>:<id>`: it goes with it (`forgetMailsAbout`). */
  about?: string;
  /** Keep no recipient once it is sent: the goodbye mail of a deleted account. */
  forgetRecipient?: boolean;
}

/**
 * Stores a mail in the outbox. Callers pass the transaction of the change the mail reports, so
 * the mail exists exactly when the change does; the mail worker sends it after the commit.
 * `userId` names the customer the mail is about, so it goes with their account; mails to the
 * shop itself have none. Every mail gets a reply path: its own, or the shop's contact address
 * as stored now. Answers the mail as stored.
 */
export async function enqueueMail(
  db: Database | Transaction,
  draft: OutgoingMail | MailDraft,
  { userId, about, forgetRecipient = false }: MailOwnership = {},
): Promise<OutgoingMail & { replyTo: string }> {
  const shop = await getSetting(db, 'shopDetails');
  const written = typeof draft === 'function' ? draft(shop) : draft;
  const mail = { ...written, replyTo: written.replyTo ?? shop.email };
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    userId: userId ?? null,
    about: about ?? null,
    replyTo: mail.replyTo,
    forgetRecipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments:
      mail.attachments && mail.attachments.length > 0
        ? mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content.toString('base64'),
          }))
        : null,
  });
  return mail;
}

/**
 * Removes every mail about a customer whose account is being deleted, queued or sent, inside the
 * deletion's transaction. Resolves to the ids of the removed mails, whose written copies
 * (`MailWorker.discard`) go once the deletion has committed.
 */
export async function forgetMailsOf(tx: Transaction, userId: string): Promise<string[]> {
  const removed = await tx
    .delete(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .returning({ id: mailOutbox.id });
  return removed.map((mail) => mail.id);
}

/**
 * Removes every mail about these records (`about` as given to `enqueueMail`), queued or sent,
 * inside the transaction that erases them; resolves to the removed mails' ids, as
 * `forgetMailsOf` does.
 */
export async function forgetMailsAbout(
  tx: Transaction,
  about: readonly string[],
): Promise<string[]> {
  if (about.length === 0) return [];
  const removed = await tx
    .delete(mailOutbox)
    .where(inArray(mailOutbox.about, [...about]))
    .returning({ id: mailOutbox.id });
  return removed.map((mail) => mail.id);
}
