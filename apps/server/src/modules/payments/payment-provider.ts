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

export interface ProviderPayment {
  paymentId: string;
  status: PaymentStatus;
  /** The amount reserved (status reserved) or charged (status charged); 0 in every other status. */
  amountOre: number;
  currency: string;
  reference: string | null;
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
   * charged and not yet refunded is refused.
   */
  refund(
    paymentId: string,
    amountOre: number,
    lines: PaymentLine[],
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;
  /** Checks the webhook's authenticity (headers) and reads it; undefined when not authentic or not understood. */
  readWebhook(
    headers: WebhookHeaders,
    body: unknown,
    request?: WebhookRequest,
  ): WebhookEvent | undefined;
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
