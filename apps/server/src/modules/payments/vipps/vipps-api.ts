import { z } from 'zod';

/**
 * The wire shapes of Vipps MobilePay's Access token, ePayment v1 and Webhooks APIs that the shop
 * sends and reads, as zod schemas: the client parses every answer with them and the local
 * stand-in checks every request with them, so the two cannot drift apart. Amounts are Vipps'
 * minor units, which for NOK are øre, as whole numbers.
 *
 * Sources: Vipps' OpenAPI documents for ePayment v1 and Webhooks v1, the Access token API page,
 * and the ePayment Express guide. Where the docs left a shape open (the dynamic shipping
 * callback, `shippingDetails`, `userDetails`), the closest documented shape is used and the
 * schema says so.
 */

/** Vipps' currencies; the shop only ever sends NOK. */
export const vippsCurrencySchema = z.enum(['NOK', 'DKK', 'EUR']);

export const vippsAmountSchema = z.object({
  currency: vippsCurrencySchema,
  /** Minor units: øre for NOK. */
  value: z.number().int().min(0),
});
export type VippsAmount = z.infer<typeof vippsAmountSchema>;

/** The merchant's own id of a payment: 8 to 50 letters, digits and dashes (a UUID fits). */
export const vippsReferenceSchema = z.string().regex(/^[a-zA-Z0-9-]{8,50}$/);

export const vippsPaymentStateSchema = z.enum([
  'CREATED',
  'AUTHORIZED',
  'ABORTED',
  'EXPIRED',
  'TERMINATED',
]);
export type VippsPaymentState = z.infer<typeof vippsPaymentStateSchema>;

export const vippsPaymentEventNameSchema = z.enum([
  'CREATED',
  'AUTHORIZED',
  'ABORTED',
  'EXPIRED',
  'CANCELLED',
  'CAPTURED',
  'REFUNDED',
  'TERMINATED',
]);
export type VippsPaymentEventName = z.infer<typeof vippsPaymentEventNameSchema>;

/** Vipps' problem detail (RFC 7807), the body of every refusal. */
export const vippsProblemSchema = z.object({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().int().nullish(),
  detail: z.string().nullish(),
  instance: z.string().nullish(),
  traceId: z.string().nullish(),
  extraDetails: z.array(z.object({ name: z.string(), reason: z.string() })).nullish(),
});
export type VippsProblem = z.infer<typeof vippsProblemSchema>;

/**
 * POST /accesstoken/get. Vipps' spec types the times as numbers while the service has been
 * known to send them as strings, so both are read.
 */
export const vippsAccessTokenAnswerSchema = z.object({
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  ext_expires_in: z.coerce.number().optional(),
  expires_on: z.coerce.number().optional(),
  not_before: z.coerce.number().optional(),
  resource: z.string().optional(),
  access_token: z.string().min(1),
});
export type VippsAccessTokenAnswer = z.infer<typeof vippsAccessTokenAnswerSchema>;

/** An address as the ePayment API gives it for Express (`shippingDetails.address`). */
export const vippsAddressSchema = z.object({
  addressLine1: z.string().min(1),
  addressLine2: z.string().nullish(),
  city: z.string().min(1),
  postCode: z.string().min(1),
  /** ISO 3166 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type VippsAddress = z.infer<typeof vippsAddressSchema>;

/** One way to deliver, with its price, inside a group of Express shipping options. */
export const vippsShippingOptionSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  amount: vippsAmountSchema,
  isDefault: z.boolean().optional(),
  priority: z.number().int().optional(),
  description: z.string().optional(),
  estimatedDelivery: z.string().optional(),
});
export type VippsShippingOption = z.infer<typeof vippsShippingOptionSchema>;

/**
 * A group of Express shipping options: a `type` (such as HOME_DELIVERY or PICKUP_POINT) and a
 * carrier `brand` (such as POSTEN), with the options the user picks from.
 */
export const vippsShippingGroupSchema = z.object({
  type: z.string().min(1),
  brand: z.string().min(1),
  isDefault: z.boolean().optional(),
  priority: z.number().int().optional(),
  options: z.array(vippsShippingOptionSchema).min(1),
});
export type VippsShippingGroup = z.infer<typeof vippsShippingGroupSchema>;

/**
 * `shipping` of an Express payment. The Express guide names `shipping.fixedOptions` and
 * `shipping.dynamicOptions` with a `callbackUrl` and a `callbackAuthorizationToken` (earlier
 * drafts called it `dynamicCallbackUrl`); that documented shape is the one used. Dynamic options
 * win when both are given, as the guide says.
 */
export const vippsShippingRequestSchema = z
  .object({
    dynamicOptions: z
      .object({
        callbackUrl: z.url({ protocol: /^https?$/ }),
        callbackAuthorizationToken: z.string().min(1),
      })
      .optional(),
    fixedOptions: z.array(vippsShippingGroupSchema).min(1).optional(),
  })
  .refine((shipping) => shipping.dynamicOptions || shipping.fixedOptions, {
    message: 'shipping needs dynamicOptions or fixedOptions',
  });
export type VippsShippingRequest = z.infer<typeof vippsShippingRequestSchema>;

/** POST /epayment/v1/payments. */
export const vippsCreatePaymentRequestSchema = z.object({
  amount: vippsAmountSchema,
  paymentMethod: z.object({ type: z.enum(['WALLET', 'CARD']) }),
  /** MSISDN: country code and number, digits only (4791234567). */
  customer: z.object({ phoneNumber: z.string().regex(/^\d{10,15}$/) }).optional(),
  reference: vippsReferenceSchema,
  returnUrl: z.url().optional(),
  userFlow: z.enum(['PUSH_MESSAGE', 'NATIVE_REDIRECT', 'WEB_REDIRECT', 'QR']),
  paymentDescription: z.string().min(3).max(100).optional(),
  /** Space-separated: `name phoneNumber address email` for Express. */
  profile: z.object({ scope: z.string().min(1) }).optional(),
  shipping: vippsShippingRequestSchema.optional(),
});
export type VippsCreatePaymentRequest = z.infer<typeof vippsCreatePaymentRequestSchema>;

export const vippsCreatePaymentAnswerSchema = z.object({
  /** The landing page (WEB_REDIRECT); absent for PUSH_MESSAGE. */
  redirectUrl: z.string().optional(),
  reference: z.string(),
});
export type VippsCreatePaymentAnswer = z.infer<typeof vippsCreatePaymentAnswerSchema>;

export const vippsAggregateSchema = z.object({
  authorizedAmount: vippsAmountSchema,
  cancelledAmount: vippsAmountSchema,
  capturedAmount: vippsAmountSchema,
  refundedAmount: vippsAmountSchema,
});
export type VippsAggregate = z.infer<typeof vippsAggregateSchema>;

/**
 * What an Express payment tells of the delivery the user chose. Not in the OpenAPI documents
 * this was checked against; the closest documented shape: the address, the option's id and name,
 * and its cost in minor units.
 */
export const vippsShippingDetailsSchema = z.object({
  address: vippsAddressSchema,
  shippingCost: z.number().int().min(0),
  shippingOptionId: z.string(),
  shippingOptionName: z.string(),
});
export type VippsShippingDetails = z.infer<typeof vippsShippingDetailsSchema>;

/** The profile an Express user shared (scope `name phoneNumber address email`); same caveat. */
export const vippsUserDetailsSchema = z.object({
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  mobileNumber: z.string().nullish(),
  sub: z.string().nullish(),
});
export type VippsUserDetails = z.infer<typeof vippsUserDetailsSchema>;

/** GET /epayment/v1/payments/{reference}. */
export const vippsPaymentSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  state: vippsPaymentStateSchema,
  /** What the user was asked to pay; for Express it includes the chosen shipping. */
  amount: vippsAmountSchema,
  aggregate: vippsAggregateSchema,
  paymentMethod: z.object({ type: z.enum(['WALLET', 'CARD']), cardBin: z.string().optional() }),
  profile: z.object({ sub: z.string().nullish() }),
  redirectUrl: z.string().optional(),
  shippingDetails: vippsShippingDetailsSchema.nullish(),
  userDetails: vippsUserDetailsSchema.nullish(),
});
export type VippsPayment = z.infer<typeof vippsPaymentSchema>;

/** The answer of capture, cancel and refund. */
export const vippsModificationAnswerSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  state: vippsPaymentStateSchema,
  amount: vippsAmountSchema,
  aggregate: vippsAggregateSchema,
});
export type VippsModificationAnswer = z.infer<typeof vippsModificationAnswerSchema>;

/** POST .../capture and .../refund. */
export const vippsModificationRequestSchema = z.object({ modificationAmount: vippsAmountSchema });

/** One entry of GET /epayment/v1/payments/{reference}/events. */
export const vippsPaymentEventSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  name: vippsPaymentEventNameSchema,
  amount: vippsAmountSchema,
  timestamp: z.string(),
  idempotencyKey: z.string().nullish(),
  success: z.boolean(),
});
export type VippsPaymentEvent = z.infer<typeof vippsPaymentEventSchema>;

/** The body of an ePayment webhook delivery. */
export const vippsWebhookEventSchema = vippsPaymentEventSchema.extend({
  msn: z.string(),
});
export type VippsWebhookEvent = z.infer<typeof vippsWebhookEventSchema>;

/** The ePayment webhook event types, by the event `name` each one carries. */
export const vippsEpaymentWebhookEvents = {
  AUTHORIZED: 'epayments.payment.authorized.v1',
  ABORTED: 'epayments.payment.aborted.v1',
  EXPIRED: 'epayments.payment.expired.v1',
  CANCELLED: 'epayments.payment.cancelled.v1',
  CAPTURED: 'epayments.payment.captured.v1',
  REFUNDED: 'epayments.payment.refunded.v1',
  TERMINATED: 'epayments.payment.terminated.v1',
} as const satisfies Partial<Record<VippsPaymentEventName, string>>;
export type VippsEpaymentWebhookEventType =
  (typeof vippsEpaymentWebhookEvents)[keyof typeof vippsEpaymentWebhookEvents];

/** POST /webhooks/v1/webhooks. */
export const vippsRegisterWebhookRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  events: z.array(z.string().min(1)).min(1),
});

export const vippsRegisterWebhookAnswerSchema = z.object({
  id: z.string(),
  /** Signs every delivery to this registration (see vipps-webhook.ts). */
  secret: z.string().min(1),
});
export type VippsRegisteredWebhook = z.infer<typeof vippsRegisterWebhookAnswerSchema>;

export const vippsWebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
});
export type VippsWebhook = z.infer<typeof vippsWebhookSchema>;

/** GET /webhooks/v1/webhooks. */
export const vippsWebhookListSchema = z.object({ webhooks: z.array(vippsWebhookSchema) });

/**
 * What Vipps posts to `shipping.dynamicOptions.callbackUrl` once the user has shared an address
 * (with `Authorization: <callbackAuthorizationToken>`): the payment's reference and the address.
 * The guide describes the exchange but this shape could not be confirmed from it; it is the
 * closest documented one (the ePayment address).
 */
export const vippsShippingCallbackRequestSchema = z.object({
  reference: z.string(),
  address: vippsAddressSchema,
});
export type VippsShippingCallbackRequest = z.infer<typeof vippsShippingCallbackRequestSchema>;

/** The shop's answer to that callback: "the array with relevant shipping alternatives". */
export const vippsShippingCallbackAnswerSchema = z.array(vippsShippingGroupSchema);
export type VippsShippingCallbackAnswer = z.infer<typeof vippsShippingCallbackAnswerSchema>;
