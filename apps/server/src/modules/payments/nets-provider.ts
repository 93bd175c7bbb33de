import { pathInLocale } from '@shop/shared';
import type { Env } from '../../config/env.js';
import { assertLinesAddUp, vatOfGross } from './payment-lines.js';
import type {
  CreatePaymentInput,
  PaymentLine,
  PaymentProvider,
  ProviderPayment,
  WebhookEvent,
  WebhookHeaders,
} from './payment-provider.js';
import { readNetsStyleWebhook } from './webhook.js';

const requestTimeoutMs = 15_000;
/** Nets' limit on reference and name. */
const maxTextLength = 128;

/** The events Nets is asked to post to our webhook. */
const netsWebhookEvents = ['payment.reservation.created.v2', 'payment.checkout.completed'];

/** An order item as Nets' Payment API takes it: amounts in øre, taxRate in hundredths of a percent. */
export interface NetsOrderItem {
  reference: string;
  name: string;
  quantity: number;
  unit: string;
  /** Excluding VAT. */
  unitPrice: number;
  taxRate: number;
  taxAmount: number;
  grossTotalAmount: number;
  netTotalAmount: number;
}

interface NetsPaymentDetails {
  payment?: {
    paymentId?: string;
    summary?: {
      reservedAmount?: number;
      chargedAmount?: number;
      cancelledAmount?: number;
      refundedAmount?: number;
    };
    orderDetails?: { amount?: number; currency?: string; reference?: string };
    charges?: { chargeId?: string; amount?: number }[];
  };
}

/** Nets answered with an error status. */
export class NetsApiError extends Error {
  constructor(
    method: string,
    path: string,
    readonly status: number,
    detail: string,
  ) {
    super(`Nets ${method} ${path} answered ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'NetsApiError';
  }
}

/**
 * One of our lines as a Nets order item. The VAT is the line's gross × rate / (100 + rate),
 * rounded, and the net is what remains, so gross = net + VAT to the øre. Nets defines the net as
 * unitPrice × quantity; when the net does not divide by the quantity, the line goes as one unit
 * named "qty × name" rather than with a unit price that would not add up.
 */
export function toNetsOrderItem(line: PaymentLine): NetsOrderItem {
  const taxAmount = vatOfGross(line.grossTotalOre, line.vatPercent);
  const netTotalAmount = line.grossTotalOre - taxAmount;
  const divides = netTotalAmount % line.quantity === 0;
  return {
    reference: line.reference.slice(0, maxTextLength),
    name: (divides ? line.name : `${line.quantity} × ${line.name}`).slice(0, maxTextLength),
    quantity: divides ? line.quantity : 1,
    unit: 'pcs',
    unitPrice: divides ? netTotalAmount / line.quantity : netTotalAmount,
    taxRate: Math.round(line.vatPercent * 100),
    taxAmount,
    grossTotalAmount: line.grossTotalOre,
    netTotalAmount,
  };
}

/**
 * Nexi Checkout (Nets Easy) over its Payment API, with the embedded checkout. The secret key goes
 * in the Authorization header of every call and never into a message or a log.
 */
export class NetsPaymentProvider implements PaymentProvider {
  readonly name = 'nets';
  readonly checkoutKey: string;
  readonly checkoutScriptUrl: string;
  private readonly secretKey: string;
  private readonly webhookSecret: string;
  private readonly apiUrl: string;
  private readonly publicUrl: string;
  private readonly fetch: typeof fetch;

  constructor(deps: { env: Env; fetch?: typeof fetch }) {
    const { env } = deps;
    if (!env.NETS_SECRET_KEY || !env.NETS_CHECKOUT_KEY || !env.NETS_WEBHOOK_SECRET)
      throw new Error('NETS_SECRET_KEY, NETS_CHECKOUT_KEY and NETS_WEBHOOK_SECRET must be set');
    this.secretKey = env.NETS_SECRET_KEY;
    this.checkoutKey = env.NETS_CHECKOUT_KEY;
    this.webhookSecret = env.NETS_WEBHOOK_SECRET;
    this.checkoutScriptUrl = env.NETS_CHECKOUT_SCRIPT_URL;
    this.apiUrl = env.NETS_API_URL.replace(/\/+$/, '');
    this.publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
    this.fetch = deps.fetch ?? globalThis.fetch;
  }

  async createPayment(input: CreatePaymentInput): Promise<{ paymentId: string }> {
    assertLinesAddUp(input);
    const response = await this.call('POST', '/v1/payments', {
      order: {
        items: input.lines.map(toNetsOrderItem),
        amount: input.amountOre,
        currency: input.currency,
        reference: input.reference,
      },
      checkout: {
        integrationType: 'EmbeddedCheckout',
        url: `${this.publicUrl}${pathInLocale(input.locale, '/checkout')}`,
        termsUrl: `${this.publicUrl}${pathInLocale(input.locale, '/terms-conditions')}`,
        merchantHandlesConsumerData: true,
      },
      // Nets only calls HTTPS addresses; a shop on plain HTTP (development) relies on the
      // storefront reporting the payment instead.
      ...(this.publicUrl.startsWith('https:')
        ? {
            notifications: {
              webHooks: netsWebhookEvents.map((eventName) => ({
                eventName,
                url: `${this.publicUrl}/api/payments/webhook/nets`,
                authorization: this.webhookSecret,
              })),
            },
          }
        : {}),
    });
    const { paymentId } = (await response.json()) as { paymentId?: unknown };
    if (typeof paymentId !== 'string' || paymentId === '')
      throw new Error('Nets created a payment without a paymentId');
    return { paymentId };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | undefined> {
    let response: Response;
    try {
      response = await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
    } catch (error) {
      if (error instanceof NetsApiError && error.status === 404) return undefined;
      throw error;
    }
    const { payment } = (await response.json()) as NetsPaymentDetails;
    const summary = payment?.summary ?? {};
    const charged = summary.chargedAmount ?? 0;
    const reserved = summary.reservedAmount ?? 0;
    // Nets keeps reservedAmount after a cancellation, so cancelled is read before reserved.
    const [status, amountOre] =
      charged > 0
        ? (['charged', charged] as const)
        : (summary.cancelledAmount ?? 0) > 0
          ? (['cancelled', 0] as const)
          : reserved > 0
            ? (['reserved', reserved] as const)
            : (['pending', 0] as const);
    return {
      paymentId: payment?.paymentId ?? paymentId,
      status,
      amountOre,
      currency: payment?.orderDetails?.currency ?? '',
      reference: payment?.orderDetails?.reference ?? null,
    };
  }

  async charge(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void> {
    await this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentId)}/charges`,
      { amount: amountOre },
      idempotencyKey,
    );
  }

  async cancel(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void> {
    await this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentId)}/cancels`,
      { amount: amountOre },
      idempotencyKey,
    );
  }

  /**
   * Nets refunds a charge, not a payment: the charge is read from the payment. The shop charges
   * each payment once, in full, so the first charge that covers the amount is the one.
   */
  async refund(
    paymentId: string,
    amountOre: number,
    lines: PaymentLine[],
    idempotencyKey: string,
  ): Promise<{ refundId: string }> {
    assertLinesAddUp({ amountOre, lines });
    const details = await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
    const { payment } = (await details.json()) as NetsPaymentDetails;
    const charge = (payment?.charges ?? []).find(
      (candidate) => typeof candidate.chargeId === 'string' && (candidate.amount ?? 0) >= amountOre,
    );
    if (!charge?.chargeId)
      throw new Error(`Nets payment ${paymentId} has no charge of ${amountOre} øre to refund`);
    const response = await this.call(
      'POST',
      `/v1/charges/${encodeURIComponent(charge.chargeId)}/refunds`,
      { amount: amountOre, orderItems: lines.map(toNetsOrderItem) },
      idempotencyKey,
    );
    const { refundId } = (await response.json()) as { refundId?: unknown };
    if (typeof refundId !== 'string' || refundId === '')
      throw new Error('Nets answered a refund without a refundId');
    return { refundId };
  }

  readWebhook(headers: WebhookHeaders, body: unknown): WebhookEvent | undefined {
    return readNetsStyleWebhook(headers, body, this.webhookSecret);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: this.secretKey,
      accept: 'application/json',
    };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await this.fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new Error(`Nets ${method} ${path} ${reason}`, { cause: error });
    }
    if (!response.ok) {
      // Nets explains a refusal in the body (never an echo of the key); it helps the log.
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      throw new NetsApiError(method, path, response.status, detail);
    }
    return response;
  }
}
