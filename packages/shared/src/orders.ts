import { z } from 'zod';
import { savedAddressSchema } from './accounts.js';
import { cartLinesSchema } from './cart.js';
import { idSchema, imagePathSchema } from './common.js';
import { variantsSchema } from './catalog.js';
import { addressErrors, addressFields, type AddressKind } from './shipping-rules.js';

const addressText = z.string().trim().max(200);

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
      country: z
        .string()
        .trim()
        .regex(/^([A-Za-z]{2,3})?$/, { error: 'country must be an ISO 3166 code' })
        .transform((code) => code.toUpperCase())
        .default(''),
      postalCode: z.string().trim().max(20).default(''),
    })
    .superRefine((address, context) => {
      const errors = addressErrors(address, kind);
      for (const field of addressFields) {
        const message = errors[field];
        if (message === undefined) continue;
        context.addIssue({
          code: 'custom',
          path: [field],
          message:
            message || `${kind === 'billing' ? 'Billing' : 'Shipping'} postal code is required`,
        });
        return;
      }
    });
export type AddressRequest = z.input<ReturnType<typeof addressRequestSchema>>;

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
  toCountryCode: z
    .string({ error: 'toCountryCode is required' })
    .trim()
    .regex(/^([A-Za-z]{2,3})?$/, { error: 'toCountryCode must be an ISO 3166 code' })
    .transform((code) => code.toUpperCase())
    .default(''),
  toPostalCode: z.string().trim().max(20).default(''),
  currencyCode: z.string().max(3).default('NOK'),
});
export type CheckoutCart = z.infer<typeof checkoutCartSchema>;

export const shippingPriceRequestSchema = z.object({
  order: z.object({ cart: checkoutCartSchema }),
});
export type ShippingPriceRequest = z.input<typeof shippingPriceRequestSchema>;
export const shippingPriceResponseSchema = z.object({ shippingPrice: z.number() });

export const postalCodeParamsSchema = z.object({
  country: z.string().regex(/^[A-Za-z]{2,3}$/, { error: 'country must be an ISO 3166 code' }),
  code: z.string().max(20),
});
/** `GET /api/postal-codes/{country}/{code}` (ours): the place of a postal code. */
export const postalCodeResponseSchema = z.object({ postalCode: z.string(), city: z.string() });

const couponCodeSchema = z.string().trim().max(40).optional();

export const createPaymentRequestSchema = z.object({
  storePickup: z.boolean().default(false),
  order: z.object({ cart: checkoutCartSchema }),
  couponCode: couponCodeSchema,
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const paymentProviders = ['test', 'nets'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** What the payment widget is mounted with; `amount` is NOK computed by the server. */
export const createPaymentResponseSchema = z.object({
  paymentId: z.string(),
  checkoutKey: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(paymentProviders),
  /** The provider's checkout script the widget is mounted with (ours). */
  checkoutScriptUrl: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** An address as the old client sends it with an order; blank for a store pickup. */
const orderAddressSchema = z
  .looseObject({
    name: z.string().max(200).optional(),
    phone: z.string().max(200).optional(),
    email: z.string().max(200).optional(),
    address: z.string().max(200).optional(),
    apartmentNumber: z.string().max(200).optional(),
    city: z.string().max(200).optional(),
    country: z.string().max(3).optional(),
    postalCode: z.string().max(20).optional(),
  })
  .nullish();

/**
 * `POST /api/orders`. Only the payment id is trusted to find what was paid for; lines, prices
 * and shipping sent here are compared with what the server priced, never used as amounts.
 */
export const placeOrderRequestSchema = z
  .object({
    subscriberId: z.string().optional(),
    orderItems: cartLinesSchema,
    paymentType: z.literal('CASH', { error: 'paymentType must be CASH' }).default('CASH'),
    shippingDetails: orderAddressSchema,
    billingDetails: orderAddressSchema,
    shippingPrice: z.number().optional(),
    storePickup: z.boolean().default(false),
    paymentId: z.string().trim().min(1).max(100).optional(),
    merchantReference: z.string().trim().min(1).max(100).optional(),
    couponCode: couponCodeSchema,
  })
  .refine((body) => body.paymentId !== undefined || body.merchantReference !== undefined, {
    message: 'paymentId is required',
  });
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/** Delivery states an order moves through; the shop owner's tools move it later. */
export const deliveryStatuses = [
  'PENDING',
  'PROCESSING',
  'SHIPPED',
  'READY_FOR_PICKUP',
  'DELIVERED',
  'CANCELLED',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const orderLineSchema = z.object({
  _id: idSchema,
  productId: z.string().nullable(),
  productImage: imagePathSchema,
  productName: z.string(),
  productPrice: z.number(),
  quantity: z.number().int(),
  variant: variantsSchema.optional(),
  vatRate: z.number(),
});

export const vatLineSchema = z.object({ rate: z.number(), amount: z.number() });

/** The order `POST /api/orders` answers: amounts in NOK including VAT. */
export const orderSchema = z.object({
  _id: idSchema,
  createdAt: z.string(),
  deliveryStatus: z.enum(deliveryStatuses),
  paymentId: z.string(),
  paymentType: z.literal('CARD'),
  storePickup: z.boolean(),
  total: z.number(),
  discount: z.number(),
  shippingPrice: z.number(),
  grandTotal: z.number(),
  vat: z.array(vatLineSchema),
  couponCode: z.string().nullable(),
  orderItems: z.array(orderLineSchema),
  shippingDetails: savedAddressSchema.nullable(),
  billingDetails: savedAddressSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /api/subscribers/orders`, newest first, in the listed shape. */
export const orderSummarySchema = z.object({
  _id: idSchema,
  createdAt: z.string(),
  deliveryStatus: z.enum(deliveryStatuses),
  grandTotal: z.number(),
  orderItems: z.array(
    z.object({
      _id: idSchema,
      productImage: imagePathSchema,
      productName: z.string(),
      productPrice: z.number(),
      quantity: z.number().int(),
      variant: variantsSchema.optional(),
    }),
  ),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const ordersResponseSchema = z.object({ orders: z.array(orderSummarySchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;
