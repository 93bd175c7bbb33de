import escapeHtml from 'escape-html';
import { formatOrganisationNumber, shopAddressLine, type ShopDetails } from '@shop/shared';
import type { OutgoingMail } from './mail.service.js';

/**
 * How every mail of the shop looks: greeting, body, signature, as text and HTML. The mails
 * themselves are written by the modules that send them (accounts, staff, orders, enquiries),
 * which know what they say; this module keeps the look and the queue.
 */

/**
 * A mail body is a list of paragraphs, links and label/value tables, written once and rendered
 * as text and HTML.
 */
export type MailBlock = string | { label: string; url: string } | { rows: [string, string][] };

export interface MailContent {
  kind: string;
  to: string;
  name: string;
  subject: string;
  blocks: MailBlock[];
  /** Where an answer goes when not to the shop's contact address (see `enqueueMail`). */
  replyTo?: string;
}

/** PUBLIC_URL may be configured with a trailing slash; links must not get a double one. */
export const linkBase = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

/** Under every mail: who sent it and how to reach them. */
function signature(shop: ShopDetails): string[] {
  return [
    shopAddressLine(shop),
    `${shop.phone} · ${shop.email}`,
    `Org. no. ${formatOrganisationNumber(shop.organisationNumber)}${shop.vatRegistered ? ' MVA' : ''}`,
  ];
}

export function openingHours(shop: ShopDetails): string[] {
  return shop.openingHours.length > 0 ? [`Opening hours: ${shop.openingHours.join(', ')}.`] : [];
}

function renderText(shop: ShopDetails, { name, blocks }: MailContent): string {
  const body = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('rows' in block) {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      return block.rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
    }
    return `${block.label}:\n${block.url}`;
  });
  return (
    [greeting(name), ...body, `Best regards,\n${shop.name}`, signature(shop).join('\n')].join(
      '\n\n',
    ) + '\n'
  );
}

function renderHtml(shop: ShopDetails, { name, subject, blocks }: MailContent): string {
  const shopName = escapeHtml(shop.name);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${text}</p>`;
  const body = blocks.map((block) => {
    if (typeof block === 'string') return paragraph(escapeHtml(block));
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
      `<p style="margin:0 0 16px;font-size:12px;color:#666666;word-break:break-all">If the button does not work, copy this address into your browser:<br>${url}</p>`
    );
  });
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222222">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${shopName}</h1>`,
    paragraph(escapeHtml(greeting(name))),
    ...body,
    paragraph(`Best regards,<br>${shopName}`),
    `<p style="margin:16px 0 0;font-size:12px;color:#666666;line-height:1.5">${signature(shop).map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
  ].join('\n');
}

export function buildMail(shop: ShopDetails, content: MailContent): OutgoingMail {
  return {
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text: renderText(shop, content),
    html: renderHtml(shop, content),
    ...(content.replyTo !== undefined && { replyTo: content.replyTo }),
  };
}
