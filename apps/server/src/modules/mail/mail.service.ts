import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
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
 * Stores a mail in the outbox. Callers pass the transaction of the change the mail reports, so
 * the mail exists exactly when the change does; the mail worker sends it after the commit.
 * `userId` names the customer the mail is about, so it goes with their account
 * (`forgetMailsOf`); mails to the shop itself have none.
 */
export async function enqueueMail(
  db: Database | Transaction,
  mail: OutgoingMail,
  { userId }: { userId?: string | null } = {},
): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    userId: userId ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
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
