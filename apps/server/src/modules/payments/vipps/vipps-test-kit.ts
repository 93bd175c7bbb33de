import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VippsCreatePaymentRequest } from './vipps-api.js';
import { VippsClient } from './vipps-client.js';
import {
  startVippsStandIn,
  type RunningVippsStandIn,
  type VippsStandInOptions,
} from './vipps-stand-in.js';

/**
 * The shop's end of what Vipps sends, for the Vipps tests: a local HTTP server that keeps every
 * request exactly as it arrived (path, Host header, raw body), which is what a webhook's
 * signature is checked against, and answers as the test says.
 */

export interface ReceivedRequest {
  method: string;
  /** Path and query as the request line carried them. */
  pathAndQuery: string;
  host: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

export interface Receiver {
  /** Base address, without a trailing slash. */
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

type Reply = { status: number; body?: unknown };

export async function startReceiver(
  reply: (request: ReceivedRequest) => Reply = () => ({ status: 200 }),
): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived: ReceivedRequest = {
        method: request.method ?? 'GET',
        pathAndQuery: request.url ?? '/',
        host: request.headers.host ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(arrived);
      const { status, body } = reply(arrived);
      response.statusCode = status;
      if (body === undefined) return response.end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The keys the Vipps tests' shop holds, which their stand-ins check as Vipps does. */
export const testVippsCredentials = {
  clientId: 'shop-client-id',
  clientSecret: 'shop-client-secret',
  subscriptionKey: 'shop-subscription-key',
  merchantSerialNumber: '123456',
} as const;

/**
 * What the Vipps tests set up: a stand-in on its own port with the shop's client, and receivers
 * for what it sends, all closed by `closeAll` (the test file's `afterEach`).
 */
export function vippsTestKit() {
  const closers: (() => Promise<void>)[] = [];
  return {
    async closeAll() {
      for (const close of closers.splice(0).reverse()) await close();
    },
    async setUp(
      options: Partial<VippsStandInOptions> = {},
    ): Promise<{ standIn: RunningVippsStandIn; client: VippsClient }> {
      const standIn = await startVippsStandIn({
        ...testVippsCredentials,
        merchantName: 'Nordic Trading Shop',
        ...options,
      });
      closers.push(() => standIn.close());
      const client = new VippsClient({
        baseUrl: standIn.url,
        ...testVippsCredentials,
        systemName: 'nordic-trading-shop',
        systemVersion: '1.0.0',
      });
      return { standIn, client };
    },
    async receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
      const started = await startReceiver(...args);
      closers.push(() => started.close());
      return started;
    },
  };
}

/** A WEB_REDIRECT payment request of `amountOre` with a fresh reference. */
export function testPaymentRequest(
  amountOre: number,
  extra: Partial<VippsCreatePaymentRequest> = {},
): VippsCreatePaymentRequest {
  return {
    amount: { currency: 'NOK', value: amountOre },
    paymentMethod: { type: 'WALLET' },
    reference: randomUUID(),
    returnUrl: 'https://shop.example/checkout/return',
    userFlow: 'WEB_REDIRECT',
    paymentDescription: 'Honey and coffee',
    ...extra,
  };
}
