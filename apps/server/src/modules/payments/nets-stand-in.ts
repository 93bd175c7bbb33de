import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Nets' Payment API, for tests only: the documented request and answer
 * shapes of create, retrieve, charge, cancel and refund, the Authorization check (401 without the
 * secret key), the order checks Nets makes (lines adding up), idempotent charges and refunds, and
 * no refund beyond what the charge has left. It records every request so a test can look at what
 * was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface StandInItem {
  quantity: number;
  unitPrice: number;
  taxRate: number;
  taxAmount: number;
  grossTotalAmount: number;
  netTotalAmount: number;
}

interface StandInPayment {
  paymentId: string;
  amount: number;
  currency: string;
  reference: string;
  reserved: number;
  charged: number;
  cancelled: number;
  refunded: number;
  /** Idempotency key → the charge made with it. */
  charges: Map<string, StandInCharge>;
}

interface StandInCharge {
  chargeId: string;
  amount: number;
  refunded: number;
  /** Idempotency key → the refund made with it. */
  refunds: Map<string, { refundId: string; amount: number }>;
}

export interface NetsStandIn {
  url: string;
  requests: RecordedRequest[];
  /** What the shopper does in Nets' checkout: the order's amount (or `amount`) is reserved. */
  reserve(paymentId: string, amount?: number): void;
  close(): Promise<void>;
}

type Answer = { status: number; body?: unknown };

const fail = (status: number, message: string): Answer => ({ status, body: { message } });

/** Nets answers a refused order with `{errors: {field: [message]}}`. */
const invalid = (field: string, message: string): Answer => ({
  status: 400,
  body: { errors: { [field]: [message] } },
});

function checkOrder(order: unknown): Answer | undefined {
  const { items, amount, currency, reference } = (order ?? {}) as {
    items?: StandInItem[];
    amount?: number;
    currency?: string;
    reference?: string;
  };
  if (!Array.isArray(items) || items.length === 0)
    return invalid('order.items', 'At least one item is required');
  if (!Number.isInteger(amount) || typeof currency !== 'string' || typeof reference !== 'string')
    return invalid('order', 'amount, currency and reference are required');
  for (const item of items) {
    if (
      ![item.unitPrice, item.taxAmount, item.netTotalAmount, item.grossTotalAmount].every(
        Number.isInteger,
      )
    )
      return invalid('order.items', 'Amounts must be whole numbers of the minor unit');
    if (item.unitPrice * item.quantity !== item.netTotalAmount)
      return invalid('order.items', 'netTotalAmount must be unitPrice × quantity');
    if (item.netTotalAmount + item.taxAmount !== item.grossTotalAmount)
      return invalid('order.items', 'grossTotalAmount must be netTotalAmount + taxAmount');
  }
  const sum = items.reduce((total, item) => total + item.grossTotalAmount, 0);
  if (sum !== amount)
    return invalid('order.amount', 'The sum of grossTotalAmount must equal amount');
  return undefined;
}

function summary(payment: StandInPayment) {
  // Nets leaves out the amounts that are still zero.
  return {
    ...(payment.reserved > 0 ? { reservedAmount: payment.reserved } : {}),
    ...(payment.charged > 0 ? { chargedAmount: payment.charged } : {}),
    ...(payment.cancelled > 0 ? { cancelledAmount: payment.cancelled } : {}),
    ...(payment.refunded > 0 ? { refundedAmount: payment.refunded } : {}),
  };
}

/** A refund's order items, when given, must be valid and add up to its amount, as Nets checks. */
function checkRefundItems(items: unknown, amount: number): Answer | undefined {
  if (items === undefined) return undefined;
  return checkOrder({ items, amount, currency: 'NOK', reference: 'refund' });
}

export async function startNetsStandIn(options: { secretKey: string }): Promise<NetsStandIn> {
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, StandInPayment>();

  function answer(method: string, path: string, body: unknown, idempotencyKey?: string): Answer {
    if (method === 'POST' && path === '/v1/payments') {
      const { order } = (body ?? {}) as {
        order?: { amount: number; currency: string; reference: string };
      };
      const problem = checkOrder(order);
      if (problem || !order) return problem ?? invalid('order', 'order is required');
      const paymentId = randomBytes(16).toString('hex');
      payments.set(paymentId, {
        paymentId,
        amount: order.amount,
        currency: order.currency,
        reference: order.reference,
        reserved: 0,
        charged: 0,
        cancelled: 0,
        refunded: 0,
        charges: new Map(),
      });
      return { status: 201, body: { paymentId } };
    }
    const refundOf = /^\/v1\/charges\/([^/]+)\/refunds$/.exec(path);
    if (refundOf)
      return method === 'POST'
        ? refund(refundOf[1] ?? '', body, idempotencyKey)
        : fail(405, 'Method not allowed');
    const match = /^\/v1\/payments\/([^/]+)(?:\/(charges|cancels))?$/.exec(path);
    const payment = match?.[1] ? payments.get(match[1]) : undefined;
    if (!match || !payment) return fail(404, 'Not found');
    const action = match[2];
    if (method === 'GET' && !action)
      return {
        status: 200,
        body: {
          payment: {
            paymentId: payment.paymentId,
            summary: summary(payment),
            orderDetails: {
              amount: payment.amount,
              currency: payment.currency,
              reference: payment.reference,
            },
            checkout: { url: 'https://shop.example/checkout' },
            ...(payment.charges.size > 0
              ? {
                  charges: [...payment.charges.values()].map(({ chargeId, amount }) => ({
                    chargeId,
                    amount,
                    created: new Date().toISOString(),
                  })),
                }
              : {}),
            created: new Date().toISOString(),
          },
        },
      };
    if (method !== 'POST') return fail(405, 'Method not allowed');
    const { amount } = (body ?? {}) as { amount?: unknown };
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      return invalid('amount', 'amount is required');
    return action === 'charges' ? charge(payment, amount, idempotencyKey) : cancel(payment, amount);
  }

  function charge(payment: StandInPayment, amount: number, key: string | undefined): Answer {
    const earlier = key ? payment.charges.get(key) : undefined;
    if (earlier) return { status: 201, body: { chargeId: earlier.chargeId } };
    if (payment.cancelled > 0 || amount > payment.reserved - payment.charged)
      return fail(400, 'Amount exceeds the reserved amount');
    const chargeId = randomBytes(16).toString('hex');
    payment.charged += amount;
    payment.charges.set(key ?? chargeId, { chargeId, amount, refunded: 0, refunds: new Map() });
    return { status: 201, body: { chargeId } };
  }

  function refund(chargeId: string, body: unknown, key: string | undefined): Answer {
    const payment = [...payments.values()].find((candidate) =>
      [...candidate.charges.values()].some((made) => made.chargeId === chargeId),
    );
    const charge = [...(payment?.charges.values() ?? [])].find(
      (made) => made.chargeId === chargeId,
    );
    if (!payment || !charge) return fail(404, 'Not found');
    const { amount, orderItems } = (body ?? {}) as { amount?: unknown; orderItems?: unknown };
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      return invalid('amount', 'amount is required');
    const earlier = key ? charge.refunds.get(key) : undefined;
    if (earlier) return { status: 201, body: { refundId: earlier.refundId } };
    const problem = checkRefundItems(orderItems, amount);
    if (problem) return problem;
    if (amount > charge.amount - charge.refunded)
      return fail(400, 'Amount exceeds the charged amount that is not refunded');
    const refundId = randomBytes(16).toString('hex');
    charge.refunded += amount;
    payment.refunded += amount;
    charge.refunds.set(key ?? refundId, { refundId, amount });
    return { status: 201, body: { refundId } };
  }

  function cancel(payment: StandInPayment, amount: number): Answer {
    if (payment.charged > 0) return fail(400, 'A charged payment cannot be cancelled');
    if (amount !== payment.reserved)
      return fail(400, 'Only the whole reservation can be cancelled');
    payment.cancelled = amount;
    return { status: 204 };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const method = request.method ?? 'GET';
      requests.push({ method, path, headers: request.headers, body });
      const key = request.headers['idempotency-key'];
      const result =
        request.headers.authorization === options.secretKey
          ? answer(method, path, body, typeof key === 'string' ? key : undefined)
          : fail(401, 'Unauthorized');
      response.statusCode = result.status;
      if (result.body === undefined) return response.end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reserve(paymentId, amount) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`stand-in has no payment ${paymentId}`);
      payment.reserved = amount ?? payment.amount;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
