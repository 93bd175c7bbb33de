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
import { RefundIncompleteError } from './provider-errors.js';
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
 * The charges a refund of `amountOre` is taken from, oldest first: `refundedOre` (the payment's
 * refunded total) has used up the oldest charges first, so each charge has what is left of it
 * after that. Empty when the charges do not have the amount left.
 */
export function refundParts(
  charges: readonly { chargeId?: string; amount?: number }[],
  refundedOre: number,
  amountOre: number,
): { chargeId: string; amountOre: number }[] {
  const parts: { chargeId: string; amountOre: number }[] = [];
  let used = refundedOre;
  let left = amountOre;
  for (const charge of charges) {
    const chargeOre = charge.amount ?? 0;
    const room = Math.max(chargeOre - used, 0);
    used = Math.max(used - chargeOre, 0);
    if (room === 0 || left === 0 || typeof charge.chargeId !== 'string') continue;
    const part = Math.min(room, left);
    parts.push({ chargeId: charge.chargeId, amountOre: part });
    left -= part;
  }
  return left === 0 ? parts : [];
}

/**
 * A part of a refund as lines Nets accepts: the refund's lines' amounts per VAT rate, split in
 * proportion and scaled to the part, so the part's VAT is its share of the refund's.
 */
function linesForPart(lines: readonly PaymentLine[], partOre: number): PaymentLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines)
    byRate.set(line.vatPercent, (byRate.get(line.vatPercent) ?? 0) + line.grossTotalOre);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const total = rates.reduce((sum, rate) => sum + (byRate.get(rate) ?? 0), 0);
  let running = 0;
  let given = 0;
  return rates.flatMap((rate) => {
    running += byRate.get(rate) ?? 0;
    const upTo = total === 0 ? 0 : Math.floor((partOre * running) / total);
    const share = upTo - given;
    given = upTo;
    return share > 0
      ? [
          {
            reference: `refund-vat-${rate}`,
            name: `Refund (${rate} % VAT)`,
            quantity: 1,
            unitPriceOre: share,
            vatPercent: rate,
            grossTotalOre: share,
          },
        ]
      : [];
  });
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
   * Nets refunds a charge, not a payment, and a payment shipped in parts has a charge per part
   * (issue 32.3). The refund is spread over the charges oldest first, each giving what it has
   * left: the shop refunds through here only, always oldest first, so the payment's refunded
   * total has used up the oldest charges and part of the next. Each charge's part goes with its
   * own key (`<key>` for a refund one charge covers, as before parts, `<key>-<n>` for the n-th
   * of several), and with the refund's lines when one charge takes it all, else with one line
   * per VAT rate for its share. A refund split over charges answers its first part's id.
   */
  async refund(
    paymentId: string,
    amountOre: number,
    lines: PaymentLine[],
    idempotencyKey: string,
    refundedBeforeOre?: number,
  ): Promise<{ refundId: string }> {
    assertLinesAddUp({ amountOre, lines });
    const details = await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
    const { payment } = (await details.json()) as NetsPaymentDetails;
    // The shop's own earlier refunds, not Nets' total, which may already hold this refund's
    // first parts when it is asked again: the split, and each part's key, stay the same.
    const parts = refundParts(
      payment?.charges ?? [],
      refundedBeforeOre ?? payment?.summary?.refundedAmount ?? 0,
      amountOre,
    );
    if (parts.length === 0)
      throw new Error(`Nets payment ${paymentId} has no charge of ${amountOre} øre to refund`);
    const refundIds: string[] = [];
    for (const [index, part] of parts.entries()) {
      try {
        refundIds.push(await this.refundPart(part, lines, parts.length, idempotencyKey, index));
      } catch (error) {
        if (index === 0) throw error;
        throw new RefundIncompleteError(
          `Nets made ${index} of the refund's ${parts.length} parts; the rest is asked again`,
          { cause: error },
        );
      }
    }
    return { refundId: refundIds[0] ?? '' };
  }

  /** One charge's part of a refund; a refund within one charge keeps its own key. */
  private async refundPart(
    part: { chargeId: string; amountOre: number },
    lines: PaymentLine[],
    partCount: number,
    idempotencyKey: string,
    index: number,
  ): Promise<string> {
    const response = await this.call(
      'POST',
      `/v1/charges/${encodeURIComponent(part.chargeId)}/refunds`,
      {
        amount: part.amountOre,
        orderItems: (partCount === 1 ? lines : linesForPart(lines, part.amountOre)).map(
          toNetsOrderItem,
        ),
      },
      partCount === 1 ? idempotencyKey : `${idempotencyKey}-${index + 1}`,
    );
    const { refundId } = (await response.json()) as { refundId?: unknown };
    if (typeof refundId !== 'string' || refundId === '')
      throw new Error('Nets answered a refund without a refundId');
    return refundId;
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
