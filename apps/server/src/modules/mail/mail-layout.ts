import escapeHtml from 'escape-html';
import {
  pathInLocale,
  formatOrganisationNumber,
  shopAddressLine,
  shopDetailsIn,
  type Locale,
  type MessageValues,
  type ShopDetails,
  type ShopDetailsSetting,
} from '@shop/shared';
import { translate, type MessageKey } from '../../i18n/i18n.js';
import type { MailAttachment, OutgoingMail } from './mail.service.js';

/**
 * How every mail of the shop looks: greeting, body, signature, as text and HTML, in the
 * reader's language. The mails themselves are written by the modules that send them
 * (accounts, staff, orders, enquiries), which know what they say and to whom; this module keeps
 * the look and the queue.
 */

/**
 * A mail body is a list of paragraphs, headings, links and label/value tables, written once and
 * rendered as text and HTML.
 */
export type MailBlock =
  string | { heading: string } | { label: string; url: string } | { rows: [string, string][] };

export interface MailContent {
  kind: string;
  /** The reader's language: every word of the mail, its footer included, is in it. */
  locale: Locale;
  to: string;
  name: string;
  subject: string;
  blocks: MailBlock[];
  /** Where an answer goes when not to the shop's contact address (see `enqueueMail`). */
  replyTo?: string;
  /** Files sent with the mail, such as an order confirmation's receipt. */
  attachments?: MailAttachment[];
}

/** The mail catalogue's words in one language. */
export type MailWords = (key: MessageKey, values?: MessageValues) => string;

export const mailWords =
  (locale: Locale): MailWords =>
  (key, values) =>
    translate(locale, key, values);

/** PUBLIC_URL may be configured with a trailing slash; links must not get a double one. */
export const linkBase = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** A storefront page in the reader's language: an English reader's link opens at `/en/…`. */
export const storefrontLink = (publicUrl: string, locale: Locale, path: string) =>
  `${linkBase(publicUrl)}${pathInLocale(locale, path)}`;

const greeting = (t: MailWords, name: string) =>
  name.trim()
    ? t('mails.layout.greeting', { name: name.trim() })
    : t('mails.layout.greetingNoName');

/** Under every mail: who sent it and how to reach them. */
function signature(t: MailWords, shop: ShopDetails): string[] {
  return [
    shopAddressLine(shop),
    `${shop.phone} · ${shop.email}`,
    t('mails.layout.organisationNumber', {
      number: formatOrganisationNumber(shop.organisationNumber),
      vat: shop.vatRegistered ? 'yes' : 'no',
    }),
  ];
}

/** The store's opening hours in the reader's language, for a store pickup. */
export function openingHours(locale: Locale, shop: ShopDetailsSetting): string[] {
  const hours = shopDetailsIn(shop, locale).openingHours;
  return hours.length > 0
    ? [translate(locale, 'mails.layout.openingHours', { hours: hours.join(', ') })]
    : [];
}

function renderText(t: MailWords, shop: ShopDetails, { name, blocks }: MailContent): string {
  const body = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('heading' in block) return `${block.heading}\n${'-'.repeat(block.heading.length)}`;
    if ('rows' in block) {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      return block.rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
    }
    return `${block.label}:\n${block.url}`;
  });
  return (
    [
      greeting(t, name),
      ...body,
      `${t('mails.layout.signOff')}\n${shop.name}`,
      signature(t, shop).join('\n'),
    ].join('\n\n') + '\n'
  );
}

function renderHtml(t: MailWords, shop: ShopDetails, content: MailContent): string {
  const { locale, name, subject, blocks } = content;
  const shopName = escapeHtml(shop.name);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${text}</p>`;
  const body = blocks.map((block) => {
    if (typeof block === 'string') return paragraph(escapeHtml(block));
    if ('heading' in block)
      return `<h2 style="margin:24px 0 12px;font-size:17px">${escapeHtml(block.heading)}</h2>`;
    if ('rows' in block) {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('');
      return `<table style="border-collapse:collapse;margin:0 0 16px;width:100%">${rows}</table>`;
    }
    const url = escapeHtml(block.url);
    return (
      paragraph(
        `<a href="${url}" style="display:inline-block;padding:10px 18px;background:#1f5f8b;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a>`,
      ) +
      `<p style="margin:0 0 16px;font-size:12px;color:#666666;word-break:break-all">${escapeHtml(t('mails.layout.copyLink'))}<br>${url}</p>`
    );
  });
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222222">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${shopName}</h1>`,
    paragraph(escapeHtml(greeting(t, name))),
    ...body,
    paragraph(`${escapeHtml(t('mails.layout.signOff'))}<br>${shopName}`),
    `<p style="margin:16px 0 0;font-size:12px;color:#666666;line-height:1.5">${signature(t, shop).map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
  ].join('\n');
}

export function buildMail(shop: ShopDetails, content: MailContent): OutgoingMail {
  const t = mailWords(content.locale);
  return {
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text: renderText(t, shop, content),
    html: renderHtml(t, shop, content),
    ...(content.replyTo !== undefined && { replyTo: content.replyTo }),
    ...(content.attachments !== undefined && { attachments: content.attachments }),
  };
}
