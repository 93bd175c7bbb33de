import { z } from 'zod';
import { savedAddressSchema } from './accounts.js';
import { cartLinesSchema, couponCodeTooLong, MAX_COUPON_CODE_LENGTH } from './cart.js';
import { answerText, idSchema, imagePathSchema, text } from './common.js';
import { variantsSchema } from './catalog.js';
import {
  addressErrors,
  addressFieldMaxLengths,
  addressFieldTooLong,
  addressFields,
  type AddressField,
  type AddressInput,
  type AddressKind,
} from './shipping-rules.js';

// The lengths are checked with the form's other rules (addressErrors), in the same words.
const addressText = text().trim();

/**
 * An address as a client sends it (spec §3), checked with the shipping form's rules: the
 * first problem is answered as the 400 message. `country` is an ISO 3166 alpha-2 or alpha-3
 * code; the server stores alpha-2.
 */
export const addressRequestSchema = (kind: AddressKind) =>
  z
    .object({
      name: addressText.default(''),
      phone: addressText.default(''),
      email: addressText.default(''),
      address: addressText.default(''),
      apartmentNumber: addressText.default(''),
      city: addressText.default(''),
      country: text()
        .trim()
        .regex(/^([A-Za-z]{2,3})?$/, { error: 'country must be an ISO 3166 code' })
        .transform((code) => code.toUpperCase())
        .default(''),
      postalCode: addressText.default(''),
    })
    .superRefine((address, context) => {
      const errors = addressErrors(address, kind);
      for (const field of addressFields) {
        const message = errors[field];
        if (message === undefined) continue;
        context.addIssue({ code: 'custom', path: [field], message });
        return;
      }
    });
export type AddressRequest = z.input<ReturnType<typeof addressRequestSchema>>;

const addressFormSchema = z.object({
  name: text(),
  phone: text(),
  email: text(),
  address: text(),
  apartmentNumber: text(),
  city: text(),
  country: text(),
  postalCode: text(),
});

/**
 * The shipping step's home-delivery form (VAL-29 to VAL-43): every field in error of both
 * addresses at once, each with its message. The billing address is checked only when it differs
 * from the shipping address; an unset choice counts as the same (SHIP-15).
 */
export const shippingStepFormSchema = z
  .object({
    shipping: addressFormSchema,
    billing: addressFormSchema,
    billingChoice: z.enum(['same', 'different']).nullable(),
  })
  .superRefine((form, context) => {
    const check = (address: AddressInput, kind: AddressKind) => {
      const errors = addressErrors(address, kind);
      for (const field of addressFields) {
        const message = errors[field];
        if (message !== undefined)
          context.addIssue({ code: 'custom', path: [kind, field], message });
      }
    };
    check(form.shipping, 'shipping');
    if (form.billingChoice === 'different') check(form.billing, 'billing');
  });
export type ShippingStepForm = z.infer<typeof shippingStepFormSchema>;

/** `POST /api/orders/shippingDetails`: the user's shipping and billing details. */
export const shippingDetailsRequestSchema = z.object({
  shippingDetails: addressRequestSchema('shipping'),
  billingAddress: addressRequestSchema('billing'),
});
export const shippingDetailsResponseSchema = z.object({
  shippingDetails: savedAddressSchema,
  billingAddress: savedAddressSchema,
});
export type ShippingDetailsResponse = z.infer<typeof shippingDetailsResponseSchema>;

/** The cart part of the shipping-price and create-payment calls. */
export const checkoutCartSchema = z.object({
  cartItems: cartLinesSchema,
  quickBuy: z.boolean().default(false),
  toCountryCode: text({ error: 'toCountryCode is required' })
    .trim()
    .regex(/^([A-Za-z]{2,3})?$/, { error: 'toCountryCode must be an ISO 3166 code' })
    .transform((code) => code.toUpperCase())
    .default(''),
  toPostalCode: text()
    .trim()
    .max(addressFieldMaxLengths.postalCode, { error: addressFieldTooLong('postalCode') })
    .default(''),
  currencyCode: text().max(3).default('NOK'),
});
export type CheckoutCart = z.infer<typeof checkoutCartSchema>;

export const shippingPriceRequestSchema = z.object({
  order: z.object({ cart: checkoutCartSchema }),
});
export type ShippingPriceRequest = z.input<typeof shippingPriceRequestSchema>;
export const shippingPriceResponseSchema = z.object({ shippingPrice: z.number() });

export const postalCodeParamsSchema = z.object({
  country: text().regex(/^[A-Za-z]{2,3}$/, { error: 'country must be an ISO 3166 code' }),
  code: text().max(20),
});
/** `GET /api/postal-codes/{country}/{code}` (ours): the place of a postal code. */
export const postalCodeResponseSchema = z.object({ postalCode: answerText(), city: answerText() });

const couponCodeSchema = text()
  .trim()
  .max(MAX_COUPON_CODE_LENGTH, { error: couponCodeTooLong })
  .optional();

const orderAddressField = (field: AddressField) =>
  text()
    .max(addressFieldMaxLengths[field], { error: addressFieldTooLong(field) })
    .optional();

/** An address as the old client sends it with an order; blank for a store pickup. */
const orderAddressSchema = z
  .looseObject({
    name: orderAddressField('name'),
    phone: orderAddressField('phone'),
    email: orderAddressField('email'),
    address: orderAddressField('address'),
    apartmentNumber: orderAddressField('apartmentNumber'),
    city: orderAddressField('city'),
    country: orderAddressField('country'),
    postalCode: orderAddressField('postalCode'),
  })
  .nullish();

/** How a shopper may pay: by card in the embedded widget, or with Vipps MobilePay. */
export const paymentMethods = ['card', 'vipps'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const createPaymentRequestSchema = z.object({
  storePickup: z.boolean().default(false),
  order: z.object({ cart: checkoutCartSchema }),
  couponCode: couponCodeSchema,
  /**
   * Ours, optional: the delivery addresses, kept with the payment so that an order the
   * provider's webhook makes before the shopper is back has them (and someone to mail).
   */
  shippingDetails: orderAddressSchema,
  billingDetails: orderAddressSchema,
  /**
   * Ours, optional (issue 32.1): `card` in the embedded widget, as old clients pay, or `vipps`,
   * where the answer's `redirectUrl` sends the shopper to Vipps MobilePay and back to
   * `/checkout/vipps`.
   */
  paymentMethod: z
    .enum(paymentMethods, { error: `paymentMethod must be one of ${paymentMethods.join(', ')}` })
    .default('card'),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const paymentProviders = ['test', 'nets', 'vipps'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/**
 * `POST /api/payments/webhook/{provider}`: a notification in Nexi's shape, `{id, timestamp,
 * merchantNumber, event, data: {paymentId, ...}}`. Only the event and the payment id are read;
 * they pass the text rule like anything else a client sends, so a NUL byte is a 400 rather than
 * a database error. The rest passes unread.
 */
export const paymentWebhookBodySchema = z.looseObject({
  event: text({ error: 'event must be text' }).max(200, { error: 'event is too long' }),
  data: z.looseObject(
    {
      paymentId: text({ error: 'data.paymentId must be text' })
        .min(1, { error: 'data.paymentId is required' })
        .max(100, { error: 'data.paymentId is too long' }),
    },
    { error: 'data must be an object with the paymentId' },
  ),
});
export type PaymentWebhookBody = z.infer<typeof paymentWebhookBodySchema>;

/** What the payment widget is mounted with; `amount` is NOK computed by the server. */
export const createPaymentResponseSchema = z.object({
  paymentId: answerText(),
  checkoutKey: answerText(),
  amount: z.number(),
  currency: answerText(),
  provider: z.enum(paymentProviders),
  /** The provider's checkout script the widget is mounted with (ours). */
  checkoutScriptUrl: answerText(),
  /** Ours: where the shopper approves a Vipps MobilePay payment; absent for the card. */
  redirectUrl: answerText().optional(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/**
 * `POST /api/orders/vipps-express` (ours, issue 32.4): pays the cart, or the one item bought now
 * (`quickBuy`), with Vipps Express from the product page or the cart. The shopper picks address
 * and delivery in the Vipps app, so the cart's destination is not read; the answer is the
 * create-payment answer, whose `redirectUrl` sends the shopper to Vipps and back to
 * `/checkout/vipps`, where the order is asked for as after any Vipps payment.
 */
export const vippsExpressRequestSchema = z.object({
  order: z.object({ cart: checkoutCartSchema }),
  couponCode: couponCodeSchema,
});
export type VippsExpressRequest = z.input<typeof vippsExpressRequestSchema>;

/**
 * `POST /api/orders`. Only the payment id is trusted to find what was paid for; lines, prices
 * and shipping sent here are compared with what the server priced, never used as amounts.
 */
export const placeOrderRequestSchema = z
  .object({
    subscriberId: text().optional(),
    orderItems: cartLinesSchema,
    paymentType: z.literal('CASH', { error: 'paymentType must be CASH' }).default('CASH'),
    shippingDetails: orderAddressSchema,
    billingDetails: orderAddressSchema,
    shippingPrice: z.number().optional(),
    storePickup: z.boolean().default(false),
    paymentId: text().trim().min(1).max(100).optional(),
    merchantReference: text().trim().min(1).max(100).optional(),
    couponCode: couponCodeSchema,
  })
  .refine((body) => body.paymentId !== undefined || body.merchantReference !== undefined, {
    message: 'paymentId is required',
  });
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/**
 * Delivery states an order moves through, moved on by the back office: a home delivery goes
 * PENDING → PACKED → SHIPPED → DELIVERED, a store pickup PENDING → PACKED → READY_FOR_PICKUP →
 * PICKED_UP; an order not yet shipped or picked up can be CANCELLED.
 */
export const deliveryStatuses = [
  'PENDING',
  'PACKED',
  'SHIPPED',
  'READY_FOR_PICKUP',
  'DELIVERED',
  'PICKED_UP',
  'CANCELLED',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * Where an order's money stands: reserved at the provider (AUTHORISED), taken (CHARGED), the
 * last try to take it failed (CHARGE_FAILED, tried again), given back in part or in full
 * (PARTLY_REFUNDED, REFUNDED), or the reservation released before any charge (CANCELLED).
 */
export const orderPaymentStatuses = [
  'AUTHORISED',
  'CHARGED',
  'CHARGE_FAILED',
  'PARTLY_REFUNDED',
  'REFUNDED',
  'CANCELLED',
] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** The money is in: what was paid can be given back. */
export const paidPaymentStatuses: readonly OrderPaymentStatus[] = ['CHARGED', 'PARTLY_REFUNDED'];

export const orderLineSchema = z.object({
  _id: idSchema,
  productId: answerText().nullable(),
  productImage: imagePathSchema,
  productName: answerText(),
  productPrice: z.number(),
  quantity: z.number().int(),
  variant: variantsSchema.optional(),
  vatRate: z.number(),
});

export const vatLineSchema = z.object({ rate: z.number(), amount: z.number() });

/** The order `POST /api/orders` answers: amounts in NOK including VAT. */
export const orderSchema = z.object({
  _id: idSchema,
  /** The short number shoppers quote, shown as "Order 10001" (ours). */
  orderNumber: z.number().int(),
  createdAt: answerText(),
  deliveryStatus: z.enum(deliveryStatuses),
  paymentId: answerText(),
  paymentType: z.literal('CARD'),
  storePickup: z.boolean(),
  total: z.number(),
  discount: z.number(),
  shippingPrice: z.number(),
  grandTotal: z.number(),
  vat: z.array(vatLineSchema),
  couponCode: answerText().nullable(),
  orderItems: z.array(orderLineSchema),
  shippingDetails: savedAddressSchema.nullable(),
  billingDetails: savedAddressSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /api/subscribers/orders`, newest first, in the listed shape. */
export const orderSummarySchema = z.object({
  _id: idSchema,
  /** Ours, like the fields below grandTotal: the lines, shipping and coupon add up to it. */
  orderNumber: z.number().int(),
  createdAt: answerText(),
  deliveryStatus: z.enum(deliveryStatuses),
  grandTotal: z.number(),
  storePickup: z.boolean(),
  shippingPrice: z.number(),
  couponCode: answerText().nullable(),
  /** What the coupon took off the lines' prices; product discounts are in productPrice already. */
  couponDiscount: z.number(),
  orderItems: z.array(
    z.object({
      _id: idSchema,
      productImage: imagePathSchema,
      productName: answerText(),
      productPrice: z.number(),
      quantity: z.number().int(),
      variant: variantsSchema.optional(),
    }),
  ),
  /**
   * Ours: the money given back on the order that reached the shopper's card (returns, goodwill, a
   * cancellation), oldest first; a refund still with the provider or refused is not listed.
   */
  refunds: z.array(
    z.object({
      _id: idSchema,
      /** When the provider completed it. */
      refundedAt: answerText(),
      kind: z.enum(['return', 'cancellation', 'goodwill']),
      amount: z.number(),
      /** The returned units, by the `_id` of their line in orderItems. */
      orderItems: z.array(z.object({ _id: idSchema, quantity: z.number().int() })),
    }),
  ),
  /** Ours: the refunds' sum. */
  refunded: z.number(),
  /** Ours: grandTotal less refunded, what the order costs the shopper in the end. */
  totalAfterRefunds: z.number(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderRefund = OrderSummary['refunds'][number];
export const ordersResponseSchema = z.object({ orders: z.array(orderSummarySchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;
