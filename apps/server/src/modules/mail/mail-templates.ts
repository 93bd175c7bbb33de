import {
  formatAmount,
  formatOrganisationNumber,
  oreToNok,
  shopAddressLine,
  variantText,
  type SavedAddress,
  type ShopDetails,
} from '@shop/shared';
import { findCountry } from '../currency/countries.js';
import type { MailDraft, OutgoingMail } from './mail.service.js';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/**
 * A mail body is a list of paragraphs, links and label/value tables, written once and rendered
 * as text and HTML.
 */
type Block = string | { label: string; url: string } | { rows: [string, string][] };

interface MailContent {
  kind: string;
  to: string;
  name: string;
  subject: string;
  blocks: Block[];
  /** Where an answer goes when not to the shop's contact address (see `enqueueMail`). */
  replyTo?: string;
}

/** PUBLIC_URL may be configured with a trailing slash; links must not get a double one. */
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

/** Under every mail: who sent it and how to reach them. */
function signature(shop: ShopDetails): string[] {
  return [
    shopAddressLine(shop),
    `${shop.phone} · ${shop.email}`,
    `Org. no. ${formatOrganisationNumber(shop.organisationNumber)}${shop.vatRegistered ? ' MVA' : ''}`,
  ];
}

function openingHours(shop: ShopDetails): string[] {
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

function build(shop: ShopDetails, content: MailContent): OutgoingMail {
  return {
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text: renderText(shop, content),
    html: renderHtml(shop, content),
    ...(content.replyTo !== undefined && { replyTo: content.replyTo }),
  };
}

export function verificationMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  userId: string;
  token: string;
}): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'verify-email',
      to: input.to,
      name: input.name,
      subject: `Verify your email address at ${shop.name}`,
      blocks: [
        `Thank you for signing up at ${shop.name}. Please confirm your email address with the link below.`,
        {
          label: 'Verify my email address',
          url: `${base(input.publicUrl)}/verify/${input.userId}/${input.token}`,
        },
        'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.',
      ],
    });
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
}): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'reset-password',
      to: input.to,
      name: input.name,
      subject: `Reset your ${shop.name} password`,
      blocks: [
        `We received a request to reset the password of your ${shop.name} account. Choose a new password with the link below.`,
        {
          label: 'Choose a new password',
          url: `${base(input.publicUrl)}/forgot-password/${input.token}`,
        },
        'The link is valid for 1 hour. If you did not ask for a new password, ignore this mail: your password stays unchanged.',
      ],
    });
}

export function staffInvitationMail(input: {
  to: string;
  invitedBy: string;
  role: 'owner' | 'staff';
  publicUrl: string;
  token: string;
  validDays: number;
}): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'staff-invitation',
      to: input.to,
      name: '',
      subject: `You are invited to the ${shop.name} back office`,
      blocks: [
        `${input.invitedBy} invites you to run ${shop.name} with them, as ${input.role === 'owner' ? 'an owner' : 'a member of the staff'}. Accept with the link below: you choose your password there, then set up an authenticator app on your phone for signing in.`,
        {
          label: 'Accept the invitation',
          url: `${base(input.publicUrl)}/admin/invitation/${input.token}`,
        },
        `The link works once and for ${input.validDays} days. If you did not expect this mail, ignore it.`,
      ],
    });
}

/**
 * A staff member's authenticator codes are locked after too many wrong ones: someone who has
 * their password is guessing, or they are mistyping. Either way they should know, and how to
 * get back in.
 */
export function secondFactorLockedMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  wrongCodes: number;
  /** When the codes are taken again, as a person in Norway reads it. */
  lockedUntil: string;
}): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'second-factor-locked',
      to: input.to,
      name: input.name,
      subject: `Sign-in codes paused for your ${shop.name} back office account`,
      blocks: [
        `Your password was right, then ${input.wrongCodes} wrong codes were entered in a row at the back office sign-in. To keep the shop safe, codes from your authenticator app are refused until ${input.lockedUntil} (Norwegian time).`,
        'If it was you: wait until then, or sign in now with one of your recovery codes.',
        'If it was not you, someone knows your password. Choose a new one right away with the link below.',
        { label: 'Choose a new password', url: `${base(input.publicUrl)}/forgot-password` },
      ],
    });
}

export function passwordChangedMail(input: {
  to: string;
  name: string;
  publicUrl: string;
}): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'password-changed',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} password was changed`,
      blocks: [
        `The password of your ${shop.name} account was just changed. If that was you, there is nothing more to do.`,
        'If it was not you, choose a new password right away with the link below.',
        { label: 'Reset my password', url: `${base(input.publicUrl)}/forgot-password` },
      ],
    });
}

export function accountDeletedMail(input: { to: string; name: string }): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'account-deleted',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} account was deleted`,
      blocks: [
        `As you asked, your ${shop.name} account and the personal data it held have been deleted.`,
        'Orders you placed are kept for our bookkeeping. The law has us keep your name and address on the receipts of what you paid for, for five years after the end of the year of the sale, and nothing else about you.',
        'Thank you for shopping with us.',
      ],
    });
}

export function accountExistsMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  verifyLink?: string;
}): MailDraft {
  const publicUrl = base(input.publicUrl);
  const blocks = (shopName: string): Block[] => [
    `Someone, perhaps you, tried to sign up at ${shopName} with this email address. It already has an account, so no new account was created.`,
    { label: 'Log in', url: `${publicUrl}/login` },
    { label: 'Forgotten your password? Choose a new one', url: `${publicUrl}/forgot-password` },
    ...(input.verifyLink
      ? [
          'Your email address is not verified yet. Verify it with the link below.',
          { label: 'Verify my email address', url: input.verifyLink },
        ]
      : []),
    'If it was not you, you can ignore this mail.',
  ];
  return (shop) =>
    build(shop, {
      kind: 'account-exists',
      to: input.to,
      name: input.name,
      subject: `You already have a ${shop.name} account`,
      blocks: blocks(shop.name),
    });
}

export interface ConfirmedOrderLine {
  name: string;
  variants: Record<string, string>;
  quantity: number;
  unitPriceOre: number;
}

const nok = (ore: number) => formatAmount(oreToNok(ore), 1, 'NOK');

function addressLines(address: SavedAddress): string {
  return [
    address.name,
    address.address,
    address.apartmentNumber,
    `${address.postalCode} ${address.city}`.trim(),
    // A reader reads "Norway", not the stored ISO code.
    findCountry(address.country)?.name ?? address.country,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** "2 × Wool Socks (colour: red, size: M)" */
function lineLabel(line: { name: string; variants: Record<string, string>; quantity: number }) {
  // The pairs in the order the storefront and the back office write them (issue 29.12).
  const variant = variantText(line.variants);
  return `${line.quantity} × ${line.name}${variant ? ` (${variant})` : ''}`;
}

/** The order confirmation: lines, VAT per rate, shipping, total and how the goods arrive. */
export function orderConfirmationMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  /** The order's short number (orders.number), the reference the shopper quotes. */
  orderNumber: number;
  lines: ConfirmedOrderLine[];
  itemsTotalOre: number;
  discountOre: number;
  shippingOre: number;
  grandTotalOre: number;
  vat: { rate: number; amountOre: number }[];
  storePickup: boolean;
  shippingDetails: SavedAddress | null;
}): MailDraft {
  const reference = String(input.orderNumber);
  const lineRows = input.lines.map((line): [string, string] => [
    lineLabel(line),
    nok(line.unitPriceOre * line.quantity),
  ]);
  const totals: [string, string][] = [
    ['Total M.R.P', nok(input.itemsTotalOre)],
    ['Discount', `-${nok(input.discountOre)}`],
    ['Shipping', nok(input.shippingOre)],
    ['Total paid', nok(input.grandTotalOre)],
    ...input.vat.map(({ rate, amountOre }): [string, string] => [
      `of which VAT ${rate} %`,
      nok(amountOre),
    ]),
  ];
  const delivery = (shop: ShopDetails) =>
    input.storePickup || !input.shippingDetails
      ? [
          `You chose Store Pickup. Please visit our store at ${shopAddressLine(shop)} to get your order; we will tell you when it is ready.`,
          ...openingHours(shop),
        ]
      : [
          `We will send your order to ${addressLines(input.shippingDetails)}. Orders are dispatched within two working days.`,
        ];
  return (shop) =>
    build(shop, {
      kind: 'order-confirmation',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${reference}`,
      blocks: [
        `Thank you for your order ${reference}. Your payment has been received.`,
        { rows: lineRows },
        { rows: totals },
        ...delivery(shop),
        { label: 'See your orders', url: `${base(input.publicUrl)}/orders` },
      ],
    });
}

interface OrderNews {
  to: string;
  name: string;
  publicUrl: string;
  orderNumber: number;
}

const ordersLink = (publicUrl: string) => ({
  label: 'See your orders',
  url: `${base(publicUrl)}/orders`,
});

/** The order has left the shop: the carrier, its tracking number and, when given, the link. */
export function orderShippedMail(
  input: OrderNews & { carrier: string; trackingNumber: string; trackingUrl: string | null },
): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'order-shipped',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${input.orderNumber} is on its way`,
      blocks: [
        `Your order ${input.orderNumber} has been shipped.`,
        {
          rows: [
            ['Carrier', input.carrier],
            ['Tracking number', input.trackingNumber],
          ],
        },
        ...(input.trackingUrl ? [{ label: 'Track your parcel', url: input.trackingUrl }] : []),
        ordersLink(input.publicUrl),
      ],
    });
}

/** A store pickup is ready: where and when to fetch it. */
export function orderReadyForPickupMail(input: OrderNews): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'order-ready-for-pickup',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${input.orderNumber} is ready for pickup`,
      blocks: [
        `Your order ${input.orderNumber} is ready. You chose Store Pickup: please visit our store at ${shopAddressLine(shop)} to get it.`,
        ...openingHours(shop),
        'Bring your order number.',
        ordersLink(input.publicUrl),
      ],
    });
}

/** The carrier delivered the order. */
export function orderDeliveredMail(input: OrderNews): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'order-delivered',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${input.orderNumber} has been delivered`,
      blocks: [
        `Your order ${input.orderNumber} has been delivered. We hope you enjoy it.`,
        'You may return goods within 14 days of receiving them; contact us to do so.',
        ordersLink(input.publicUrl),
      ],
    });
}

/** The customer fetched a store pickup. */
export function orderPickedUpMail(input: OrderNews): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'order-picked-up',
      to: input.to,
      name: input.name,
      subject: `You picked up your ${shop.name} order ${input.orderNumber}`,
      blocks: [
        `Thank you for picking up your order ${input.orderNumber} at our store. We hope you enjoy it.`,
        'You may return goods within 14 days of receiving them; contact us to do so.',
        ordersLink(input.publicUrl),
      ],
    });
}

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
    build(shop, {
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

const refundTakesDays =
  'The money goes back to the card you paid with; it can take a few working days to show on your account.';

/**
 * The order was cancelled before it left the shop: what was in it, and whether the money was
 * given back (a charged order) or the reservation on the card released (nothing was charged).
 */
export function orderCancelledMail(
  input: OrderNews & { lines: ConfirmedOrderLine[]; refundedOre: number },
): MailDraft {
  return (shop) =>
    build(shop, {
      kind: 'order-cancelled',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${input.orderNumber} has been cancelled`,
      blocks: [
        `We have cancelled your order ${input.orderNumber}, and it will not be sent.`,
        {
          rows: input.lines.map((line): [string, string] => [
            lineLabel(line),
            nok(line.unitPriceOre * line.quantity),
          ]),
        },
        input.refundedOre > 0
          ? `We have refunded ${nok(input.refundedOre)}. ${refundTakesDays}`
          : 'You have not been charged: the amount reserved on your card has been released.',
        'If you have any questions, please contact us.',
        ordersLink(input.publicUrl),
      ],
    });
}

/**
 * Money given back on an order: the returned lines with what each brings back, any amount
 * besides them, and the total.
 */
export function orderRefundedMail(
  input: OrderNews & {
    lines: {
      name: string;
      variants: Record<string, string>;
      quantity: number;
      amountOre: number;
    }[];
    /** Given back besides the lines (goodwill). */
    otherOre: number;
    amountOre: number;
  },
): MailDraft {
  const rows: [string, string][] = [
    ...input.lines.map((line): [string, string] => [
      `${lineLabel(line)} returned`,
      nok(line.amountOre),
    ]),
    ...(input.otherOre > 0
      ? [['Refunded as goodwill', nok(input.otherOre)] as [string, string]]
      : []),
    ['Total refunded', nok(input.amountOre)],
  ];
  return (shop) =>
    build(shop, {
      kind: 'order-refunded',
      to: input.to,
      name: input.name,
      subject: `Refund for your ${shop.name} order ${input.orderNumber}`,
      blocks: [
        `We have refunded ${nok(input.amountOre)} for your order ${input.orderNumber}.`,
        { rows },
        refundTakesDays,
        ordersLink(input.publicUrl),
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
    build(shop, {
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
