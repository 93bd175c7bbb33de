import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
