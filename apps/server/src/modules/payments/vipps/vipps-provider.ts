import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CreatePaymentInput,
  ExpressDelivery,
  ExpressPaymentInput,
  ExpressPaymentProvider,
  ExpressShippingOption,
  PaymentLine,
  PaymentStatus,
  ProviderPayment,
  WebhookEvent,
  WebhookHeaders,
  WebhookRequest,
} from '../payment-provider.js';
import type { Locale } from '@shop/shared';
import {
  vippsEpaymentWebhookEvents,
  vippsShippingCallbackRequestSchema,
  type VippsCreatePaymentRequest,
  type VippsPayment,
  type VippsShippingCallbackAnswer,
} from './vipps-api.js';
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

/**
 * What an approved Express payment says of the delivery and the shopper; undefined for a payment
 * without Express. The phone comes as digits with the country code (4791234567).
 */
export function vippsExpressDelivery(payment: VippsPayment): ExpressDelivery | undefined {
  const shipping = payment.shippingDetails;
  if (!shipping) return undefined;
  const user = payment.userDetails;
  const { address } = shipping;
  return {
    address: {
      street: address.addressLine1,
      line2: address.addressLine2 ?? '',
      postalCode: address.postCode,
      city: address.city,
      country: address.country,
    },
    optionId: shipping.shippingOptionId,
    shippingOre: shipping.shippingCost,
    name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    phone: user?.mobileNumber ? `+${user.mobileNumber}` : '',
  };
}

/** Express delivery kinds as Vipps' shipping groups name them. */
const shippingGroupTypes = { home: 'HOME_DELIVERY', pickup: 'IN_STORE' } as const;

/** What Express asks the shopper to share: enough to deliver and to send the confirmation. */
const expressProfileScope = 'name phoneNumber address email';

export interface VippsProviderOptions extends VippsClientOptions {
  /** The secret Vipps gave when the shop's webhook was registered; '' to register it here. */
  webhookSecret: string;
  /** With no secret: the shop's webhook address, registered before the first payment. */
  webhookUrlToRegister?: string;
  /** What the app shows the shopper as the payment's text, in the checkout's language. */
  paymentDescription: (locale: Locale) => string;
}

export class VippsPaymentProvider implements ExpressPaymentProvider {
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
  /** Signs the token an Express payment's shipping-options requests carry. */
  private readonly callbackKey: string;

  constructor(options: VippsProviderOptions) {
    this.client = new VippsClient(options);
    this.callbackKey = `${options.clientSecret}:${options.merchantSerialNumber}`;
    this.webhookSecret = options.webhookSecret;
    this.webhookUrlToRegister = options.webhookUrlToRegister;
    this.paymentDescription = options.paymentDescription;
  }

  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; redirectUrl: string }> {
    return this.create(input, {});
  }

  /**
   * Vipps Express (issue 32.4): the shopper shares name, phone, address and email in the app,
   * which asks the shop's `shippingOptionsUrl` what delivery costs to that address; the
   * approved amount is the goods' plus the chosen delivery's.
   */
  createExpressPayment(
    input: ExpressPaymentInput,
  ): Promise<{ paymentId: string; redirectUrl: string }> {
    return this.create(input, {
      profile: { scope: expressProfileScope },
      shipping: {
        dynamicOptions: {
          callbackUrl: input.shippingOptionsUrl,
          callbackAuthorizationToken: this.shippingOptionsToken(input.reference),
        },
      },
    });
  }

  private async create(
    input: CreatePaymentInput,
    express: Pick<VippsCreatePaymentRequest, 'profile' | 'shipping'>,
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
        ...express,
      },
      `create-${input.reference}`,
    );
    if (!created.redirectUrl)
      throw new Error('Vipps answered no redirectUrl for a WEB_REDIRECT payment');
    return { paymentId: created.reference, redirectUrl: created.redirectUrl };
  }

  /** A token only this shop can make for the payment, so nobody else can ask its options. */
  private shippingOptionsToken(reference: string): string {
    return createHmac('sha256', this.callbackKey)
      .update(`shipping-options:${reference}`)
      .digest('base64url');
  }

  readShippingOptionsRequest(body: unknown) {
    const asked = vippsShippingCallbackRequestSchema.safeParse(body);
    if (!asked.success) return undefined;
    const { reference, address } = asked.data;
    return {
      paymentId: reference,
      address: { country: address.country, postalCode: address.postCode },
    };
  }

  isShippingOptionsRequest(paymentId: string, authorization: string | undefined): boolean {
    if (!authorization) return false;
    const expected = Buffer.from(this.shippingOptionsToken(paymentId));
    const given = Buffer.from(authorization);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  shippingOptionsAnswer(options: readonly ExpressShippingOption[]): VippsShippingCallbackAnswer {
    return options.map((option, index) => ({
      type: shippingGroupTypes[option.kind],
      brand: 'OTHER',
      isDefault: index === 0,
      priority: index,
      options: [
        {
          id: option.id,
          name: option.name,
          amount: { currency: 'NOK', value: option.priceOre },
          isDefault: index === 0,
        },
      ],
    }));
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
      express: vippsExpressDelivery(payment),
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
