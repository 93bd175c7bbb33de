import { z } from 'zod';
import { adminRefundSchema } from './admin-orders.js';
import { answerText, freeText, idSchema, text } from './common.js';
import { deliveryStatuses, orderPaymentStatuses, type DeliveryStatus } from './orders.js';

export const REFUND_NOTE_MAX_LENGTH = 1000;
export const CANCEL_REASON_MAX_LENGTH = 500;
/** More than any order holds; a bound so a request cannot ask for absurd work. */
const MAX_REFUND_LINES = 200;
const MAX_QUANTITY = 10_000;
/** NOK 10 million in øre: far above any order, far below integer trouble. */
const MAX_AMOUNT_ORE = 1_000_000_000;

/** What staff may refund by hand: goods sent back, or an amount as goodwill (cancel has its own call). */
export const refundRequestKinds = ['return', 'goodwill'] as const;

/**
 * The delivery states in which goods can come back (issue 29): once they have left the shop.
 * Before that an order is cancelled, or given an amount back as goodwill.
 */
export const returnDeliveryStatuses: readonly DeliveryStatus[] = [
  'SHIPPED',
  'DELIVERED',
  'PICKED_UP',
];

/** Long enough for any UUID or ULID a client makes, short enough to index. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const orderMoneyMessages = {
  kind: 'kind must be return or goodwill',
  linesRequired: 'A return needs at least one line with the quantity sent back.',
  goodwillWithoutLines:
    'A goodwill refund gives back an amount without goods: send amountOre and no lines.',
  duplicateLine: 'Each order line may be named once.',
  tooManyLines: `At most ${MAX_REFUND_LINES} lines`,
  quantity: `The quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en')}.`,
  amount: 'The amount must be a whole number of øre, more than 0.',
  note: `The note can be at most ${REFUND_NOTE_MAX_LENGTH} characters.`,
  reasonRequired: 'Say why the order is cancelled.',
  reason: `The reason can be at most ${CANCEL_REASON_MAX_LENGTH} characters.`,
  notFound: 'Order not found',
  unknownLine: 'This line is not part of the order.',
  tooManyReturned: (name: string, left: number) =>
    left === 0
      ? `Every unit of ${name} has been returned already.`
      : `Only ${left} of ${name} can still be returned.`,
  notRefundable: (status: string) =>
    `Only a charged order can be refunded; this order's payment is ${status}.`,
  overRefund: (leftOre: number) =>
    `A refund cannot exceed what was paid: at most ${leftOre} øre (NOK ${(leftOre / 100).toFixed(2)}) can still be refunded.`,
  nothingToRefund: 'These lines were paid nothing (a full discount): there is nothing to refund.',
  providerRefundFailed:
    'The payment service did not make the refund, so nothing was refunded or changed. Please try again in a moment.',
  notCancellable: (status: string) =>
    `An order that is ${status} can no longer be cancelled; register a return instead.`,
  providerCancelFailed:
    'The payment service could not release the payment, so the order was not cancelled. Please try again in a moment.',
  notChargeFailed: (status: string) =>
    `Only a failed charge can be tried again; this order's payment is ${status}.`,
  notReturnable: (status: string) =>
    status === 'CANCELLED'
      ? 'A cancelled order has no goods out to return.'
      : `A return can only be registered once the goods have left the shop; this order is ${status}. Until then, cancel the order or refund an amount as goodwill.`,
  idempotencyKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters without spaces, such as a UUID.`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different refund request. Make a new key for a new refund.',
  idempotencyKeyInProgress:
    'A refund with this Idempotency-Key is still being made. Ask again in a moment for its answer.',
} as const;

/**
 * The headers of `POST /api/admin/orders/:id/refunds`: the optional idempotency key. Loose, so
 * the other headers (authorization, language) stay on the request.
 */
export const refundHeadersSchema = z.looseObject({
  'idempotency-key': text({ error: orderMoneyMessages.idempotencyKey })
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), {
      error: orderMoneyMessages.idempotencyKey,
    })
    .optional()
    .describe(
      'Optional, and sent by the back office: a key the client makes once per refund it means ' +
        '(a UUID). The same key again answers the refund it made, without a second refund or ' +
        'a second call to the payment provider, from any server process and after a restart; ' +
        'the same key with another body answers 422, and while the first request with it is ' +
        'still being made 409.',
    ),
});

export const orderMoneyParamsSchema = z.object({ id: idSchema });

const refundLineRequestSchema = z.object({
  orderLineId: idSchema,
  quantity: z
    .number({ error: orderMoneyMessages.quantity })
    .int({ error: orderMoneyMessages.quantity })
    .min(1, { error: orderMoneyMessages.quantity })
    .max(MAX_QUANTITY, { error: orderMoneyMessages.quantity }),
  restock: z
    .boolean({ error: 'restock must be true or false' })
    .default(true)
    .describe('Whether the units go back to stock (a `return` ledger row); not for damaged goods.'),
});

/**
 * `POST /api/admin/orders/:id/refunds`. A return refunds the lines sent back at what they were
 * paid (their share of a coupon taken off), never the shipping (spec §9); `amountOre` adds an
 * amount on top. A goodwill refund is an amount alone, such as the shipping.
 */
export const refundRequestSchema = z
  .object({
    kind: z.enum(refundRequestKinds, { error: orderMoneyMessages.kind }),
    lines: z
      .array(refundLineRequestSchema)
      .max(MAX_REFUND_LINES, { error: orderMoneyMessages.tooManyLines })
      .default([]),
    amountOre: z
      .number({ error: orderMoneyMessages.amount })
      .int({ error: orderMoneyMessages.amount })
      .min(1, { error: orderMoneyMessages.amount })
      .max(MAX_AMOUNT_ORE, { error: orderMoneyMessages.amount })
      .optional()
      .describe('An amount in øre given back besides the lines (for goodwill, the amount).'),
    note: freeText({ error: 'note must be text' })
      .trim()
      .max(REFUND_NOTE_MAX_LENGTH, { error: orderMoneyMessages.note })
      .default(''),
  })
  .superRefine((body, context) => {
    if (body.kind === 'return' && body.lines.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: orderMoneyMessages.linesRequired,
      });
    if (body.kind === 'goodwill' && (body.lines.length > 0 || body.amountOre === undefined))
      context.addIssue({
        code: 'custom',
        path: [body.lines.length > 0 ? 'lines' : 'amountOre'],
        message: orderMoneyMessages.goodwillWithoutLines,
      });
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.orderLineId))
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'orderLineId'],
          message: orderMoneyMessages.duplicateLine,
        });
      seen.add(line.orderLineId);
    });
  });
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** `POST /api/admin/orders/:id/cancel`. */
export const cancelOrderRequestSchema = z.object({
  reason: freeText({ error: orderMoneyMessages.reasonRequired })
    .trim()
    .min(1, { error: orderMoneyMessages.reasonRequired })
    .max(CANCEL_REASON_MAX_LENGTH, { error: orderMoneyMessages.reason })
    .describe('Kept on the order’s timeline; not sent to the customer.'),
});
export type CancelOrderRequest = z.input<typeof cancelOrderRequestSchema>;

/** Where an order's money stands after a refund, a cancellation or a new try of the charge. */
export const orderMoneyStateSchema = z.object({
  orderId: idSchema,
  number: z.number().int(),
  paymentStatus: z.enum(orderPaymentStatuses),
  deliveryStatus: z.enum(deliveryStatuses),
  grandTotalOre: z.number().int(),
  /** Given back so far, refunds in progress included. */
  refundedOre: z.number().int(),
  /** What can still be refunded: grandTotalOre − refundedOre while the order is charged, else 0. */
  refundableOre: z.number().int(),
  paymentAttempts: z.number().int(),
  paymentLastError: answerText().nullable(),
});
export type OrderMoneyState = z.infer<typeof orderMoneyStateSchema>;

export const refundResponseSchema = z.object({
  refund: adminRefundSchema,
  order: orderMoneyStateSchema,
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export const cancelOrderResponseSchema = z.object({
  order: orderMoneyStateSchema,
  /** The refund of what was charged; null when the reservation was released instead. */
  refund: adminRefundSchema.nullable(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

export const retryChargeResponseSchema = z.object({ order: orderMoneyStateSchema });
export type RetryChargeResponse = z.infer<typeof retryChargeResponseSchema>;
