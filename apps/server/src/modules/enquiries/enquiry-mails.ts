import type { Locale } from '@shop/shared';
import { buildMail, mailWords, type MailDraft } from '../mail/index.js';

/**
 * The shop's answer to a cleaning enquiry, to the enquirer. Staff write it as plain text: it
 * goes through the escaping renderer, a blank line starting a new paragraph. Its frame is in
 * the language the staff member wrote in, so it reads as one.
 */
export function enquiryReplyMail(input: {
  locale: Locale;
  to: string;
  fullname: string;
  body: string;
  enquiryMessage: string;
  /** The address the shop takes enquiries at, so the conversation goes on there. */
  replyTo: string;
}): MailDraft {
  const t = mailWords(input.locale);
  const paragraphs = (text: string) =>
    text
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
  const asked = paragraphs(input.enquiryMessage);
  return (shop) =>
    buildMail(shop, {
      kind: 'enquiry-reply',
      locale: input.locale,
      to: input.to,
      replyTo: input.replyTo,
      name: input.fullname,
      subject: t('mails.enquiries.reply.subject', { shop: shop.name }),
      blocks: [
        ...paragraphs(input.body),
        ...(asked.length > 0
          ? [t('mails.enquiries.reply.youWrote'), ...asked.map((paragraph) => `> ${paragraph}`)]
          : []),
      ],
    });
}

/**
 * A cleaning enquiry from the storefront, to the shop's own address, in its reader's language.
 * Everything in it was typed by a visitor, so it only ever goes through the escaping renderer.
 * Answering it writes to the enquirer (Reply-To), whose address and phone are in the text too.
 */
export function enquiryMail(input: {
  locale: Locale;
  to: string;
  fullname: string;
  email: string;
  phone: string;
  message: string;
}): MailDraft {
  const t = mailWords(input.locale);
  const message = input.message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (shop) =>
    buildMail(shop, {
      kind: 'cleaning-enquiry',
      locale: input.locale,
      to: input.to,
      replyTo: input.email,
      name: '',
      subject: t('mails.enquiries.enquiry.subject', { name: input.fullname }),
      blocks: [
        t('mails.enquiries.enquiry.intro'),
        {
          rows: [
            [t('mails.enquiries.enquiry.name'), input.fullname],
            [t('mails.enquiries.enquiry.email'), input.email],
            [t('mails.enquiries.enquiry.phone'), input.phone],
          ],
        },
        ...(message.length > 0
          ? [t('mails.enquiries.enquiry.message'), ...message]
          : [t('mails.enquiries.enquiry.noMessage')]),
        t('mails.enquiries.enquiry.answer', { email: input.email, phone: input.phone }),
      ],
    });
}
