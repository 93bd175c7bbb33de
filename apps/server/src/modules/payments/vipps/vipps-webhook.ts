import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type VippsWebhookEvent, vippsWebhookEventSchema } from './vipps-api.js';

/**
 * Vipps' Webhooks API signs every delivery with the secret it answered when the webhook was
 * registered: `x-ms-content-sha256` is the base64 SHA-256 of the body, and `Authorization` is
 * `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<base64 HMAC-SHA256 of
 * "POST\n<path and query>\n<x-ms-date>;<host>;<content hash>">`. The shop checks a delivery
 * here before it believes a word of it; the stand-in signs its deliveries with the same code.
 */

/** A delivery older or newer than this is refused, so a recorded one cannot be replayed later. */
export const vippsWebhookMaxSkewMs = 5 * 60 * 1000;

const signedHeaders = 'x-ms-date;host;x-ms-content-sha256';

function contentHash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('base64');
}

function authorizationFor(
  secret: string,
  pathAndQuery: string,
  date: string,
  host: string,
  hash: string,
): string {
  const signature = createHmac('sha256', secret)
    .update(`POST\n${pathAndQuery}\n${date};${host};${hash}`)
    .digest('base64');
  return `HMAC-SHA256 SignedHeaders=${signedHeaders}&Signature=${signature}`;
}

/** The headers Vipps sends with a delivery of `body` to `url`, signed with `secret`. */
export function signVippsWebhook(input: {
  url: string;
  body: string | Buffer;
  secret: string;
  date?: Date;
}): { 'x-ms-date': string; 'x-ms-content-sha256': string; authorization: string } {
  const url = new URL(input.url);
  const date = (input.date ?? new Date()).toUTCString();
  const hash = contentHash(input.body);
  return {
    'x-ms-date': date,
    'x-ms-content-sha256': hash,
    authorization: authorizationFor(input.secret, url.pathname + url.search, date, url.host, hash),
  };
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return typeof value === 'string' ? value : undefined;
}

/** Compares digests of both, so neither the content nor the length of the secret value leaks. */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * True when the delivery is Vipps' (or the stand-in's) for this registration: the body hashes to
 * `x-ms-content-sha256`, the signature over path, date, host and hash matches `secret`, and
 * `x-ms-date` is within five minutes of `now`.
 *
 * `pathAndQuery` and `host` are those the request arrived with (`request.url` and the Host
 * header); `rawBody` is the body exactly as received, before any JSON parsing.
 */
export function verifyVippsWebhook(input: {
  pathAndQuery: string;
  host: string;
  headers: Headers;
  rawBody: string | Buffer;
  secret: string;
  now?: Date;
}): boolean {
  const date = header(input.headers, 'x-ms-date');
  const hash = header(input.headers, 'x-ms-content-sha256');
  const authorization = header(input.headers, 'authorization');
  if (!date || !hash || !authorization || !input.secret) return false;
  const sentAt = Date.parse(date);
  const now = (input.now ?? new Date()).getTime();
  if (Number.isNaN(sentAt) || Math.abs(now - sentAt) > vippsWebhookMaxSkewMs) return false;
  const bodyMatches = sameText(hash, contentHash(input.rawBody));
  const expected = authorizationFor(input.secret, input.pathAndQuery, date, input.host, hash);
  // Both are checked whatever the first says, so the time taken tells nothing of which failed.
  const signatureMatches = sameText(authorization, expected);
  return bodyMatches && signatureMatches;
}

/** The ePayment event a (verified) delivery carries, or undefined when it is not one. */
export function readVippsWebhookEvent(rawBody: string | Buffer): VippsWebhookEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const result = vippsWebhookEventSchema.safeParse(parsed);
  return result.success ? result.data : undefined;
}
