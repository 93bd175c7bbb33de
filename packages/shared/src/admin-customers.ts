import { z } from 'zod';
import { accountProviders, savedAddressSchema } from './accounts.js';
import {
  adminFlagFilter,
  adminPageFields,
  adminPagingShape,
  adminSearchText,
} from './admin-paging.js';
import { answerText, idSchema, text } from './common.js';
import { deliveryStatuses, orderPaymentStatuses, orderSchema } from './orders.js';
import { historyReviewSchema } from './reviews.js';
import { reviewStatuses } from './review-rules.js';
import { enquiryReplySchema, enquiryStatuses } from './admin-enquiries.js';

export const MAX_BLOCK_REASON_LENGTH = 500;

export const adminCustomerMessages = {
  notFound: 'Customer not found',
  reasonRequired: 'Give the reason: the customer is told it when they try to log in',
  reasonTooLong: `The reason must be at most ${MAX_BLOCK_REASON_LENGTH} characters`,
  alreadyVerified: 'This customer’s e-mail address is verified already.',
  noAddressToVerify: 'This account has no e-mail address to verify.',
  verificationSent: 'A new verification link was sent to the customer.',
  deleted: 'The customer’s account was deleted; their orders are kept without addresses.',
} as const;

/** What a blocked customer is told at every sign-in (password, refresh, Google or Apple). */
export const blockedAccountMessage = (reason: string) =>
  `This account is blocked: ${reason}. Contact the shop.`;

/** `GET /api/admin/customers`: customer accounts (never staff or guests), newest first. */
export const adminCustomerListQuerySchema = z.object({
  q: adminSearchText('Part of the name or the e-mail address.'),
  verified: adminFlagFilter('verified'),
  blocked: adminFlagFilter('blocked'),
  ...adminPagingShape,
});
export type AdminCustomerListQuery = z.input<typeof adminCustomerListQuerySchema>;

const blockSchema = z.object({ at: answerText(), reason: answerText() }).nullable();

export const adminCustomerRowSchema = z.object({
  id: idSchema,
  name: answerText(),
  email: answerText(),
  provider: z.enum(accountProviders),
  verified: z.boolean(),
  blocked: blockSchema,
  createdAt: answerText(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomerPageSchema = z.object({
  customers: z.array(adminCustomerRowSchema),
  ...adminPageFields,
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>;

/** The address on the account (the profile form's), apart from the checkout's saved ones. */
export const customerAccountAddressSchema = z.object({
  phone: answerText(),
  address: answerText(),
  apartmentNumber: answerText(),
  postalCode: answerText(),
  city: answerText(),
  country: answerText(),
});

export const customerOrderSummarySchema = z.object({
  id: idSchema,
  number: z.number().int(),
  createdAt: answerText(),
  grandTotalOre: z.number().int(),
  refundedOre: z.number().int(),
  deliveryStatus: z.enum(deliveryStatuses),
  paymentStatus: z.enum(orderPaymentStatuses),
  itemCount: z.number().int(),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

export const customerReviewSummarySchema = z.object({
  id: idSchema,
  productId: idSchema,
  productName: answerText(),
  rating: z.number().int(),
  status: z.enum(reviewStatuses),
  date: answerText(),
});

export const adminCustomerDetailSchema = adminCustomerRowSchema.extend({
  verifiedAt: answerText().nullable(),
  phone: answerText(),
  accountAddress: customerAccountAddressSchema,
  shippingDetails: savedAddressSchema.nullable(),
  billingAddress: savedAddressSchema.nullable(),
  orders: z.array(customerOrderSummarySchema),
  reviews: z.array(customerReviewSummarySchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

/** `POST /api/admin/customers/{id}/block`. */
export const customerBlockRequestSchema = z.object({
  reason: text({ error: adminCustomerMessages.reasonRequired })
    .trim()
    .min(1, { error: adminCustomerMessages.reasonRequired })
    .max(MAX_BLOCK_REASON_LENGTH, { error: adminCustomerMessages.reasonTooLong }),
});
export type CustomerBlockRequest = z.input<typeof customerBlockRequestSchema>;

/**
 * `GET /api/admin/customers/{id}/export`: everything the shop holds about the customer (GDPR
 * art. 15), as JSON. Order amounts are in NOK as the customer's own order pages show them.
 */
export const customerExportSchema = z.object({
  exportedAt: answerText(),
  profile: z.object({
    id: idSchema,
    name: answerText(),
    email: answerText(),
    provider: z.enum(accountProviders),
    role: answerText(),
    verifiedAt: answerText().nullable(),
    createdAt: answerText(),
    updatedAt: answerText(),
    currencyCode: answerText(),
    blocked: blockSchema,
    signInWith: z.array(answerText()),
  }),
  addresses: z.object({
    account: customerAccountAddressSchema,
    shippingDetails: savedAddressSchema.nullable(),
    billingAddress: savedAddressSchema.nullable(),
  }),
  orders: z.array(orderSchema.extend({ paymentStatus: z.enum(orderPaymentStatuses) })),
  reviews: z.array(historyReviewSchema),
  wishlist: z.array(
    z.object({ itemId: idSchema, productName: answerText().nullable(), addedAt: answerText() }),
  ),
  enquiries: z.array(
    z.object({
      id: idSchema,
      fullname: answerText(),
      email: answerText(),
      phone: answerText(),
      message: answerText(),
      status: z.enum(enquiryStatuses),
      createdAt: answerText(),
      replies: z.array(enquiryReplySchema),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;
