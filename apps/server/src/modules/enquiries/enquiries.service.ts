import type { z } from 'zod';
import type { enquiryRequestSchema } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { enquiryMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/mail.service.js';
import { enquiries } from './enquiries.tables.js';

/** A validated enquiry (the schema has checked every field's rule). */
export type ValidEnquiry = z.output<typeof enquiryRequestSchema>;

/** One line: a name or an address never needs a line break, and a mail subject must not get one. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * Keeps the enquiry and queues its mail to the shop in one transaction, so an enquiry is never
 * stored without its mail or mailed without being stored. The caller wakes the mail worker.
 */
export async function createEnquiry(
  db: Database,
  input: ValidEnquiry,
  shopEmail: string,
): Promise<void> {
  const enquiry = {
    fullname: oneLine(input.fullname),
    email: input.email.trim(),
    phone: oneLine(input.phone),
    message: input.message.trim(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(enquiries).values(enquiry);
    await enqueueMail(tx, enquiryMail({ to: shopEmail, ...enquiry }));
  });
}
