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
 */
export async function enqueueMail(db: Database | Transaction, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}
