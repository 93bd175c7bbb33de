import {
  formatAmount,
  formatDate,
  formatOrganisationNumber,
  intlLocaleOf,
  oreToNok,
  shopAddressLine,
  variantText,
  type Locale,
  type SavedAddress,
  type ShopDetails,
  type ShopDetailsSetting,
} from '@shop/shared';
import { findCountry } from '../countries/index.js';
import {
  buildMail,
  mailWords,
  openingHours,
  storefrontLink,
  type MailAttachment,
  type MailBlock,
  type MailDraft,
  type MailWords,
} from '../mail/index.js';

/** Every mail about an order is in the order's language, the one it was placed in. */

export interface ConfirmedOrderLine {
  name: string;
  variants: Record<string, string>;
  quantity: number;
  unitPriceOre: number;
}

/** A line as a shipment's mail lists it. */
export interface ShippedLine {
  name: string;
  variants: Record<string, string>;
  quantity: number;
}

/** How the customer paid: the mails say where a reservation sits and where money goes back. */
export type PaidWith = 'card' | 'vipps';

const money = (locale: Locale) => (ore: number) => formatAmount(oreToNok(ore), 1, 'NOK', locale);

/** A reader reads "Norway" or "Norge", not the stored ISO code. */
function countryName(locale: Locale, code: string): string {
  const country = findCountry(code);
  if (!country) return code;
  if (locale === 'en') return country.name;
  return (
    new Intl.DisplayNames([intlLocaleOf[locale]], { type: 'region' }).of(country.alpha2) ??
    country.name
  );
}

function addressLines(locale: Locale, address: SavedAddress): string {
  return [
    address.name,
    address.address,
    address.apartmentNumber,
    `${address.postalCode} ${address.city}`.trim(),
    countryName(locale, address.country),
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** "2 × Wool Socks (colour: red, size: M)" */
function lineLabel(
  t: MailWords,
  line: { name: string; variants: Record<string, string>; quantity: number },
) {
  // The pairs in the order the storefront and the back office write them (issue 29.12).
  const variant = variantText(line.variants);
  const values = { quantity: line.quantity, name: line.name };
  return variant
    ? t('mails.orders.lineWithVariant', { ...values, variant })
    : t('mails.orders.line', values);
}

/** Room to write in by hand on a printed form. */
const blank = '_'.repeat(24);

/**
 * The right of withdrawal and the standard withdrawal form (angrerettloven § 8 and its form),
 * filled with the seller and the order, and the complaint right under the Consumer Purchases
 * Act with the terms of sale: the law wants them given with the confirmation, in writing.
 */
function withdrawal(
  t: MailWords,
  shop: ShopDetails,
  input: {
    locale: Locale;
    publicUrl: string;
    orderNumber: number;
    orderedAt: Date;
    lines: ConfirmedOrderLine[];
  },
): MailBlock[] {
  const field = (key: Parameters<MailWords>[0], value = blank): [string, string] => [t(key), value];
  return [
    { heading: t('mails.orders.withdrawal.heading') },
    t('mails.orders.withdrawal.right'),
    t('mails.orders.withdrawal.complaint'),
    {
      label: t('mails.orders.withdrawal.terms'),
      url: storefrontLink(input.publicUrl, input.locale, '/terms-conditions'),
    },
    { heading: t('mails.orders.withdrawal.formHeading') },
    t('mails.orders.withdrawal.formUse'),
    t('mails.orders.withdrawal.to', {
      name: shop.name,
      address: shopAddressLine(shop),
      organisationNumber: formatOrganisationNumber(shop.organisationNumber),
      email: shop.email,
    }),
    t('mails.orders.withdrawal.notice'),
    ...input.lines.map((line) => lineLabel(t, line)),
    {
      rows: [
        field('mails.orders.withdrawal.orderNumber', String(input.orderNumber)),
        field('mails.orders.withdrawal.orderedOn', formatDate(input.locale, input.orderedAt)),
        field('mails.orders.withdrawal.receivedOn'),
        field('mails.orders.withdrawal.consumerName'),
        field('mails.orders.withdrawal.consumerAddress'),
        field('mails.orders.withdrawal.signature'),
        field('mails.orders.withdrawal.date'),
      ],
    },
    t('mails.orders.withdrawal.strikeOut'),
  ];
}

/** The order confirmation: lines, VAT per rate, shipping, total, how the goods arrive, and the
 * right of withdrawal with its form. */
export function orderConfirmationMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  /** The order's short number (orders.number), the reference the shopper quotes. */
  orderNumber: number;
  orderedAt: Date;
  lines: ConfirmedOrderLine[];
  itemsTotalOre: number;
  discountOre: number;
  shippingOre: number;
  grandTotalOre: number;
  vat: { rate: number; amountOre: number }[];
  storePickup: boolean;
  shippingDetails: SavedAddress | null;
  /**
   * The payment (issue 32.3): `reserved` until the goods ship or are picked up, or `captured`
   * at the order; without it the mail says the payment was received, as before.
   */
  payment?: { paidWith: PaidWith; state: 'reserved' | 'captured' };
  /** The order's receipt as PDF (issue 34.5), sent with the mail. */
  receipt?: MailAttachment;
}): MailDraft {
  const { locale } = input;
  const t = mailWords(locale);
  const nok = money(locale);
  const number = String(input.orderNumber);
  const lineRows = input.lines.map((line): [string, string] => [
    lineLabel(t, line),
    nok(line.unitPriceOre * line.quantity),
  ]);
  const totals: [string, string][] = [
    [t('mails.orders.confirmation.itemsTotal'), nok(input.itemsTotalOre)],
    [t('mails.orders.confirmation.discount'), `-${nok(input.discountOre)}`],
    [t('mails.orders.confirmation.shipping'), nok(input.shippingOre)],
    [
      t(
        input.payment?.state === 'reserved'
          ? 'mails.orders.confirmation.totalReserved'
          : 'mails.orders.confirmation.totalPaid',
      ),
      nok(input.grandTotalOre),
    ],
    ...input.vat.map(({ rate, amountOre }): [string, string] => [
      t('mails.orders.confirmation.vat', { rate }),
      nok(amountOre),
    ]),
  ];
  const delivery = (shop: ShopDetailsSetting) =>
    input.storePickup || !input.shippingDetails
      ? [
          t('mails.orders.confirmation.storePickup', { address: shopAddressLine(shop) }),
          ...openingHours(locale, shop),
        ]
      : [
          t('mails.orders.confirmation.delivery', {
            address: addressLines(locale, input.shippingDetails),
          }),
        ];
  return (shop) =>
    buildMail(shop, {
      kind: 'order-confirmation',
      locale,
      to: input.to,
      name: input.name,
      ...(input.receipt && { attachments: [input.receipt] }),
      subject: t('mails.orders.confirmation.subject', { shop: shop.name, number }),
      blocks: [
        input.payment
          ? t('mails.orders.confirmation.thanksWith', {
              number,
              state: input.payment.state,
              paidWith: input.payment.paidWith,
              pickup: input.storePickup ? 'yes' : 'no',
            })
          : t('mails.orders.confirmation.thanks', { number }),
        { rows: lineRows },
        { rows: totals },
        ...delivery(shop),
        ordersLink(t, input.publicUrl, input.locale),
        ...withdrawal(t, shop, input),
      ],
    });
}

interface OrderNews {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  orderNumber: number;
}

function ordersLink(t: MailWords, publicUrl: string, locale: Locale): MailBlock {
  return { label: t('mails.orders.seeOrders'), url: storefrontLink(publicUrl, locale, '/orders') };
}

/**
 * The order has left the shop: the carrier, its tracking number and, when given, the link. A part
 * shipment (issue 32.3) lists the items that left, and says whether the rest follows or this was
 * the rest.
 */
export function orderShippedMail(
  input: OrderNews & {
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    part?: { lines: ShippedLine[]; rest: boolean };
  },
): MailDraft {
  const t = mailWords(input.locale);
  const number = String(input.orderNumber);
  const { part } = input;
  const opening = part
    ? [
        t(part.rest ? 'mails.orders.shipped.restBody' : 'mails.orders.shipped.partBody', {
          number,
        }),
        ...part.lines.map((line) => lineLabel(t, line)),
        ...(part.rest ? [] : [t('mails.orders.shipped.restFollows')]),
      ]
    : [t('mails.orders.shipped.body', { number })];
  return (shop) =>
    buildMail(shop, {
      kind: part && !part.rest ? 'order-shipped-part' : 'order-shipped',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t(
        part && !part.rest ? 'mails.orders.shipped.partSubject' : 'mails.orders.shipped.subject',
        { shop: shop.name, number },
      ),
      blocks: [
        ...opening,
        {
          rows: [
            [t('mails.orders.shipped.carrier'), input.carrier],
            [t('mails.orders.shipped.trackingNumber'), input.trackingNumber],
          ],
        },
        ...(input.trackingUrl
          ? [{ label: t('mails.orders.shipped.track'), url: input.trackingUrl }]
          : []),
        ordersLink(t, input.publicUrl, input.locale),
      ],
    });
}

/** A store pickup is ready: where and when to fetch it. */
export function orderReadyForPickupMail(input: OrderNews): MailDraft {
  const t = mailWords(input.locale);
  const number = String(input.orderNumber);
  return (shop) =>
    buildMail(shop, {
      kind: 'order-ready-for-pickup',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.orders.ready.subject', { shop: shop.name, number }),
      blocks: [
        t('mails.orders.ready.body', { number, address: shopAddressLine(shop) }),
        ...openingHours(input.locale, shop),
        t('mails.orders.ready.bring'),
        ordersLink(t, input.publicUrl, input.locale),
      ],
    });
}

/** The carrier delivered the order. */
export function orderDeliveredMail(input: OrderNews): MailDraft {
  const t = mailWords(input.locale);
  const number = String(input.orderNumber);
  return (shop) =>
    buildMail(shop, {
      kind: 'order-delivered',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.orders.delivered.subject', { shop: shop.name, number }),
      blocks: [
        t('mails.orders.delivered.body', { number }),
        t('mails.orders.returnWithin'),
        ordersLink(t, input.publicUrl, input.locale),
      ],
    });
}

/** The customer fetched a store pickup. */
export function orderPickedUpMail(input: OrderNews): MailDraft {
  const t = mailWords(input.locale);
  const number = String(input.orderNumber);
  return (shop) =>
    buildMail(shop, {
      kind: 'order-picked-up',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.orders.pickedUp.subject', { shop: shop.name, number }),
      blocks: [
        t('mails.orders.pickedUp.body', { number }),
        t('mails.orders.returnWithin'),
        ordersLink(t, input.publicUrl, input.locale),
      ],
    });
}

/**
 * The order was cancelled before it left the shop: what was in it, and whether the money was
 * given back (a charged order) or the reservation on the card released (nothing was charged).
 */
export function orderCancelledMail(
  input: OrderNews & {
    lines: ConfirmedOrderLine[];
    refundedOre: number;
    /** Where the money or the reservation was; the card when not told. */
    paidWith?: PaidWith;
  },
): MailDraft {
  const paidWith = input.paidWith ?? 'card';
  const t = mailWords(input.locale);
  const nok = money(input.locale);
  const number = String(input.orderNumber);
  return (shop) =>
    buildMail(shop, {
      kind: 'order-cancelled',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.orders.cancelled.subject', { shop: shop.name, number }),
      blocks: [
        t('mails.orders.cancelled.body', { number }),
        {
          rows: input.lines.map((line): [string, string] => [
            lineLabel(t, line),
            nok(line.unitPriceOre * line.quantity),
          ]),
        },
        input.refundedOre > 0
          ? t('mails.orders.cancelled.refunded', { amount: nok(input.refundedOre), paidWith })
          : t('mails.orders.cancelled.released', { paidWith }),
        t('mails.orders.cancelled.questions'),
        ordersLink(t, input.publicUrl, input.locale),
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
    /** Where the money goes back to; the card when not told. */
    paidWith?: PaidWith;
  },
): MailDraft {
  const t = mailWords(input.locale);
  const nok = money(input.locale);
  const number = String(input.orderNumber);
  const rows: [string, string][] = [
    ...input.lines.map((line): [string, string] => [
      t('mails.orders.lineReturned', { line: lineLabel(t, line) }),
      nok(line.amountOre),
    ]),
    ...(input.otherOre > 0
      ? [[t('mails.orders.refunded.goodwill'), nok(input.otherOre)] as [string, string]]
      : []),
    [t('mails.orders.refunded.total'), nok(input.amountOre)],
  ];
  return (shop) =>
    buildMail(shop, {
      kind: 'order-refunded',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.orders.refunded.subject', { shop: shop.name, number }),
      blocks: [
        t('mails.orders.refunded.body', { amount: nok(input.amountOre), number }),
        { rows },
        t('mails.orders.refundTakesDays', { paidWith: input.paidWith ?? 'card' }),
        ordersLink(t, input.publicUrl, input.locale),
      ],
    });
}
