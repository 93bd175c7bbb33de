import type {
  CreatePaymentInput,
  PaymentLine,
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
  WebhookEvent,
  WebhookHeaders,
  WebhookRequest,
} from '../payment-provider.js';
import type { Locale } from '@shop/shared';
import { vippsEpaymentWebhookEvents, type VippsPayment } from './vipps-api.js';
import { VippsClient, type VippsClientOptions } from './vipps-client.js';
import { readVippsWebhookEvent, verifyVippsWebhook } from './vipps-webhook.js';

/**
 * Vipps MobilePay as a payment provider of the shop (issue 32.1), over its ePayment API: the
 * shopper is sent to Vipps' landing page or app (`WEB_REDIRECT`), approves there, and comes back
 * to the shop's return page; Vipps' webhook says so too. The payment's reference is the
 * checkout's id, so either way finds its checkout. Reserved at the order and captured when the
 * goods ship, as the card is.
 */

/** What Vipps' states and sums mean to the shop: `reserved` until something is captured. */
export function vippsPaymentStatus(payment: VippsPayment): PaymentStatus {
  const { authorizedAmount, capturedAmount, cancelledAmount } = payment.aggregate;
  switch (payment.state) {
    case 'CREATED':
      return 'pending';
    case 'ABORTED':
    case 'EXPIRED':
      return 'declined';
    case 'TERMINATED':
      return capturedAmount.value > 0 ? 'charged' : 'cancelled';
    case 'AUTHORIZED':
      if (capturedAmount.value > 0) return 'charged';
      return cancelledAmount.value >= authorizedAmount.value ? 'cancelled' : 'reserved';
  }
}

/** A Norwegian number as Vipps wants it: country code and number, digits only (4791234567). */
export function vippsPhoneNumber(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone
    .replace(/[\s().-]/g, '')
    .replace(/^\+/, '')
    .replace(/^00/, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const withCountry = digits.length === 8 ? `47${digits}` : digits;
  return /^\d{10,15}$/.test(withCountry) ? withCountry : undefined;
}

export interface VippsProviderOptions extends VippsClientOptions {
  /** The secret Vipps gave when the shop's webhook was registered; '' to register it here. */
  webhookSecret: string;
  /** With no secret: the shop's webhook address, registered before the first payment. */
  webhookUrlToRegister?: string;
  /** What the app shows the shopper as the payment's text, in the checkout's language. */
  paymentDescription: (locale: Locale) => string;
}

export class VippsPaymentProvider implements PaymentProvider {
  readonly name = 'vipps';
  /** Vipps has no widget: the shopper is sent to `redirectUrl`. */
  readonly checkoutKey = '';
  readonly checkoutScriptUrl = '';
  private readonly client: VippsClient;
  /** For the stand-in, answered when the shop registers its webhook (`registerWebhook`). */
  private webhookSecret: string;
  private readonly webhookUrlToRegister: string | undefined;
  private registration: Promise<void> | undefined;
  private readonly paymentDescription: (locale: Locale) => string;

  constructor(options: VippsProviderOptions) {
    this.client = new VippsClient(options);
    this.webhookSecret = options.webhookSecret;
    this.webhookUrlToRegister = options.webhookUrlToRegister;
    this.paymentDescription = options.paymentDescription;
  }

  async createPayment(
    input: CreatePaymentInput,
  ): Promise<{ paymentId: string; redirectUrl: string }> {
    if (!input.returnUrl) throw new Error('a Vipps payment needs the page the shopper returns to');
    await this.registerWebhook();
    const customer = vippsPhoneNumber(input.phoneNumber);
    const created = await this.client.createPayment(
      {
        amount: { currency: input.currency, value: input.amountOre },
        paymentMethod: { type: 'WALLET' },
        ...(customer ? { customer: { phoneNumber: customer } } : {}),
        reference: input.reference,
        returnUrl: input.returnUrl,
        userFlow: 'WEB_REDIRECT',
        paymentDescription: this.paymentDescription(input.locale).slice(0, 100),
      },
      `create-${input.reference}`,
    );
    if (!created.redirectUrl)
      throw new Error('Vipps answered no redirectUrl for a WEB_REDIRECT payment');
    return { paymentId: created.reference, redirectUrl: created.redirectUrl };
  }

  /**
   * Registers the shop's webhook for the ePayment events and takes the secret Vipps answers, once,
   * before the first payment: for the demo's stand-in, whose registrations live as long as the
   * process. A real shop registers once and sets VIPPS_WEBHOOK_SECRET (README, "Going live with
   * Vipps MobilePay").
   */
  private registerWebhook(): Promise<void> {
    const url = this.webhookUrlToRegister;
    if (!url || this.webhookSecret) return Promise.resolve();
    this.registration ??= this.client
      .registerWebhook(url, Object.values(vippsEpaymentWebhookEvents))
      .then(({ secret }) => {
        this.webhookSecret = secret;
      })
      .finally(() => {
        this.registration = undefined;
      });
    return this.registration;
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | undefined> {
    const payment = await this.client.getPayment(paymentId);
    if (!payment) return undefined;
    const status = vippsPaymentStatus(payment);
    const { authorizedAmount, capturedAmount } = payment.aggregate;
    return {
      paymentId: payment.reference,
      status,
      amountOre:
        status === 'reserved'
          ? authorizedAmount.value
          : status === 'charged'
            ? capturedAmount.value
            : 0,
      currency: payment.amount.currency,
      reference: payment.reference,
    };
  }

  async charge(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void> {
    await this.client.capture(paymentId, amountOre, idempotencyKey);
  }

  async cancel(paymentId: string, _amountOre: number, idempotencyKey: string): Promise<void> {
    await this.client.cancel(paymentId, idempotencyKey);
  }

  /** Vipps refunds carry no lines and no id of their own: the idempotency key names the refund. */
  async refund(
    paymentId: string,
    amountOre: number,
    _lines: PaymentLine[],
    idempotencyKey: string,
  ): Promise<{ refundId: string }> {
    await this.client.refund(paymentId, amountOre, idempotencyKey);
    return { refundId: idempotencyKey };
  }

  readWebhook(
    headers: WebhookHeaders,
    _body: unknown,
    request?: WebhookRequest,
  ): WebhookEvent | undefined {
    if (!request) return undefined;
    const authentic = verifyVippsWebhook({
      pathAndQuery: request.pathAndQuery,
      host: request.host,
      headers,
      rawBody: request.rawBody,
      secret: this.webhookSecret,
    });
    if (!authentic) return undefined;
    const event = readVippsWebhookEvent(request.rawBody);
    if (!event) return undefined;
    return {
      paymentId: event.reference,
      kind: event.name === 'AUTHORIZED' && event.success ? 'completed' : 'other',
    };
  }
}
