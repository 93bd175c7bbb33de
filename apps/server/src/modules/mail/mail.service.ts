import { eq } from 'drizzle-orm';
import type { ShopDetails } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { getSetting } from '../settings/settings.service.js';
import { mailOutbox } from './mail.tables.js';

/** A mail ready to send, with a plain-text and an HTML part. */
export interface OutgoingMail {
  /** What the mail is about (verify-email, reset-password...), for logs and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail written but not yet signed: `enqueueMail` completes it with the shop's details as the
 * owner last saved them (name, address, phone), so no mail carries details fixed in code.
 */
export type MailDraft = (shop: ShopDetails) => OutgoingMail;

/**
 * Stores a mail in the outbox. Callers pass the transaction of the change the mail reports, so
 * the mail exists exactly when the change does; the mail worker sends it after the commit.
 * `userId` names the customer the mail is about, so it goes with their account
 * (`forgetMailsOf`); mails to the shop itself have none. Answers the mail as stored.
 */
export async function enqueueMail(
  db: Database | Transaction,
  draft: OutgoingMail | MailDraft,
  { userId }: { userId?: string | null } = {},
): Promise<OutgoingMail> {
  const mail = typeof draft === 'function' ? draft(await getSetting(db, 'shopDetails')) : draft;
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    userId: userId ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
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
