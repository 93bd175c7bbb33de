import { z } from 'zod';
import { savedAddressSchema } from './accounts.js';
import { adminFlagFilter, adminPageFields, adminPagingShape } from './admin-paging.js';
import { answerText, freeText, idSchema, text } from './common.js';
import { variantsSchema } from './catalog.js';
import { deliveryStatuses, orderPaymentStatuses } from './orders.js';

/** How the goods reach the customer: sent home, or fetched at the store. */
export const deliveryMethods = ['home', 'pickup'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

export const adminOrderSortValues = ['date', 'number', 'total'] as const;

export const NOTE_MAX_LENGTH = 2000;

export const adminOrderMessages = {
  notFound: 'Order not found',
  date: 'must be a date (2025-03-31) or a date and time with its offset (2025-03-31T14:00:00+02:00)',
  fromAfterTo: 'from must not be after to',
  illegalMove: (from: string, to: string) => `An order cannot move from ${from} to ${to}`,
  cancelElsewhere:
    'Cancelling an order gives its money back and restocks it: use Cancel order (POST /api/admin/orders/{id}/cancel) instead.',
  carrierRequired: 'Carrier is required to ship an order',
  trackingNumberRequired: 'Tracking number is required to ship an order',
  trackingOnlyWhenShipped: 'Carrier and tracking are given only when the order is shipped',
  trackingUrl: 'Tracking link must be an https:// address',
  shipmentEmpty: 'Choose at least one line to ship',
  shipmentPickup: 'A store pickup is handed over whole: only a home delivery can ship in parts',
  shipmentNotOpen: (status: string) =>
    `Only a PENDING or PACKED order can ship a part; this order is ${status}`,
  shipmentUnknownLine: 'This line is not part of the order',
  shipmentLineTwice: 'List each line once',
  shipmentTooMany: (product: string, left: number) =>
    left === 0
      ? `Every unit of ${product} has been shipped already`
      : `Only ${left} of ${product} are left to ship`,
  shipmentWholeCharge:
    'This order’s payment is being charged in full, so it cannot ship in parts: ship it whole',
  cancelAfterPart:
    'Part of this order has been shipped, so it can no longer be cancelled: ship the rest, or refund what the customer should get back',
  noteRequired: 'The note is empty',
  noteTooLong: `A note is at most ${NOTE_MAX_LENGTH} characters`,
} as const;

/**
 * A reservation this many days old is shown as close to expiry: a card's may lapse after 7 days
 * (Vipps MobilePay's own last 180 days in Norway, but one paid by credit card may not), so the
 * owner has two days to ship or cancel (issue 32.3).
 */
export const RESERVATION_WARNING_DAYS = 5;

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: adminOrderMessages.date,
});

/**
 * `GET /api/admin/orders`: filters (all optional, combined), search, sort and paging. A plain
 * date is a day in Norway: `from` from its start, `to` up to its end.
 */
export const adminOrderListQuerySchema = z
  .object({
    q: text()
      .max(200, { error: 'q must be at most 200 characters' })
      .default('')
      .transform((q) => q.trim())
      .describe('An order number, or part of the customer’s e-mail address or name.'),
    deliveryStatus: z
      .enum(deliveryStatuses, {
        error: `deliveryStatus must be one of ${deliveryStatuses.join(', ')}`,
      })
      .optional(),
    paymentStatus: z
      .enum(orderPaymentStatuses, {
        error: `paymentStatus must be one of ${orderPaymentStatuses.join(', ')}`,
      })
      .optional(),
    delivery: z
      .enum(deliveryMethods, { error: 'delivery must be home or pickup' })
      .optional()
      .describe('home: sent to an address; pickup: fetched at the store.'),
    couponId: idSchema
      .optional()
      .describe('The orders placed with this coupon (`GET /api/admin/coupons/{id}`).'),
    toPack: adminFlagFilter('toPack').describe(
      'true: paid or reserved (AUTHORISED, CHARGED or PARTLY_REFUNDED) and still PENDING, the ' +
        'orders waiting to be packed.',
    ),
    reservationExpiring: adminFlagFilter('reservationExpiring').describe(
      `true: not cancelled, the payment reserved or its capture failed, and ordered more than ${RESERVATION_WARNING_DAYS} days ago: a card's reservation may lapse after 7 days (issue 32.3).`,
    ),
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
    sort: z
      .enum(adminOrderSortValues, { error: 'sort must be date, number or total' })
      .default('date'),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
    ...adminPagingShape,
  })
  .refine(
    (query) =>
      query.from === undefined ||
      query.to === undefined ||
      query.from.slice(0, 10) <= query.to.slice(0, 10),
    { error: adminOrderMessages.fromAfterTo, path: ['from'] },
  );
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  /** ISO 8601, UTC. */
  createdAt: answerText(),
  /** The account's name and e-mail, else the delivery address's; null once both are gone. */
  customerName: answerText().nullable(),
  customerEmail: answerText().nullable(),
  /** Units bought, all lines together. */
  itemCount: z.number().int(),
  grandTotalOre: z.number().int(),
  paymentStatus: z.enum(orderPaymentStatuses),
  deliveryStatus: z.enum(deliveryStatuses),
  deliveryMethod: z.enum(deliveryMethods),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  ...adminPageFields,
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderIdParamsSchema = z.object({ id: idSchema });

export const adminOrderLineSchema = z.object({
  id: idSchema,
  /** Null once the product or item was deleted; the snapshot below stays. */
  productId: idSchema.nullable(),
  productItemId: idSchema.nullable(),
  name: answerText(),
  slug: answerText(),
  variants: variantsSchema,
  /** The item's SKU now, while it exists. */
  sku: answerText().nullable(),
  image: answerText(),
  quantity: z.number().int(),
  returnedQuantity: z.number().int(),
  /** How many have left the shop in part shipments (issue 32.3); all once the order is SHIPPED. */
  shippedQuantity: z.number().int(),
  listPriceOre: z.number().int(),
  unitPriceOre: z.number().int(),
  vatPercent: z.number().int(),
  /** unitPriceOre × quantity. */
  lineTotalOre: z.number().int(),
});

export const adminRefundSchema = z.object({
  id: idSchema,
  kind: answerText(),
  amountOre: z.number().int(),
  status: z.enum(['pending', 'completed', 'failed']),
  lines: z.array(
    z.object({
      orderLineId: answerText(),
      quantity: z.number().int(),
      amountOre: z.number().int(),
      vatPercent: z.number().int(),
      restock: z.boolean(),
    }),
  ),
  note: answerText(),
  failure: answerText().nullable(),
  providerRefundId: answerText().nullable(),
  createdByEmail: answerText().nullable(),
  createdAt: answerText(),
  completedAt: answerText().nullable(),
});

/**
 * Part of a home delivery that left the shop before the rest (issue 32.3), with what its
 * shipment captured of the reservation: its lines' share of the total, the shipping with the
 * first part, and with the last part whatever was left, so the parts add up to the total.
 */
export const adminShipmentSchema = z.object({
  id: idSchema,
  lines: z.array(z.object({ orderLineId: idSchema, quantity: z.number().int() })),
  amountOre: z.number().int(),
  carrier: answerText(),
  trackingNumber: answerText(),
  trackingUrl: answerText().nullable(),
  createdByEmail: answerText().nullable(),
  createdAt: answerText(),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

export const adminOrderEventSchema = z.object({
  id: z.number().int(),
  /** created, charged, charge_failed, delivery, mail, note, refund, refund_failed, cancelled, returned. */
  kind: answerText(),
  /** What the event tells: states, amounts, the note's text, the mail's template and subject. */
  detail: z.record(answerText(), z.unknown()),
  /** The staff member who did it; null for the shopper, the provider or the server. */
  actorEmail: answerText().nullable(),
  createdAt: answerText(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

export const adminOrderSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  createdAt: answerText(),
  updatedAt: answerText(),
  deliveryMethod: z.enum(deliveryMethods),
  deliveryStatus: z.enum(deliveryStatuses),
  /** The states the order may move to now through `POST …/delivery` (CANCELLED is `…/cancel`). */
  allowedDeliveryMoves: z.array(z.enum(deliveryStatuses)),
  carrier: answerText().nullable(),
  trackingNumber: answerText().nullable(),
  trackingUrl: answerText().nullable(),
  lines: z.array(adminOrderLineSchema),
  itemsTotalOre: z.number().int(),
  discountOre: z.number().int(),
  shippingOre: z.number().int(),
  grandTotalOre: z.number().int(),
  refundedOre: z.number().int(),
  couponCode: answerText().nullable(),
  /** VAT included in the total, per rate, the shipping's share at each rate included. */
  vatLines: z.array(z.object({ rate: z.number(), amountOre: z.number().int() })),
  /**
   * The shipping's part at each VAT rate, VAT included, highest rate first, adding up to
   * `shippingOre` (ours, issue 29): shipping carries the rates of the goods it delivers, split
   * by their value; an order from before that split has all its shipping at 25 %.
   */
  shippingByRate: z.array(z.object({ rate: z.number().int(), grossOre: z.number().int() })),
  shippingDetails: savedAddressSchema.nullable(),
  billingDetails: savedAddressSchema.nullable(),
  payment: z.object({
    provider: answerText(),
    paymentId: answerText(),
    status: z.enum(orderPaymentStatuses),
    attempts: z.number().int(),
    lastError: answerText().nullable(),
    chargedAt: answerText().nullable(),
    /** What has been captured of the reservation so far (issue 32.3): refunds are bounded by it. */
    capturedOre: z.number().int(),
  }),
  /** The account that ordered; null for a deleted account. */
  customer: z
    .object({ id: idSchema, name: answerText(), email: answerText().nullable() })
    .nullable(),
  refunds: z.array(adminRefundSchema),
  /** Part shipments, oldest first; empty for an order that left in one go. */
  shipments: z.array(adminShipmentSchema),
  /** Oldest first. */
  timeline: z.array(adminOrderEventSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const trackingText = (name: string, max: number) =>
  text({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });

/**
 * `POST /api/admin/orders/:id/delivery`. Shipping needs the carrier and its tracking number;
 * the tracking link is optional and https only.
 */
export const deliveryMoveRequestSchema = z
  .object({
    to: z.enum(deliveryStatuses, {
      error: `to must be one of ${deliveryStatuses.join(', ')}`,
    }),
    carrier: trackingText('carrier', 100).optional(),
    trackingNumber: trackingText('trackingNumber', 100).optional(),
    trackingUrl: trackingText('trackingUrl', 500)
      .refine((url) => url === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(url), {
        error: adminOrderMessages.trackingUrl,
      })
      .optional(),
  })
  .superRefine((body, context) => {
    const given = (value: string | undefined) => value !== undefined && value !== '';
    if (body.to === 'SHIPPED') {
      if (!given(body.carrier))
        context.addIssue({
          code: 'custom',
          path: ['carrier'],
          message: adminOrderMessages.carrierRequired,
        });
      if (!given(body.trackingNumber))
        context.addIssue({
          code: 'custom',
          path: ['trackingNumber'],
          message: adminOrderMessages.trackingNumberRequired,
        });
    } else
      for (const field of ['carrier', 'trackingNumber', 'trackingUrl'] as const)
        if (given(body[field]))
          context.addIssue({
            code: 'custom',
            path: [field],
            message: adminOrderMessages.trackingOnlyWhenShipped,
          });
  });
export type DeliveryMoveRequest = z.input<typeof deliveryMoveRequestSchema>;

/**
 * `POST /api/admin/orders/:id/shipments` (ours, issue 32.3): some of a home delivery's lines
 * leave the shop now, in a PENDING or PACKED order, with the carrier and tracking number; their
 * part of the payment is captured. Shipping what is left this way, or moving the order to
 * SHIPPED, ships the rest and captures what remains. Answers the order.
 */
export const partShipmentRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: idSchema,
        quantity: z
          .number({ error: 'quantity must be a whole number' })
          .int({ error: 'quantity must be a whole number' })
          .min(1, { error: 'quantity must be at least 1' }),
      }),
      { error: 'lines must list the order lines to ship' },
    )
    .min(1, { error: adminOrderMessages.shipmentEmpty }),
  carrier: trackingText('carrier', 100).min(1, { error: adminOrderMessages.carrierRequired }),
  trackingNumber: trackingText('trackingNumber', 100).min(1, {
    error: adminOrderMessages.trackingNumberRequired,
  }),
  trackingUrl: trackingText('trackingUrl', 500)
    .refine((url) => url === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(url), {
      error: adminOrderMessages.trackingUrl,
    })
    .optional(),
});
export type PartShipmentRequest = z.input<typeof partShipmentRequestSchema>;

/** `POST /api/admin/orders/:id/notes`: an internal note, never shown to the customer. */
export const orderNoteRequestSchema = z.object({
  text: freeText({ error: 'text is required' })
    .trim()
    .min(1, { error: adminOrderMessages.noteRequired })
    .max(NOTE_MAX_LENGTH, { error: adminOrderMessages.noteTooLong }),
});
export type OrderNoteRequest = z.input<typeof orderNoteRequestSchema>;
