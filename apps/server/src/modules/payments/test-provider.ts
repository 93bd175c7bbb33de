import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../../config/env.js';
import type { Database, Transaction } from '../../db/client.js';
import { assertLinesAddUp } from './payment-lines.js';
import type {
  CreatePaymentInput,
  PaymentLine,
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
  WebhookEvent,
  WebhookHeaders,
} from './payment-provider.js';
import { testPaymentCharges, testPaymentRefunds, testPayments } from './payments.tables.js';
import { readNetsStyleWebhook } from './webhook.js';

/** The documented test cards: every other card number that passes the Luhn check is approved too. */
export const testCards = {
  approved: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
} as const;

export const testPaymentMessages = {
  notFound: 'Payment not found',
  cancelled: 'This payment was cancelled.',
  invalidCardNumber: 'Invalid card number',
  invalidExpiry: 'Expiry must be MM/YY',
  expired: 'The card has expired',
  invalidCvc: 'CVC must be 3 digits',
  nameRequired: 'Cardholder name is required',
  declined: 'Your card was declined.',
} as const;

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type PayResult =
  | { ok: true; status: 'reserved' | 'charged' }
  | { ok: false; statusCode: 400 | 402 | 404 | 409; message: string };

type StoredPayment = typeof testPayments.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A shopper may try another card after a decline, as with a real card widget. */
const payableStatuses: StoredPayment['status'][] = ['created', 'declined'];

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The first problem with the card details, or the card's digits when they are usable. */
function checkCard(
  card: CardDetails,
  now: Date,
): { ok: true; digits: string } | { ok: false; message: string } {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    return { ok: false, message: testPaymentMessages.invalidCardNumber };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12)
    return { ok: false, message: testPaymentMessages.invalidExpiry };
  // A card is valid through the last day of its expiry month.
  const firstDayAfter = Date.UTC(2000 + Number(expiry[2]), month, 1);
  if (firstDayAfter <= now.getTime()) return { ok: false, message: testPaymentMessages.expired };
  if (!/^\d{3}$/.test(card.cvc.trim()))
    return { ok: false, message: testPaymentMessages.invalidCvc };
  if (card.name.trim() === '') return { ok: false, message: testPaymentMessages.nameRequired };
  return { ok: true, digits };
}

const toStatus = (stored: StoredPayment['status']): PaymentStatus =>
  stored === 'created' ? 'pending' : stored;

/**
 * The built-in provider used when no real one is configured: it keeps its payments in
 * test_payments and serves its own card widget (payments.routes.ts), so the whole checkout can
 * be tried, and tested, without a provider account. No money moves.
 *
 * It sends no webhooks over the network: `reservationWebhook` builds the one Nets would send once
 * a payment is reserved, and `readWebhook` accepts it with the header `authorization:
 * webhookAuthorization`, which is NETS_WEBHOOK_SECRET when set and otherwise a random value made
 * at start.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  /** Public, like a real checkout key: the widget page refuses any other. */
  readonly checkoutKey = 'test-checkout-key';
  readonly checkoutScriptUrl = '/payments/test/checkout.js';
  readonly webhookAuthorization: string;
  private readonly db: Database;

  constructor(deps: { db: Database; env: Env }) {
    this.db = deps.db;
    this.webhookAuthorization = deps.env.NETS_WEBHOOK_SECRET ?? randomBytes(24).toString('hex');
  }

  async createPayment(input: CreatePaymentInput): Promise<{ paymentId: string }> {
    assertLinesAddUp(input);
    const [created] = await this.db
      .insert(testPayments)
      .values({ reference: input.reference, amountOre: input.amountOre, currency: input.currency })
      .returning({ id: testPayments.id });
    if (!created) throw new Error('test payment was not stored');
    return { paymentId: created.id };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | undefined> {
    const stored = await this.find(paymentId);
    if (!stored) return undefined;
    const status = toStatus(stored.status);
    return {
      paymentId: stored.id,
      status,
      amountOre:
        status === 'reserved'
          ? stored.amountOre
          : status === 'charged'
            ? await this.chargedOre(this.db, paymentId)
            : 0,
      currency: stored.currency,
      reference: stored.reference,
    };
  }

  /** What the payment's captures took, all parts together. */
  private async chargedOre(db: Database | Transaction, paymentId: string): Promise<number> {
    const [charged] = await db
      .select({ total: sql<number>`coalesce(sum(${testPaymentCharges.amountOre}), 0)::int` })
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.paymentId, paymentId));
    return charged?.total ?? 0;
  }

  /** The stored payment, for the widget; undefined for an unknown or malformed id. */
  async find(paymentId: string): Promise<StoredPayment | undefined> {
    if (!uuidPattern.test(paymentId)) return undefined;
    const [stored] = await this.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.id, paymentId))
      .limit(1);
    return stored;
  }

  /**
   * Captures `amountOre` of the reservation, all of it or a part (issue 32.3), never more than is
   * left; the same key again is the same capture. The payment's row lock orders its captures.
   */
  async charge(paymentId: string, amountOre: number, idempotencyKey: string): Promise<void> {
    if (!uuidPattern.test(paymentId)) throw new Error(`test payment ${paymentId} not found`);
    await this.db.transaction(async (tx) => {
      const [stored] = await tx
        .select()
        .from(testPayments)
        .where(eq(testPayments.id, paymentId))
        .for('update');
      if (!stored) throw new Error(`test payment ${paymentId} not found`);
      const [earlier] = await tx
        .select()
        .from(testPaymentCharges)
        .where(
          and(
            eq(testPaymentCharges.paymentId, paymentId),
            eq(testPaymentCharges.idempotencyKey, idempotencyKey),
          ),
        );
      if (earlier) {
        if (earlier.amountOre !== amountOre)
          throw new Error(`capture ${idempotencyKey} was made for ${earlier.amountOre} øre`);
        return;
      }
      if (stored.status !== 'reserved' && stored.status !== 'charged')
        throw new Error(`test payment ${paymentId} is ${stored.status}, not reserved`);
      const left = stored.amountOre - (await this.chargedOre(tx, paymentId));
      if (!Number.isInteger(amountOre) || amountOre <= 0 || amountOre > left)
        throw new Error(
          `test payment ${paymentId} has ${left} øre left to capture, not ${amountOre} øre`,
        );
      await tx.insert(testPaymentCharges).values({ paymentId, idempotencyKey, amountOre });
      await tx
        .update(testPayments)
        .set({ status: 'charged', updatedAt: new Date() })
        .where(eq(testPayments.id, paymentId));
    });
  }

  async cancel(paymentId: string, _amountOre: number, _idempotencyKey: string): Promise<void> {
    if (await this.move(paymentId, ['created', 'reserved', 'declined'], 'cancelled')) return;
    const now = await this.find(paymentId);
    if (!now) throw new Error(`test payment ${paymentId} not found`);
    if (now.status !== 'cancelled')
      throw new Error(`test payment ${paymentId} is ${now.status} and cannot be cancelled`);
  }

  async refund(
    paymentId: string,
    amountOre: number,
    lines: PaymentLine[],
    idempotencyKey: string,
  ): Promise<{ refundId: string }> {
    assertLinesAddUp({ amountOre, lines });
    if (!uuidPattern.test(paymentId)) throw new Error(`test payment ${paymentId} not found`);
    // The payment's row lock orders refunds of one payment, from any process.
    return this.db.transaction(async (tx) => {
      const [stored] = await tx
        .select()
        .from(testPayments)
        .where(eq(testPayments.id, paymentId))
        .for('update');
      if (!stored) throw new Error(`test payment ${paymentId} not found`);
      if (stored.status !== 'charged')
        throw new Error(`test payment ${paymentId} is ${stored.status}, not charged`);
      const [earlier] = await tx
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
      if (earlier) {
        if (earlier.paymentId !== paymentId || earlier.amountOre !== amountOre)
          throw new Error(`refund ${idempotencyKey} was made for ${earlier.amountOre} øre`);
        return { refundId: earlier.id };
      }
      const [refunded] = await tx
        .select({ total: sql<number>`coalesce(sum(${testPaymentRefunds.amountOre}), 0)::int` })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.paymentId, paymentId));
      const left = (await this.chargedOre(tx, paymentId)) - (refunded?.total ?? 0);
      if (amountOre > left)
        throw new Error(
          `test payment ${paymentId} has ${left} øre left to refund, not ${amountOre} øre`,
        );
      const [refund] = await tx
        .insert(testPaymentRefunds)
        .values({ paymentId, idempotencyKey, amountOre })
        .returning({ id: testPaymentRefunds.id });
      if (!refund) throw new Error('test refund was not stored');
      return { refundId: refund.id };
    });
  }

  readWebhook(headers: WebhookHeaders, body: unknown): WebhookEvent | undefined {
    return readNetsStyleWebhook(headers, body, this.webhookAuthorization);
  }

  /** What the widget's pay button does: declines or reserves, like a card network would. */
  async pay(paymentId: string, card: CardDetails, now = new Date()): Promise<PayResult> {
    const stored = await this.find(paymentId);
    if (!stored) return { ok: false, statusCode: 404, message: testPaymentMessages.notFound };
    // A second click, or a second tab, after the payment went through.
    if (stored.status === 'reserved' || stored.status === 'charged')
      return { ok: true, status: stored.status };
    if (stored.status === 'cancelled')
      return { ok: false, statusCode: 409, message: testPaymentMessages.cancelled };
    const checked = checkCard(card, now);
    if (!checked.ok) return { ok: false, statusCode: 400, message: checked.message };
    const cardLast4 = checked.digits.slice(-4);
    if (checked.digits === testCards.declined.replaceAll(' ', '')) {
      await this.move(paymentId, payableStatuses, 'declined', cardLast4);
      return { ok: false, statusCode: 402, message: testPaymentMessages.declined };
    }
    if (await this.move(paymentId, payableStatuses, 'reserved', cardLast4))
      return { ok: true, status: 'reserved' };
    // Another request changed it in between: answer what it is now.
    return this.pay(paymentId, card, now);
  }

  /** The webhook Nets would send once the payment is reserved, in Nets' shape, with its header. */
  reservationWebhook(payment: ProviderPayment): { headers: Record<string, string>; body: unknown } {
    return {
      headers: { authorization: this.webhookAuthorization, 'content-type': 'application/json' },
      body: {
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        merchantNumber: 0,
        event: 'payment.reservation.created.v2',
        data: {
          paymentId: payment.paymentId,
          amount: { amount: payment.amountOre, currency: payment.currency },
          order: { reference: payment.reference },
        },
      },
    };
  }

  private async move(
    paymentId: string,
    from: StoredPayment['status'][],
    to: StoredPayment['status'],
    cardLast4?: string,
  ): Promise<boolean> {
    if (!uuidPattern.test(paymentId)) return false;
    const moved = await this.db
      .update(testPayments)
      .set({ status: to, updatedAt: new Date(), ...(cardLast4 ? { cardLast4 } : {}) })
      .where(and(eq(testPayments.id, paymentId), inArray(testPayments.status, from)))
      .returning({ id: testPayments.id });
    return moved.length > 0;
  }
}
