import type { Locale, PaymentProviderName } from '@shop/shared';
import type { Env } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { NetsPaymentProvider } from './nets-provider.js';
import { TestPaymentProvider } from './test-provider.js';

/** One line of what the shopper pays for, in øre with VAT included. */
export interface PaymentLine {
  reference: string;
  name: string;
  quantity: number;
  /** Including VAT. */
  unitPriceOre: number;
  vatPercent: number;
  /** quantity × unitPriceOre; negative for a discount. */
  grossTotalOre: number;
}

export interface CreatePaymentInput {
  /** Our checkout id. */
  reference: string;
  /** The checkout page's language, so the provider's pages link back to the same one. */
  locale: Locale;
  amountOre: number;
  currency: 'NOK';
  /** Their grossTotalOre add up to amountOre (see buildPaymentLines). */
  lines: PaymentLine[];
  /** Where a provider that sends the shopper away (Vipps) sends them back to. */
  returnUrl?: string;
  /** The shopper's phone, which Vipps' landing page is filled in with. */
  phoneNumber?: string;
}

export type PaymentStatus = 'pending' | 'reserved' | 'charged' | 'cancelled' | 'declined';

/** Express: where the address and delivery are picked in the provider's app (issue 32.4). */
export interface ExpressPaymentInput extends CreatePaymentInput {
  /** What the provider asks for the delivery options of the address the shopper picks. */
  shippingOptionsUrl: string;
}

/** One way to deliver an Express payment, which the shopper picks in the provider's app. */
export interface ExpressShippingOption {
  id: string;
  /** Home delivery or store pickup, which the app shows as such. */
  kind: 'home' | 'pickup';
  name: string;
  priceOre: number;
}

/** The address an Express shopper shared, as the provider gives it. */
export interface ExpressAddress {
  street: string;
  /** The apartment, c/o or second line; '' when none. */
  line2: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
}

/** What the shopper chose and shared in an approved Express payment. */
export interface ExpressDelivery {
  address: ExpressAddress;
  optionId: string;
  shippingOre: number;
  name: string;
  email: string;
  phone: string;
}

export interface ProviderPayment {
  paymentId: string;
  status: PaymentStatus;
  /** The amount reserved (status reserved) or charged (status charged); 0 in every other status. */
  amountOre: number;
  currency: string;
  reference: string | null;
  /** An approved Express payment's address, delivery and shopper; undefined otherwise. */
  express?: ExpressDelivery | undefined;
}

export interface WebhookEvent {
  paymentId: string;
  /** 'completed': the shopper has paid (the payment is reserved); anything else is 'other'. */
  kind: 'completed' | 'other';
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** A webhook as it arrived, for a provider that signs the exact bytes, path and host (Vipps). */
export interface WebhookRequest {
  rawBody: string;
  pathAndQuery: string;
  host: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Public key the widget is mounted with. */
  readonly checkoutKey: string;
  /** Script the storefront loads; it defines `Dibs.Checkout`. */
  readonly checkoutScriptUrl: string;
  /** `redirectUrl`: where the shopper approves it, for a provider without a widget (Vipps). */
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; redirectUrl?: string }>;
  /** undefined for an unknown payment id. */
  getPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** Charges a reserved payment in full; charging it again with the same key is harmless. */
  charge(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void>;
  /** Releases a reservation that will not be charged; cancelling twice is harmless. */
  cancel(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void>;
  /**
   * Gives back part of a charged payment; `lines` say what for and add up to `amountOre`. The
   * same key again is the same refund (answered with its id, never paid twice); more than was
   * charged and not yet refunded is refused. `refundedBeforeOre`, what the shop's earlier
   * refunds of the payment took, lets a provider that refunds each capture on its own (Nets)
   * split a refund over its captures the same way every time it is asked again.
   */
  refund(
    paymentId: string,
    amountOre: number,
    lines: PaymentLine[],
    idempotencyKey: string,
    refundedBeforeOre?: number,
  ): Promise<{ refundId: string }>;
  /** Checks the webhook's authenticity (headers) and reads it; undefined when not authentic or not understood. */
  readWebhook(
    headers: WebhookHeaders,
    body: unknown,
    request?: WebhookRequest,
  ): WebhookEvent | undefined;
}

/** A provider whose app also picks the address and delivery: Vipps MobilePay (issue 32.4). */
export interface ExpressPaymentProvider extends PaymentProvider {
  createExpressPayment(
    input: ExpressPaymentInput,
  ): Promise<{ paymentId: string; redirectUrl: string }>;
  /** The payment and address a shipping-options request asks about; undefined when not one. */
  readShippingOptionsRequest(
    body: unknown,
  ): { paymentId: string; address: { country: string; postalCode: string } } | undefined;
  /** Whether a shipping-options request for `paymentId` comes from the provider. */
  isShippingOptionsRequest(paymentId: string, authorization: string | undefined): boolean;
  /** The options in the provider's wire shape, to answer its shipping-options request with. */
  shippingOptionsAnswer(options: readonly ExpressShippingOption[]): unknown;
}

/** The provider PAYMENT_PROVIDER names: the built-in test provider, or Nets. */
export function createPaymentProvider(deps: {
  db: Database;
  env: Env;
  fetch?: typeof fetch;
}): PaymentProvider {
  if (deps.env.PAYMENT_PROVIDER === 'nets')
    return new NetsPaymentProvider({ env: deps.env, fetch: deps.fetch });
  return new TestPaymentProvider({ db: deps.db, env: deps.env });
}

export { buildPaymentLines, type PaymentLineItem } from './payment-lines.js';
