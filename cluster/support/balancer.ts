import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Backend {
  name: string;
  port: number;
}

/** What a connection error before any answer means for a retry on another process. */
const neverReached = new Set(['ECONNREFUSED']);
const cutBeforeAnswer = new Set(['ECONNRESET', 'EPIPE']);

/**
 * A small HTTP load balancer, as nginx or HAProxy stands in front of the shop: requests go round
 * robin to the processes whose `/ready` answers 200 (checked every 100 ms), each over a
 * connection of its own, as nginx's default upstream does. A request no process received
 * (connection refused) goes to the next one; a GET cut before its answer is retried too. The
 * client's own `x-forwarded-for` is kept, so a test can play shoppers from many addresses.
 */
export class Balancer {
  private readonly ready = new Set<string>();
  private readonly server: http.Server;
  private next = 0;
  private probe: NodeJS.Timeout | undefined;
  /** Answers sent, per process: a test checks both took a share. */
  readonly served = new Map<string, number>();

  constructor(private readonly backends: Backend[]) {
    this.server = http.createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<number> {
    await this.checkAll();
    this.probe = setInterval(() => void this.checkAll(), 100);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    clearInterval(this.probe);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async checkAll(): Promise<void> {
    await Promise.all(
      this.backends.map(async (backend) => {
        const status = await fetch(`http://127.0.0.1:${backend.port}/ready`, {
          signal: AbortSignal.timeout(1000),
        }).then(
          (answer) => answer.status,
          () => 0,
        );
        if (status === 200) this.ready.add(backend.name);
        else this.ready.delete(backend.name);
      }),
    );
  }

  /** The ready processes, starting with the next in turn; all of them when none is ready. */
  private order(): Backend[] {
    const ready = this.backends.filter((backend) => this.ready.has(backend.name));
    const pool = ready.length > 0 ? ready : this.backends;
    const start = this.next++ % pool.length;
    return [...pool.slice(start), ...pool.slice(0, start)];
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const headers = withoutFraming({ ...request.headers, 'x-forwarded-for': forwardedFor });
    let lastError: NodeJS.ErrnoException | undefined;
    for (const backend of this.order()) {
      try {
        const answer = await forward(backend, request, headers, body);
        this.served.set(backend.name, (this.served.get(backend.name) ?? 0) + 1);
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
        return;
      } catch (error) {
        lastError = error as NodeJS.ErrnoException;
        const code = lastError.code ?? '';
        const retry =
          neverReached.has(code) ||
          (cutBeforeAnswer.has(code) && (request.method === 'GET' || request.method === 'HEAD'));
        if (!retry) break;
      }
    }
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`no process answered: ${lastError?.code ?? lastError?.message ?? 'unknown'}`);
  }
}

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/** Headers of one hop's framing: the body is passed on whole, with its own length. */
function withoutFraming<T extends http.IncomingHttpHeaders>(headers: T): T {
  const passed = { ...headers };
  delete passed['transfer-encoding'];
  delete passed.connection;
  delete passed['keep-alive'];
  return passed;
}

const agents = new Map<string, http.Agent>();

/** Kept-alive connections per process, as cloud load balancers hold them. */
function agentOf(backend: Backend): http.Agent {
  let agent = agents.get(backend.name);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    agents.set(backend.name, agent);
  }
  return agent;
}

function forward(
  backend: Backend,
  request: http.IncomingMessage,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: { ...headers, 'content-length': body.length },
        agent: agentOf(backend),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const whole = Buffer.concat(chunks);
          resolve({
            status: answer.statusCode ?? 502,
            headers: { ...withoutFraming(answer.headers), 'content-length': whole.length },
            body: whole,
          });
        });
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}
