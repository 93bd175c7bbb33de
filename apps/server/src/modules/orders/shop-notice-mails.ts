import {
  formatAmount,
  formatDateTime,
  intlLocaleOf,
  oreToNok,
  variantText,
  type Locale,
  type SavedAddress,
} from '@shop/shared';
import { findCountry } from '../countries/index.js';
import {
  buildMail,
  linkBase,
  mailWords,
  type MailBlock,
  type MailDraft,
  type MailWords,
} from '../mail/index.js';
import type { ConfirmedOrderLine } from './order-mails.js';

/**
 * The mails to the shop itself (issue 34): a new order to pack, and the morning's list of items
 * running low. They go to the order address of the settings and are read by staff, so they are
 * written in the shop's language, and link into the back office rather than the storefront.
 * Kept apart from `order-mails.ts`, whose every export is a mail to a customer.
 */

// Written as the customer's mails write them (order-mails.ts, whose exports are all mails).
const money = (locale: Locale) => (ore: number) => formatAmount(oreToNok(ore), 1, 'NOK', locale);

/** "Norge", not the stored ISO code. */
function countryName(locale: Locale, code: string): string {
  const country = findCountry(code);
  if (!country) return code;
  if (locale === 'en') return country.name;
  return (
    new Intl.DisplayNames([intlLocaleOf[locale]], { type: 'region' }).of(country.alpha2) ??
    country.name
  );
}

/** The delivery address on one line. */
const addressLine = (locale: Locale, address: SavedAddress) =>
  [
    address.name,
    address.address,
    address.apartmentNumber,
    `${address.postalCode} ${address.city}`.trim(),
    countryName(locale, address.country),
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');

/** "2 × Wool Socks (Colour: Red, Size: M)" */
function lineLabel(t: MailWords, line: ConfirmedOrderLine) {
  const variant = variantText(line.variants);
  const values = { quantity: line.quantity, name: line.name };
  return variant
    ? t('mails.orders.lineWithVariant', { ...values, variant })
    : t('mails.orders.line', values);
}

/** A page of the back office, which the server serves under /admin. */
const backOfficeLink = (publicUrl: string, path: string) => `${linkBase(publicUrl)}/admin${path}`;

/** A new order, as the shop is told of it: who, what, how it goes out, and where to open it. */
export function newOrderNoticeMail(input: {
  locale: Locale;
  to: string;
  publicUrl: string;
  orderId: string;
  orderNumber: number;
  orderedAt: Date;
  customer: { name: string; email: string; phone: string };
  lines: ConfirmedOrderLine[];
  itemsTotalOre: number;
  discountOre: number;
  shippingOre: number;
  grandTotalOre: number;
  /** `reserved` until the goods ship or are picked up, `captured` when already charged. */
  payment: 'reserved' | 'captured';
  storePickup: boolean;
  shippingDetails: SavedAddress | null;
}): MailDraft {
  const { locale } = input;
  const t = mailWords(locale);
  const nok = money(locale);
  const number = String(input.orderNumber);
  const customer: [string, string][] = [
    [t('mails.shop.newOrder.customer'), input.customer.name],
    [t('mails.shop.newOrder.email'), input.customer.email],
    [t('mails.shop.newOrder.phone'), input.customer.phone],
  ];
  // A guest's order may lack a phone or a name; a row with nothing in it says nothing.
  const customerRows = customer.filter(([, value]) => value.trim() !== '');
  const delivery: MailBlock =
    input.storePickup || !input.shippingDetails
      ? t('mails.shop.newOrder.storePickup')
      : t('mails.shop.newOrder.homeDelivery', {
          address: addressLine(locale, input.shippingDetails),
        });
  return (shop) =>
    buildMail(shop, {
      kind: 'new-order-notice',
      locale,
      to: input.to,
      name: '',
      subject: t('mails.shop.newOrder.subject', {
        number,
        total: nok(input.grandTotalOre),
        pickup: input.storePickup ? 'yes' : 'no',
      }),
      blocks: [
        t('mails.shop.newOrder.intro', {
          number,
          date: formatDateTime(locale, input.orderedAt),
          state: input.payment,
        }),
        ...(customerRows.length > 0 ? [{ rows: customerRows }] : []),
        { heading: t('mails.shop.newOrder.items') },
        {
          rows: input.lines.map((line): [string, string] => [
            lineLabel(t, line),
            nok(line.unitPriceOre * line.quantity),
          ]),
        },
        {
          rows: [
            [t('mails.orders.confirmation.itemsTotal'), nok(input.itemsTotalOre)],
            [t('mails.orders.confirmation.discount'), `-${nok(input.discountOre)}`],
            [t('mails.orders.confirmation.shipping'), nok(input.shippingOre)],
            [t('mails.shop.newOrder.total', { state: input.payment }), nok(input.grandTotalOre)],
          ],
        },
        { heading: t('mails.shop.newOrder.delivery') },
        delivery,
        {
          label: t('mails.shop.newOrder.open', { number }),
          url: backOfficeLink(input.publicUrl, `/orders/${encodeURIComponent(input.orderId)}`),
        },
      ],
    });
}

/** An item at or below its low-stock threshold, as the inventory page shows it. */
export interface LowStockItem {
  productName: string;
  variants: Record<string, string>;
  sku: string;
  stock: number;
  effectiveThreshold: number;
}

/**
 * The morning's list of items at or below their low-stock threshold, sold-out ones included,
 * each with a link to adjust it on the inventory page (found there by its SKU). `more` counts
 * the low items past those listed, which the link to the whole list shows.
 */
export function lowStockNoticeMail(input: {
  locale: Locale;
  to: string;
  publicUrl: string;
  items: LowStockItem[];
  more: number;
}): MailDraft {
  const { locale } = input;
  const t = mailWords(locale);
  const count = input.items.length + input.more;
  const itemBlocks = input.items.flatMap((item): MailBlock[] => {
    const variant = variantText(item.variants);
    return [
      {
        heading: variant
          ? t('mails.shop.lowStock.itemWithVariant', { name: item.productName, variant })
          : item.productName,
      },
      {
        rows: [
          [t('mails.shop.lowStock.sku'), item.sku],
          [
            t('mails.shop.lowStock.stock'),
            item.stock === 0 ? t('mails.shop.lowStock.soldOut') : String(item.stock),
          ],
          [t('mails.shop.lowStock.threshold'), String(item.effectiveThreshold)],
        ],
      },
      {
        label: t('mails.shop.lowStock.adjust', { sku: item.sku }),
        url: backOfficeLink(input.publicUrl, `/inventory?q=${encodeURIComponent(item.sku)}`),
      },
    ];
  });
  return (shop) =>
    buildMail(shop, {
      kind: 'low-stock',
      locale,
      to: input.to,
      name: '',
      subject: t('mails.shop.lowStock.subject', { count, shop: shop.name }),
      blocks: [
        t('mails.shop.lowStock.intro', { count }),
        ...itemBlocks,
        ...(input.more > 0 ? [t('mails.shop.lowStock.more', { count: input.more })] : []),
        {
          label: t('mails.shop.lowStock.all'),
          url: backOfficeLink(input.publicUrl, '/inventory?state=low'),
        },
        t('mails.shop.lowStock.why'),
      ],
    });
}
