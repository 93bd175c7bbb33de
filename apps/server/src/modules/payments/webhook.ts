import { timingSafeEqual } from 'node:crypto';
import type { WebhookEvent, WebhookHeaders } from './payment-provider.js';

/** The events that tell the shopper has paid: the amount is reserved. */
const completedEvents = new Set([
  'payment.reservation.created.v2',
  'payment.reservation.created',
  'payment.checkout.completed',
]);

/** Compares in constant time, so the answer time tells nothing about the secret. */
function authorizationMatches(headers: WebhookHeaders, secret: string): boolean {
  const header = headers.authorization;
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Reads a webhook in Nets' shape, `{id, timestamp, merchantNumber, event, data: {paymentId, ...}}`,
 * sent with the `authorization` value given when the payment was created.
 */
export function readNetsStyleWebhook(
  headers: WebhookHeaders,
  body: unknown,
  secret: string,
): WebhookEvent | undefined {
  if (!authorizationMatches(headers, secret)) return undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || typeof data !== 'object' || data === null) return undefined;
  const { paymentId } = data as { paymentId?: unknown };
  if (typeof paymentId !== 'string' || paymentId === '') return undefined;
  return { paymentId, kind: completedEvents.has(event) ? 'completed' : 'other' };
}
