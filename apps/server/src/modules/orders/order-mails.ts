import {
  formatAmount,
  oreToNok,
  shopAddressLine,
  variantText,
  type SavedAddress,
  type ShopDetails,
} from '@shop/shared';
import { findCountry } from '../countries/index.js';
import { buildMail, linkBase, openingHours, type MailDraft } from '../mail/index.js';

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
    buildMail(shop, {
      kind: 'order-confirmation',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} order ${reference}`,
      blocks: [
        `Thank you for your order ${reference}. Your payment has been received.`,
        { rows: lineRows },
        { rows: totals },
        ...delivery(shop),
        { label: 'See your orders', url: `${linkBase(input.publicUrl)}/orders` },
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
  url: `${linkBase(publicUrl)}/orders`,
});

/** The order has left the shop: the carrier, its tracking number and, when given, the link. */
export function orderShippedMail(
  input: OrderNews & { carrier: string; trackingNumber: string; trackingUrl: string | null },
): MailDraft {
  return (shop) =>
    buildMail(shop, {
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
    buildMail(shop, {
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
    buildMail(shop, {
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
    buildMail(shop, {
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
    buildMail(shop, {
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
    buildMail(shop, {
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
