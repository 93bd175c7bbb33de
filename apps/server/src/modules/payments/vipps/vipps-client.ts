import type { z } from 'zod';
import {
  type VippsCreatePaymentAnswer,
  type VippsCreatePaymentRequest,
  type VippsModificationAnswer,
  type VippsPayment,
  type VippsPaymentEvent,
  type VippsProblem,
  type VippsRegisteredWebhook,
  type VippsWebhook,
  vippsAccessTokenAnswerSchema,
  vippsCreatePaymentAnswerSchema,
  vippsModificationAnswerSchema,
  vippsPaymentEventSchema,
  vippsPaymentSchema,
  vippsProblemSchema,
  vippsRegisterWebhookAnswerSchema,
  vippsWebhookListSchema,
} from './vipps-api.js';

/**
 * Vipps MobilePay's ePayment and Webhooks APIs over HTTP, for the shop's Vipps payment provider.
 * It keeps the access token and renews it before it runs out (and once when Vipps refuses it),
 * sends the subscription key, the merchant serial number and the system headers Vipps asks every
 * integration to send, and parses each answer against vipps-api.ts. The client secret, the
 * subscription key and the token go in headers only, never into an error or a log line.
 */

const requestTimeoutMs = 15_000;
/** A token is renewed this long before it runs out, at most a tenth of its lifetime. */
const renewalMarginSeconds = 60;

export interface VippsClientOptions {
  /** https://api.vipps.no, https://apitest.vipps.no, or the stand-in's address. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  /** Vipps-System-Name and -Version: which shop software calls (Vipps asks every integration). */
  systemName: string;
  systemVersion: string;
  /** Vipps-System-Plugin-Name and -Version, when the integration is a plugin. */
  pluginName?: string;
  pluginVersion?: string;
  fetch?: typeof fetch;
  /** The clock the token's lifetime is measured with (ms since the epoch); tests move it. */
  now?: () => number;
}

/** Vipps answered with an error status; `title`, `detail` and `extraDetails` are Vipps' own. */
export class VippsApiError extends Error {
  readonly status: number;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  readonly extraDetails: { name: string; reason: string }[];

  constructor(method: string, path: string, status: number, problem: VippsProblem | undefined) {
    const explanation = [problem?.title, problem?.detail].filter(Boolean).join(': ');
    super(`Vipps ${method} ${path} answered ${status}${explanation ? `: ${explanation}` : ''}`);
    this.name = 'VippsApiError';
    this.status = status;
    this.title = problem?.title ?? undefined;
    this.detail = problem?.detail ?? undefined;
    this.extraDetails = problem?.extraDetails ?? [];
  }
}

interface CachedToken {
  value: string;
  /** When to fetch the next one (ms since the epoch). */
  renewAt: number;
}

type Method = 'GET' | 'POST' | 'DELETE';

function assertWholeOre(amountOre: number): void {
  if (!Number.isInteger(amountOre) || amountOre <= 0)
    throw new RangeError(`${amountOre} is not a positive whole number of øre`);
}

export class VippsClient {
  private readonly options: VippsClientOptions;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private token: CachedToken | undefined;
  /** The token request under way, shared by every call that needs a token meanwhile. */
  private tokenRequest: Promise<CachedToken> | undefined;

  constructor(options: VippsClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  /** Creates the payment; the answer's `redirectUrl` is where the shopper goes to approve it. */
  async createPayment(
    payment: VippsCreatePaymentRequest,
    idempotencyKey: string,
  ): Promise<VippsCreatePaymentAnswer> {
    return this.call(
      'POST',
      '/epayment/v1/payments',
      vippsCreatePaymentAnswerSchema,
      payment,
      idempotencyKey,
    );
  }

  /** The payment with its state and amounts; undefined when Vipps knows no such reference. */
  async getPayment(reference: string): Promise<VippsPayment | undefined> {
    try {
      return await this.call('GET', this.paymentPath(reference), vippsPaymentSchema);
    } catch (error) {
      if (error instanceof VippsApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** Everything that happened to the payment, oldest first. */
  async getPaymentEvents(reference: string): Promise<VippsPaymentEvent[]> {
    const events = await this.call(
      'GET',
      `${this.paymentPath(reference)}/events`,
      vippsPaymentEventSchema.array(),
    );
    return events;
  }

  /**
   * Captures part or all of what is authorised and not yet captured. The same key again is the
   * same capture: Vipps answers as the first time and takes nothing more.
   */
  async capture(
    reference: string,
    amountOre: number,
    idempotencyKey: string,
  ): Promise<VippsModificationAnswer> {
    assertWholeOre(amountOre);
    return this.call(
      'POST',
      `${this.paymentPath(reference)}/capture`,
      vippsModificationAnswerSchema,
      { modificationAmount: { currency: 'NOK', value: amountOre } },
      idempotencyKey,
    );
  }

  /** Releases what is authorised and not captured (before authorisation: ends the payment). */
  async cancel(reference: string, idempotencyKey: string): Promise<VippsModificationAnswer> {
    return this.call(
      'POST',
      `${this.paymentPath(reference)}/cancel`,
      vippsModificationAnswerSchema,
      undefined,
      idempotencyKey,
    );
  }

  /** Gives back part or all of what was captured and not yet refunded; idempotent per key. */
  async refund(
    reference: string,
    amountOre: number,
    idempotencyKey: string,
  ): Promise<VippsModificationAnswer> {
    assertWholeOre(amountOre);
    return this.call(
      'POST',
      `${this.paymentPath(reference)}/refund`,
      vippsModificationAnswerSchema,
      { modificationAmount: { currency: 'NOK', value: amountOre } },
      idempotencyKey,
    );
  }

  /** Asks Vipps to post `events` to `url`; keep the answer's `secret` to check deliveries. */
  async registerWebhook(url: string, events: readonly string[]): Promise<VippsRegisteredWebhook> {
    return this.call('POST', '/webhooks/v1/webhooks', vippsRegisterWebhookAnswerSchema, {
      url,
      events,
    });
  }

  async listWebhooks(): Promise<VippsWebhook[]> {
    const { webhooks } = await this.call('GET', '/webhooks/v1/webhooks', vippsWebhookListSchema);
    return webhooks;
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.call('DELETE', `/webhooks/v1/webhooks/${encodeURIComponent(id)}`, undefined);
  }

  private paymentPath(reference: string): string {
    return `/epayment/v1/payments/${encodeURIComponent(reference)}`;
  }

  /** The headers of every call, the token call included. */
  private commonHeaders(): Record<string, string> {
    const { subscriptionKey, merchantSerialNumber, systemName, systemVersion } = this.options;
    return {
      accept: 'application/json',
      'ocp-apim-subscription-key': subscriptionKey,
      'merchant-serial-number': merchantSerialNumber,
      'vipps-system-name': systemName,
      'vipps-system-version': systemVersion,
      ...(this.options.pluginName ? { 'vipps-system-plugin-name': this.options.pluginName } : {}),
      ...(this.options.pluginVersion
        ? { 'vipps-system-plugin-version': this.options.pluginVersion }
        : {}),
    };
  }

  private async accessToken(): Promise<CachedToken> {
    if (this.token && this.now() < this.token.renewAt) return this.token;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<CachedToken> {
    const response = await this.send('POST', '/accesstoken/get', {
      ...this.commonHeaders(),
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    const answer = await this.read(
      'POST',
      '/accesstoken/get',
      response,
      vippsAccessTokenAnswerSchema,
    );
    const margin = Math.min(renewalMarginSeconds, answer.expires_in / 10);
    this.token = {
      value: answer.access_token,
      renewAt: this.now() + (answer.expires_in - margin) * 1000,
    };
    return this.token;
  }

  /**
   * One API call with the cached token. A 401 means Vipps no longer takes the token (revoked, or
   * the clocks disagree): the token is fetched again and the call sent once more.
   */
  private async call<Schema extends z.ZodType>(
    method: Method,
    path: string,
    schema: Schema | undefined,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<Schema>> {
    const headers = (token: string): Record<string, string> => ({
      ...this.commonHeaders(),
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const token = await this.accessToken();
    let response = await this.send(method, path, headers(token.value), payload);
    if (response.status === 401) {
      await response.body?.cancel();
      if (this.token === token) this.token = undefined;
      response = await this.send(method, path, headers((await this.accessToken()).value), payload);
    }
    return this.read(method, path, response, schema);
  }

  private async send(
    method: Method,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Response> {
    try {
      return await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new Error(`Vipps ${method} ${path} ${reason}`, { cause: error });
    }
  }

  private async read<Schema extends z.ZodType>(
    method: Method,
    path: string,
    response: Response,
    schema: Schema | undefined,
  ): Promise<z.infer<Schema>> {
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new VippsApiError(method, path, response.status, this.problemIn(text));
    if (!schema) return undefined as z.infer<Schema>;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`Vipps ${method} ${path} answered ${response.status} without JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
      throw new Error(
        `Vipps ${method} ${path} answered an unexpected shape (${[...new Set(fields)].join(', ')})`,
      );
    }
    return parsed.data;
  }

  /** Vipps' explanation, with anything that would repeat a secret of ours blanked out. */
  private problemIn(text: string): VippsProblem | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const parsed = vippsProblemSchema.safeParse(json);
    if (!parsed.success) return undefined;
    const secrets = [
      this.options.clientSecret,
      this.options.subscriptionKey,
      this.token?.value,
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    const scrub = (value: string | null | undefined) =>
      typeof value === 'string'
        ? secrets.reduce((clean, secret) => clean.split(secret).join('[redacted]'), value)
        : value;
    const problem = parsed.data;
    return {
      ...problem,
      title: scrub(problem.title),
      detail: scrub(problem.detail),
      extraDetails: problem.extraDetails?.map((extra) => ({
        name: extra.name,
        reason: scrub(extra.reason) ?? '',
      })),
    };
  }
}
