import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers of this read-only route may be served from the response cache. */
    responseCache?: boolean;
  }
  interface FastifyInstance {
    /** Forget every cached answer; call it after anything changes what the catalogue shows. */
    responseCache: { clear(): void };
  }
  interface FastifyRequest {
    /** Set when this request computes the answer others may be served. */
    responseCacheKey?: string;
  }
}

export interface ResponseCacheOptions {
  /** The longest an answer is served after it was computed; 0 turns the cache off. */
  ttlSeconds: number;
  /** The most bytes of answers kept; the least recently used go first. */
  maxBytes?: number;
}

/** A kept answer: its body and the headers that describe the body. */
interface Answer {
  payload: string;
  /** JSON for the API; the sitemap is XML. */
  contentType: string;
  /** What the route told browsers and proxies, if anything. */
  cacheControl?: string;
}

interface Entry extends Answer {
  /** Until then the entry is served as it is; after it, one request refreshes it. */
  freshUntil: number;
}

type Outcome = Answer | undefined;

/**
 * A short-lived cache of whole answers (JSON, the sitemap) for read-only calls. Shoppers ask
 * the same category pages and products again and again; serving those from memory keeps the
 * database for the calls that change things. Anything shown from it is checked again where it
 * matters: the cart and the order re-read prices and stock.
 *
 * An answer is fresh for half the time to live; after that the next request recomputes it
 * while the others are still served the kept answer, and requests that miss together wait for
 * one computation, so an expiry never sends a crowd to the database.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const ttl = options.ttlSeconds * 1000;
  const cache =
    ttl > 0
      ? new LRUCache<string, Entry>({
          ttl,
          maxSize: options.maxBytes ?? 64 * 1024 * 1024,
          sizeCalculation: (entry, key) => entry.payload.length + key.length,
        })
      : undefined;
  app.decorate('responseCache', { clear: () => cache?.clear() });
  if (!cache) return;

  const computing = new Map<string, { done: Promise<Outcome>; finish(outcome: Outcome): void }>();

  const send = (reply: FastifyReply, answer: Answer, state: 'hit' | 'stale') => {
    if (answer.cacheControl !== undefined) reply.header('cache-control', answer.cacheControl);
    return reply
      .header('content-type', answer.contentType)
      .header('x-cache', state)
      .send(answer.payload);
  };

  const lookUp = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const entry = cache.get(key);
    if (entry && Date.now() < entry.freshUntil) return send(reply, entry, 'hit');
    const running = computing.get(key);
    if (running) {
      if (entry) return send(reply, entry, 'stale');
      const answer = await running.done;
      if (answer !== undefined) return send(reply, answer, 'hit');
      return undefined;
    }
    let finish: (outcome: Outcome) => void = () => {};
    const done = new Promise<Outcome>((resolve) => (finish = resolve));
    computing.set(key, { done, finish });
    request.responseCacheKey = key;
    return undefined;
  };

  const byUrlAlone = (request: FastifyRequest) =>
    request.method === 'GET' || request.method === 'HEAD';

  // Before parsing and validation: a GET (or HEAD) is known by its URL alone.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.responseCache || !byUrlAlone(request)) return undefined;
    return lookUp(request, reply, `GET ${request.url}`);
  });

  // A POST is known by its body as validated: bounded by its schema and in one canonical form
  // (defaults filled in, unknown keys dropped), never the client's raw JSON.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.responseCache || byUrlAlone(request)) return undefined;
    return lookUp(
      request,
      reply,
      `${request.method} ${request.url} ${JSON.stringify(request.body)}`,
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.responseCacheKey;
    if (key === undefined) return payload;
    const cacheControl = reply.getHeader('cache-control');
    const kept: Outcome =
      reply.statusCode === 200 && typeof payload === 'string'
        ? {
            payload,
            contentType: String(reply.getHeader('content-type') ?? 'application/json'),
            ...(typeof cacheControl === 'string' ? { cacheControl } : {}),
          }
        : undefined;
    if (kept !== undefined) {
      cache.set(key, { ...kept, freshUntil: Date.now() + ttl / 2 });
      reply.header('x-cache', 'miss');
    }
    computing.get(key)?.finish(kept);
    computing.delete(key);
    request.responseCacheKey = undefined;
    return payload;
  });

  // A request that ends without sending (a dropped connection) must not leave others waiting.
  const release = async (request: FastifyRequest) => {
    const key = request.responseCacheKey;
    if (key === undefined) return;
    computing.get(key)?.finish(undefined);
    computing.delete(key);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
