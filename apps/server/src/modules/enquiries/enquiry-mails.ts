import { buildMail, type MailDraft } from '../mail/index.js';

/**
 * The shop's answer to a cleaning enquiry, to the enquirer. Staff write it as plain text: it
 * goes through the escaping renderer, a blank line starting a new paragraph.
 */
export function enquiryReplyMail(input: {
  to: string;
  fullname: string;
  body: string;
  enquiryMessage: string;
  /** The address the shop takes enquiries at, so the conversation goes on there. */
  replyTo: string;
}): MailDraft {
  const paragraphs = (text: string) =>
    text
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
  const asked = paragraphs(input.enquiryMessage);
  return (shop) =>
    buildMail(shop, {
      kind: 'enquiry-reply',
      to: input.to,
      replyTo: input.replyTo,
      name: input.fullname,
      subject: `Re: your cleaning enquiry to ${shop.name}`,
      blocks: [
        ...paragraphs(input.body),
        ...(asked.length > 0 ? ['You wrote:', ...asked.map((paragraph) => `> ${paragraph}`)] : []),
      ],
    });
}

/**
 * A cleaning enquiry from the storefront, to the shop's own address. Everything in it was typed
 * by a visitor, so it only ever goes through the escaping renderer. Answering it writes to the
 * enquirer (Reply-To), whose address and phone are in the text too.
 */
export function enquiryMail(input: {
  to: string;
  fullname: string;
  email: string;
  phone: string;
  message: string;
}): MailDraft {
  const message = input.message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (shop) =>
    buildMail(shop, {
      kind: 'cleaning-enquiry',
      to: input.to,
      replyTo: input.email,
      name: '',
      subject: `Cleaning enquiry from ${input.fullname}`,
      blocks: [
        'A visitor sent a cleaning enquiry through the shop.',
        {
          rows: [
            ['Name', input.fullname],
            ['Email', input.email],
            ['Phone', input.phone],
          ],
        },
        ...(message.length > 0 ? ['Their message:', ...message] : ['They left no message.']),
        `Answer them at ${input.email} or ${input.phone}.`,
      ],
    });
}
