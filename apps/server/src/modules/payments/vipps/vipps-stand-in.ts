import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  type FastifyError,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { z } from 'zod';
import {
  type VippsAddress,
  type VippsCreatePaymentRequest,
  type VippsPayment,
  type VippsPaymentEvent,
  type VippsPaymentEventName,
  type VippsPaymentState,
  type VippsShippingDetails,
  type VippsShippingGroup,
  type VippsUserDetails,
  vippsCreatePaymentRequestSchema,
  vippsEpaymentWebhookEvents,
  vippsModificationRequestSchema,
  vippsRegisterWebhookRequestSchema,
  vippsShippingCallbackAnswerSchema,
} from './vipps-api.js';
import { signVippsWebhook } from './vipps-webhook.js';

/**
 * A local stand-in for Vipps MobilePay, speaking its Access token, ePayment v1 and Webhooks APIs
 * (paths, headers, states, status codes and problem bodies as documented), so the shop's Vipps
 * integration runs in tests and in the demo without a Vipps account. It keeps payments in memory,
 * issues access tokens that expire, replays a modifying call repeated with the same
 * Idempotency-Key, sends signed webhook deliveries, asks an Express shop for shipping options,
 * and serves a landing page (plain HTML forms, no script) where a person approves, rejects or
 * cancels. No money moves and nothing leaves this process but webhook and callback requests.
 *
 * It is a Fastify plugin (`createVippsStandIn(...).plugin`, mountable under a prefix such as
 * `/payments/vipps-stand-in`), or a server of its own (`startVippsStandIn`).
 */

export interface VippsStandInOptions {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  /** Shown on the landing page. */
  merchantName?: string;
  /** Lifetime of the access tokens it issues; Vipps' test environment gives 3600. */
  tokenLifetimeSeconds?: number;
  /**
   * The stand-in's address as a browser reaches it, for `redirectUrl`; by default the address
   * each create request came to.
   */
  publicUrl?: string;
  /** Sends webhook deliveries and Express shipping callbacks. */
  fetch?: typeof fetch;
  /** The clock access tokens expire by (ms since the epoch); tests move it. */
  now?: () => number;
  /** Attempts per webhook delivery before it is given up (Vipps retries on any 4xx or 5xx). */
  webhookAttempts?: number;
}

/** The endpoints a test can make fail with `failNext`. */
export type VippsStandInEndpoint =
  | 'accessToken'
  | 'createPayment'
  | 'getPayment'
  | 'getPaymentEvents'
  | 'capture'
  | 'cancel'
  | 'refund'
  | 'registerWebhook'
  | 'listWebhooks'
  | 'deleteWebhook';

export interface RecordedVippsRequest {
  method: string;
  /** Path and query below the stand-in's base. */
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The status it was answered with. */
  status: number;
}

/** A request the stand-in sent: a webhook delivery or an Express shipping callback. */
export interface VippsStandInDelivery {
  kind: 'webhook' | 'shipping-callback';
  url: string;
  /** The webhook event type (`epayments.payment.captured.v1`); undefined for a callback. */
  eventType: string | undefined;
  body: string;
  attempts: number;
  /** The last status answered; undefined while none came back. */
  status: number | undefined;
  outcome: 'pending' | 'delivered' | 'failed';
}

export interface VippsStandInFailure {
  /** 503 by default; 401 refuses the access token as if Vipps had revoked it. */
  status?: 401 | 500 | 502 | 503 | 504;
  /**
   * Act first and fail the answer only, as when Vipps did the work and the answer was lost: a
   * retry with the same Idempotency-Key then gets the first answer.
   */
  afterActing?: boolean;
}

export interface VippsStandIn {
  /** Mount with `app.register(standIn.plugin, { prefix })`. */
  plugin: FastifyPluginAsync;
  /** The latest 1000 requests it answered, oldest first. */
  requests: RecordedVippsRequest[];
  /** The latest 1000 requests it sent, oldest first. */
  deliveries: VippsStandInDelivery[];
  /** The payment as GET /epayment/v1/payments/{reference} would answer it. */
  payment(reference: string): VippsPayment | undefined;
  /**
   * What the user does in the app: approves. For Express, the shop's shipping options for
   * `address` (a fixed test address by default) are asked first and the first one is taken;
   * rejects when the shop offers none.
   */
  approve(reference: string, options?: { address?: VippsAddress }): Promise<void>;
  /** The user declines in the app: ABORTED. */
  reject(reference: string): void;
  /** The user cancels on the landing page: ABORTED too, as Vipps does. */
  abandon(reference: string): void;
  /** Nobody acted in time: EXPIRED. */
  expire(reference: string): void;
  /** The next `count` answers of `endpoint` fail with a 5xx problem. */
  failNext(endpoint: VippsStandInEndpoint, count?: number, failure?: VippsStandInFailure): void;
  /** Forgets every access token issued, as if Vipps had revoked them: the next call gets 401. */
  revokeTokens(): void;
  /** Stops webhook retries and waits for deliveries under way. */
  stop(): Promise<void>;
}

export interface RunningVippsStandIn extends Omit<VippsStandIn, 'plugin' | 'stop'> {
  /** Base address for VippsClient's `baseUrl`. */
  url: string;
  close(): Promise<void>;
}

/** The address the landing page approves an Express payment with (from Vipps' own examples). */
export const vippsStandInTestAddress: VippsAddress = {
  addressLine1: 'Robert Levins gate 5',
  addressLine2: null,
  postCode: '0154',
  city: 'Oslo',
  country: 'NO',
};

/** The profile an Express payment shares in the stand-in. */
export const vippsStandInTestUser = {
  firstName: 'Ada',
  lastName: 'Testesen',
  email: 'ada.testesen@example.com',
  mobileNumber: '4791234567',
} as const;

type Answer = { status: number; body?: unknown; problem?: boolean };

interface StandInPayment {
  request: VippsCreatePaymentRequest;
  reference: string;
  pspReference: string;
  state: VippsPaymentState;
  /** What the user pays, with Express shipping once chosen. */
  amountOre: number;
  authorizedOre: number;
  capturedOre: number;
  cancelledOre: number;
  refundedOre: number;
  redirectUrl: string | undefined;
  sub: string | undefined;
  shippingDetails: VippsShippingDetails | undefined;
  userDetails: VippsUserDetails | undefined;
  events: VippsPaymentEvent[];
}

interface Registration {
  id: string;
  url: string;
  events: string[];
  secret: string;
}

const problemType = 'https://developer.vippsmobilepay.com/docs/knowledge-base/errors';
const expressScope = ['name', 'phoneNumber', 'address', 'email'];

function problem(
  status: number,
  title: string,
  detail: string,
  extraDetails?: { name: string; reason: string }[],
): Answer {
  return {
    status,
    problem: true,
    body: { type: problemType, title, status, detail, traceId: randomUUID(), extraDetails },
  };
}

function invalid(error: z.ZodError): Answer {
  return problem(
    400,
    'Bad Request',
    'One or more validation errors occurred.',
    error.issues.map((issue) => ({ name: issue.path.join('.'), reason: issue.message })),
  );
}

const notFound = (reference: string) =>
  problem(404, 'Not Found', `No payment with reference ${reference}`);

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const nok = (value: number) => ({ currency: 'NOK' as const, value });

const pspReference = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** "kr 1 234,50": how Vipps shows an amount, with no-break spaces. */
export function formatKroner(amountOre: number): string {
  const kroner = Math.floor(amountOre / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `kr\u00a0${kroner},${String(amountOre % 100).padStart(2, '0')}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

class Refusal extends Error {}

/** A demo server runs for days: the recorded lists keep the latest entries only. */
const maxRecorded = 1000;

function keep<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > maxRecorded) list.splice(0, list.length - maxRecorded);
}

export function createVippsStandIn(options: VippsStandInOptions): VippsStandIn {
  const now = options.now ?? Date.now;
  const send = options.fetch ?? globalThis.fetch;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  const webhookAttempts = options.webhookAttempts ?? 5;
  const merchantName = options.merchantName ?? 'Nordic Trading Shop';

  const requests: RecordedVippsRequest[] = [];
  const deliveries: VippsStandInDelivery[] = [];
  const payments = new Map<string, StandInPayment>();
  /** Access token → when it runs out (ms since the epoch). */
  const tokens = new Map<string, number>();
  const webhooks = new Map<string, Registration>();
  /** `<scope>\n<Idempotency-Key>` → the first successful answer. */
  const answered = new Map<string, Answer>();
  const failures = new Map<VippsStandInEndpoint, (VippsStandInFailure & { left: number })[]>();
  /** The delivery chain of each payment, so its webhooks arrive in order, as Vipps sends them. */
  const chains = new Map<string, Promise<void>>();
  const underWay = new Set<Promise<void>>();
  const stopping = new AbortController();

  function view(payment: StandInPayment): VippsPayment {
    return {
      reference: payment.reference,
      pspReference: payment.pspReference,
      state: payment.state,
      amount: nok(payment.amountOre),
      aggregate: aggregate(payment),
      paymentMethod: { type: payment.request.paymentMethod.type },
      profile: payment.sub ? { sub: payment.sub } : {},
      ...(payment.redirectUrl ? { redirectUrl: payment.redirectUrl } : {}),
      ...(payment.shippingDetails ? { shippingDetails: payment.shippingDetails } : {}),
      ...(payment.userDetails ? { userDetails: payment.userDetails } : {}),
    };
  }

  function aggregate(payment: StandInPayment) {
    return {
      authorizedAmount: nok(payment.authorizedOre),
      cancelledAmount: nok(payment.cancelledOre),
      capturedAmount: nok(payment.capturedOre),
      refundedAmount: nok(payment.refundedOre),
    };
  }

  function modificationAnswer(payment: StandInPayment): Answer {
    const { reference, pspReference: psp, state } = payment;
    return {
      status: 200,
      body: {
        reference,
        pspReference: psp,
        state,
        amount: nok(payment.amountOre),
        aggregate: aggregate(payment),
      },
    };
  }

  function record(
    payment: StandInPayment,
    name: VippsPaymentEventName,
    amountOre: number,
    idempotencyKey: string | null,
  ): void {
    const event: VippsPaymentEvent = {
      reference: payment.reference,
      pspReference: pspReference(),
      name,
      amount: nok(amountOre),
      timestamp: new Date(now()).toISOString(),
      idempotencyKey,
      success: true,
    };
    payment.events.push(event);
    const eventType = (vippsEpaymentWebhookEvents as Partial<Record<string, string>>)[name];
    if (!eventType) return;
    const body = JSON.stringify({ msn: options.merchantSerialNumber, ...event });
    for (const registration of webhooks.values())
      if (registration.events.includes(eventType))
        inOrder(payment.reference, () => deliver(registration, eventType, body));
  }

  function inOrder(reference: string, task: () => Promise<void>): void {
    const next = (chains.get(reference) ?? Promise.resolve()).then(task);
    chains.set(reference, next);
    underWay.add(next);
    void next.finally(() => underWay.delete(next));
  }

  async function deliver(registration: Registration, eventType: string, body: string) {
    const delivery: VippsStandInDelivery = {
      kind: 'webhook',
      url: registration.url,
      eventType,
      body,
      attempts: 0,
      status: undefined,
      outcome: 'pending',
    };
    keep(deliveries, delivery);
    for (let attempt = 0; attempt < webhookAttempts && !stopping.signal.aborted; attempt += 1) {
      if (attempt > 0) {
        const waited = await sleep(100 * 4 ** (attempt - 1), true, {
          signal: stopping.signal,
        }).catch(() => false);
        if (!waited) break;
      }
      delivery.attempts += 1;
      try {
        const response = await send(registration.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signVippsWebhook({ url: registration.url, body, secret: registration.secret }),
          },
          body,
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
        });
        await response.body?.cancel();
        delivery.status = response.status;
        if (response.ok) {
          delivery.outcome = 'delivered';
          return;
        }
      } catch {
        delivery.status = undefined;
      }
    }
    delivery.outcome = 'failed';
  }

  function find(reference: string): StandInPayment {
    const payment = payments.get(reference);
    if (!payment) throw new Error(`the Vipps stand-in has no payment ${reference}`);
    return payment;
  }

  function userEnds(reference: string, state: 'ABORTED' | 'EXPIRED'): void {
    const payment = find(reference);
    if (payment.state !== 'CREATED')
      throw new Error(`payment ${reference} is ${payment.state}, not CREATED`);
    payment.state = state;
    record(payment, state, payment.amountOre, null);
  }

  /** Asks the shop for Express options (or takes the fixed ones) and picks the first offered. */
  async function chooseShipping(payment: StandInPayment, address: VippsAddress) {
    const shipping = payment.request.shipping;
    let groups: VippsShippingGroup[] = shipping?.fixedOptions ?? [];
    const dynamic = shipping?.dynamicOptions;
    if (dynamic) {
      const body = JSON.stringify({ reference: payment.reference, address });
      const delivery: VippsStandInDelivery = {
        kind: 'shipping-callback',
        url: dynamic.callbackUrl,
        eventType: undefined,
        body,
        attempts: 1,
        status: undefined,
        outcome: 'pending',
      };
      keep(deliveries, delivery);
      groups = [];
      try {
        const response = await send(dynamic.callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: dynamic.callbackAuthorizationToken,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = response.status;
        const parsed = vippsShippingCallbackAnswerSchema.safeParse(
          await response.json().catch(() => undefined),
        );
        if (response.ok && parsed.success) groups = parsed.data;
      } catch {
        delivery.status = undefined;
      }
      delivery.outcome = groups.length > 0 ? 'delivered' : 'failed';
    }
    const group = groups[0];
    const option = group?.options[0];
    if (!option) throw new Refusal('The shop offered no shipping options for this address');
    return { option, address };
  }

  async function approve(reference: string, approval?: { address?: VippsAddress }) {
    let payment = find(reference);
    if (payment.state !== 'CREATED')
      throw new Error(`payment ${reference} is ${payment.state}, not CREATED`);
    const express = payment.request.shipping
      ? await chooseShipping(payment, approval?.address ?? vippsStandInTestAddress)
      : undefined;
    // The shop may have cancelled it while its callback was being asked.
    payment = find(reference);
    if (payment.state !== 'CREATED')
      throw new Error(`payment ${reference} is ${payment.state}, not CREATED`);
    if (payment.request.profile) payment.sub = randomUUID();
    if (express) {
      const { option, address } = express;
      payment.amountOre += option.amount.value;
      payment.shippingDetails = {
        address: { ...address, addressLine2: address.addressLine2 ?? null },
        shippingCost: option.amount.value,
        shippingOptionId: option.id,
        shippingOptionName: option.name,
      };
      payment.userDetails = { ...vippsStandInTestUser, sub: payment.sub };
    }
    payment.state = 'AUTHORIZED';
    payment.authorizedOre = payment.amountOre;
    record(payment, 'AUTHORIZED', payment.amountOre, null);
  }

  function takeFailure(endpoint: VippsStandInEndpoint): VippsStandInFailure | undefined {
    const queue = failures.get(endpoint);
    const failure = queue?.[0];
    if (!queue || !failure) return undefined;
    failure.left -= 1;
    if (failure.left <= 0) queue.shift();
    return failure;
  }

  /** The first answer again for a repeated key; a refusal is not kept, as it changed nothing. */
  function idempotent(request: FastifyRequest, scope: string, act: () => Answer): Answer {
    const key = headerOf(request, 'idempotency-key');
    if (!key || key.length > 50)
      return problem(
        400,
        'Bad Request',
        'The Idempotency-Key header is required (at most 50 characters)',
        [{ name: 'Idempotency-Key', reason: 'Required, at most 50 characters' }],
      );
    const earlier = answered.get(`${scope}\n${key}`);
    if (earlier) return earlier;
    const answer = act();
    if (answer.status < 300) answered.set(`${scope}\n${key}`, answer);
    return answer;
  }

  /** Subscription key, Merchant-Serial-Number and a live access token, as APIM checks them. */
  function refusal(request: FastifyRequest): Answer | undefined {
    if (headerOf(request, 'ocp-apim-subscription-key') !== options.subscriptionKey)
      return problem(
        401,
        'Unauthorized',
        'Access denied due to missing or invalid subscription key',
      );
    const bearer = /^Bearer (.+)$/.exec(headerOf(request, 'authorization') ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt <= now())
      return problem(401, 'Unauthorized', 'The access token is missing, invalid or expired');
    const msn = headerOf(request, 'merchant-serial-number');
    if (!msn)
      return problem(400, 'Bad Request', 'The Merchant-Serial-Number header is required', [
        { name: 'Merchant-Serial-Number', reason: 'Required' },
      ]);
    if (msn !== options.merchantSerialNumber)
      return problem(
        403,
        'Forbidden',
        'The access token is not valid for this Merchant-Serial-Number',
      );
    return undefined;
  }

  function issueToken(request: FastifyRequest): Answer {
    const given = (name: string) => headerOf(request, name);
    if (
      given('client_id') !== options.clientId ||
      given('client_secret') !== options.clientSecret ||
      given('ocp-apim-subscription-key') !== options.subscriptionKey
    )
      return problem(401, 'Unauthorized', 'Invalid client_id, client_secret or subscription key');
    const token = randomBytes(32).toString('base64url');
    const issuedAt = now();
    tokens.set(token, issuedAt + tokenLifetime * 1000);
    const seconds = Math.floor(issuedAt / 1000);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        expires_in: tokenLifetime,
        ext_expires_in: tokenLifetime,
        expires_on: seconds + tokenLifetime,
        not_before: seconds,
        resource: '00000002-0000-0000-c000-000000000000',
        access_token: token,
      },
    };
  }

  function createPayment(request: FastifyRequest, landingBase: string): Answer {
    return idempotent(request, 'create', () => {
      const parsed = vippsCreatePaymentRequestSchema.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      const body = parsed.data;
      const field = (name: string, reason: string) =>
        problem(400, 'Bad Request', reason, [{ name, reason }]);
      if (body.amount.currency !== 'NOK')
        return field('amount.currency', 'The stand-in takes NOK only');
      if (body.amount.value < 100) return field('amount.value', 'The minimum amount is 100 øre');
      if (body.userFlow === 'QR') return field('userFlow', 'The stand-in makes no QR codes');
      if (body.userFlow === 'PUSH_MESSAGE' && !body.customer)
        return field('customer', 'PUSH_MESSAGE needs customer.phoneNumber');
      if (body.userFlow !== 'PUSH_MESSAGE' && !body.returnUrl)
        return field('returnUrl', `${body.userFlow} needs a returnUrl`);
      const scope = new Set(body.profile?.scope.split(/\s+/));
      if (body.shipping && !expressScope.every((value) => scope.has(value)))
        return field('profile.scope', `Express needs profile.scope "${expressScope.join(' ')}"`);
      if (payments.has(body.reference))
        return problem(409, 'Conflict', `The reference ${body.reference} is already used`);
      const redirectUrl =
        body.userFlow === 'PUSH_MESSAGE'
          ? undefined
          : `${landingBase}/landing/${encodeURIComponent(body.reference)}`;
      const payment: StandInPayment = {
        request: body,
        reference: body.reference,
        pspReference: pspReference(),
        state: 'CREATED',
        amountOre: body.amount.value,
        authorizedOre: 0,
        capturedOre: 0,
        cancelledOre: 0,
        refundedOre: 0,
        redirectUrl,
        sub: undefined,
        shippingDetails: undefined,
        userDetails: undefined,
        events: [],
      };
      payments.set(body.reference, payment);
      record(payment, 'CREATED', payment.amountOre, headerOf(request, 'idempotency-key') ?? null);
      return {
        status: 201,
        body: { reference: body.reference, ...(redirectUrl ? { redirectUrl } : {}) },
      };
    });
  }

  function modify(
    request: FastifyRequest<{ Params: { reference: string } }>,
    action: 'capture' | 'cancel' | 'refund',
  ): Answer {
    const { reference } = request.params;
    const payment = payments.get(reference);
    if (!payment) return notFound(reference);
    return idempotent(request, `${reference}/${action}`, () => {
      const key = headerOf(request, 'idempotency-key') ?? null;
      const conflict = (detail: string) => problem(409, 'Conflict', detail);
      if (action === 'cancel') {
        if (payment.state === 'CREATED') {
          payment.state = 'TERMINATED';
          record(payment, 'TERMINATED', payment.amountOre, key);
          return modificationAnswer(payment);
        }
        const left = payment.authorizedOre - payment.capturedOre - payment.cancelledOre;
        if (payment.state !== 'AUTHORIZED' || left <= 0)
          return conflict(
            `Nothing to cancel: the payment is ${payment.state} with nothing left uncaptured`,
          );
        payment.cancelledOre += left;
        record(payment, 'CANCELLED', left, key);
        return modificationAnswer(payment);
      }
      const parsed = vippsModificationRequestSchema.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      const { currency, value } = parsed.data.modificationAmount;
      if (currency !== 'NOK' || value < 1)
        return problem(400, 'Bad Request', 'modificationAmount must be at least 1 øre in NOK', [
          { name: 'modificationAmount', reason: 'At least 1 øre, in the payment currency' },
        ]);
      if (payment.state !== 'AUTHORIZED')
        return conflict(`The payment is ${payment.state}, not AUTHORIZED`);
      if (action === 'capture') {
        const capturable = payment.authorizedOre - payment.capturedOre - payment.cancelledOre;
        if (value > capturable)
          return conflict(
            `Capture of ${value} exceeds the ${capturable} authorised and not yet captured or cancelled`,
          );
        payment.capturedOre += value;
        record(payment, 'CAPTURED', value, key);
        return modificationAnswer(payment);
      }
      const refundable = payment.capturedOre - payment.refundedOre;
      if (value > refundable)
        return conflict(
          `Refund of ${value} exceeds the ${refundable} captured and not yet refunded`,
        );
      payment.refundedOre += value;
      record(payment, 'REFUNDED', value, key);
      return modificationAnswer(payment);
    });
  }

  function registerWebhook(request: FastifyRequest): Answer {
    const parsed = vippsRegisterWebhookRequestSchema.safeParse(request.body);
    if (!parsed.success) return invalid(parsed.error);
    const registration: Registration = {
      id: randomUUID(),
      url: parsed.data.url,
      events: parsed.data.events,
      secret: randomBytes(48).toString('base64'),
    };
    webhooks.set(registration.id, registration);
    return { status: 201, body: { id: registration.id, secret: registration.secret } };
  }

  function landingPage(payment: StandInPayment): string {
    const { request } = payment;
    const express = request.shipping
      ? `<p>Express: the shop is asked for its shipping options for the test address ${escapeHtml(
          `${vippsStandInTestAddress.addressLine1}, ${vippsStandInTestAddress.postCode} ${vippsStandInTestAddress.city}`,
        )}; the first one offered is added to the amount.</p>`
      : '';
    const reference = encodeURIComponent(payment.reference);
    const choices =
      payment.state === 'CREATED'
        ? `<div class="choices">
      <form method="post" action="${reference}/approve"><button type="submit" class="approve">Approve</button></form>
      <form method="post" action="${reference}/reject"><button type="submit">Reject</button></form>
      <form method="post" action="${reference}/cancel"><button type="submit">Cancel</button></form>
    </div>`
        : `<p>This payment is ${payment.state}.</p>${
            request.returnUrl
              ? `<p><a href="${escapeHtml(request.returnUrl)}">Back to the shop</a></p>`
              : ''
          }`;
    return page(
      'Vipps MobilePay test stand-in',
      `<h1>Pay ${formatKroner(payment.amountOre)}</h1>
    <p>To <strong>${escapeHtml(merchantName)}</strong></p>
    ${request.paymentDescription ? `<p>${escapeHtml(request.paymentDescription)}</p>` : ''}
    <p class="reference">Reference ${escapeHtml(payment.reference)}</p>
    ${express}
    ${choices}`,
    );
  }

  function page(title: string, content: string): string {
    return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f1ee; color: #1c1c1c; margin: 0; }
    main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 1rem; }
    .banner { background: #ffd54f; padding: .5rem 1rem; border-radius: .5rem; font-weight: 700; }
    .reference { color: #555; font-size: .9rem; }
    .choices { display: flex; gap: .5rem; flex-wrap: wrap; }
    button { font: inherit; padding: .6rem 1.2rem; border-radius: .5rem; border: 1px solid #ff5b24; background: #fff; }
    button.approve { background: #ff5b24; color: #fff; }
  </style>
</head>
<body>
  <main>
    <p class="banner">TEST STAND-IN: this is not Vipps MobilePay and no money moves.</p>
    ${content}
  </main>
</body>
</html>`;
  }

  const plugin: FastifyPluginAsync = async (instance) => {
    const prefix = instance.prefix;
    const landingBase = (request: FastifyRequest) =>
      (options.publicUrl ?? `${request.protocol}://${request.host}${prefix}`).replace(/\/+$/, '');

    // The landing page's forms post application/x-www-form-urlencoded; the shop already reads
    // that (@fastify/formbody) when the stand-in is mounted in it.
    if (!instance.hasContentTypeParser('application/x-www-form-urlencoded'))
      instance.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

    instance.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      return respond(
        reply,
        problem(
          status,
          status === 500 ? 'Internal Server Error' : 'Bad Request',
          status === 500 ? 'The stand-in failed' : error.message,
        ),
      );
    });

    instance.addHook('onSend', async (request, reply, payload) => {
      keep(requests, {
        method: request.method,
        path: request.url.startsWith(prefix)
          ? request.url.slice(prefix.length) || '/'
          : request.url,
        headers: request.headers,
        body: request.body,
        status: reply.statusCode,
      });
      return payload;
    });

    instance.addHook('onClose', async () => stop());

    /** Authentication, then any failure a test asked for, then the endpoint itself. */
    async function api(
      request: FastifyRequest,
      reply: FastifyReply,
      endpoint: VippsStandInEndpoint,
      act: () => Answer,
    ) {
      if (endpoint !== 'accessToken') {
        const refused = refusal(request);
        if (refused) return respond(reply, refused);
      }
      const failure = takeFailure(endpoint);
      const status = failure?.status ?? 503;
      const failed = problem(
        status,
        status === 401 ? 'Unauthorized' : 'Service Unavailable',
        'The stand-in was told to fail this answer',
      );
      if (failure && !failure.afterActing) return respond(reply, failed);
      const answer = act();
      return respond(reply, failure ? failed : answer);
    }

    type WithReference = { Params: { reference: string } };

    instance.post('/accesstoken/get', (request, reply) =>
      api(request, reply, 'accessToken', () => issueToken(request)),
    );
    instance.post('/epayment/v1/payments', (request, reply) =>
      api(request, reply, 'createPayment', () => createPayment(request, landingBase(request))),
    );
    instance.get<WithReference>('/epayment/v1/payments/:reference', (request, reply) =>
      api(request, reply, 'getPayment', () => {
        const payment = payments.get(request.params.reference);
        return payment ? { status: 200, body: view(payment) } : notFound(request.params.reference);
      }),
    );
    instance.get<WithReference>('/epayment/v1/payments/:reference/events', (request, reply) =>
      api(request, reply, 'getPaymentEvents', () => {
        const payment = payments.get(request.params.reference);
        return payment ? { status: 200, body: payment.events } : notFound(request.params.reference);
      }),
    );
    for (const action of ['capture', 'cancel', 'refund'] as const)
      instance.post<WithReference>(`/epayment/v1/payments/:reference/${action}`, (request, reply) =>
        api(request, reply, action, () => modify(request, action)),
      );
    instance.post('/webhooks/v1/webhooks', (request, reply) =>
      api(request, reply, 'registerWebhook', () => registerWebhook(request)),
    );
    instance.get('/webhooks/v1/webhooks', (request, reply) =>
      api(request, reply, 'listWebhooks', () => ({
        status: 200,
        body: {
          webhooks: [...webhooks.values()].map(({ id, url, events }) => ({ id, url, events })),
        },
      })),
    );
    instance.delete<{ Params: { id: string } }>('/webhooks/v1/webhooks/:id', (request, reply) =>
      api(request, reply, 'deleteWebhook', () =>
        webhooks.delete(request.params.id)
          ? { status: 204 }
          : problem(404, 'Not Found', `No webhook with id ${request.params.id}`),
      ),
    );

    instance.get<WithReference>('/landing/:reference', async (request, reply) => {
      const payment = payments.get(request.params.reference);
      if (!payment)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Unknown payment',
              '<h1>Unknown payment</h1><p>The stand-in has no such payment.</p>',
            ),
          );
      return reply.type('text/html; charset=utf-8').send(landingPage(payment));
    });
    instance.post<{ Params: { reference: string; choice: string } }>(
      '/landing/:reference/:choice',
      async (request, reply) => {
        const { reference, choice } = request.params;
        const payment = payments.get(reference);
        if (!payment || !['approve', 'reject', 'cancel'].includes(choice))
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(page('Not found', '<h1>Not found</h1>'));
        if (payment.state === 'CREATED') {
          try {
            // Vipps ends a payment the user rejects or cancels on the landing page alike.
            if (choice === 'approve') await approve(reference);
            else userEnds(reference, 'ABORTED');
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            return reply
              .code(502)
              .type('text/html; charset=utf-8')
              .send(
                page(
                  'Not approved',
                  `<h1>Not approved</h1><p>${escapeHtml(error.message)}.</p><p><a href="../${encodeURIComponent(reference)}">Back</a></p>`,
                ),
              );
          }
        }
        // The browser goes back to the shop, which asks Vipps how the payment ended.
        return reply.redirect(
          payment.request.returnUrl ?? `../${encodeURIComponent(reference)}`,
          303,
        );
      },
    );
  };

  function respond(reply: FastifyReply, answer: Answer) {
    reply.code(answer.status);
    if (answer.body === undefined) return reply.send();
    return reply
      .type(answer.problem ? 'application/problem+json' : 'application/json')
      .send(answer.body);
  }

  async function stop(): Promise<void> {
    stopping.abort();
    await Promise.allSettled([...underWay]);
  }

  return {
    plugin,
    requests,
    deliveries,
    payment: (reference) => {
      const payment = payments.get(reference);
      return payment ? view(payment) : undefined;
    },
    approve,
    reject: (reference) => userEnds(reference, 'ABORTED'),
    abandon: (reference) => userEnds(reference, 'ABORTED'),
    expire: (reference) => userEnds(reference, 'EXPIRED'),
    failNext(endpoint, count = 1, failure = {}) {
      const queue = failures.get(endpoint) ?? [];
      queue.push({ ...failure, left: count });
      failures.set(endpoint, queue);
    },
    revokeTokens: () => tokens.clear(),
    stop,
  };
}

/** The stand-in as a server of its own on 127.0.0.1, on a free port. */
export async function startVippsStandIn(
  options: VippsStandInOptions,
): Promise<RunningVippsStandIn> {
  const standIn = createVippsStandIn(options);
  const app = Fastify({ logger: false });
  await app.register(standIn.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: standIn.requests,
    deliveries: standIn.deliveries,
    payment: standIn.payment,
    approve: standIn.approve,
    reject: standIn.reject,
    abandon: standIn.abandon,
    expire: standIn.expire,
    failNext: standIn.failNext,
    revokeTokens: standIn.revokeTokens,
    close: () => app.close(),
  };
}
