import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers of this read-only route may be served from the response cache: `true` keeps them
     * by language and URL; a rule keeps them by what it says the answer depends on.
     */
    responseCache?: boolean | ResponseCacheRule;
    /**
     * A back-office write that changes nothing a shopper is shown (a sign-in step, a session
     * refresh, a preview link, an order shipped): it leaves every process's kept answers alone.
     */
    showsShoppersNothingNew?: true;
  }
  interface FastifyInstance {
    /**
     * Forget every cached answer, here and in the other processes. A back-office write that
     * succeeded does it on its own; call it after a change made outside a request.
     */
    responseCache: {
      clear(): void;
      /**
       * What every rendered page needs alike (the shop's details, the menu), computed once per
       * change rather than per page: kept until the next clear, here or announced by another
       * process, whether answers are kept or not. Computed afresh each time in a process that
       * hears no announcements. A value `keep` refuses (an error answer) is not kept.
       */
      perChange<T>(
        key: string,
        compute: () => Promise<T>,
        keep?: (value: T) => boolean,
      ): Promise<T>;
    };
  }
  interface FastifyRequest {
    /** Set when this request computes the answer others may be served. */
    responseCacheTicket?: Ticket;
  }
}

/**
 * How the processes serving one shop tell each other to forget their answers: a clear in one
 * process reaches every other, and so does any change of the catalogue itself (a sale that
 * takes the last unit), wherever it was made.
 */
export interface CacheInvalidations {
  /** Tells every process, this one included, to clear its cache. */
  publish(): Promise<void>;
  /**
   * Calls `onClear` for every clear published and every catalogue change from now on, and
   * again whenever listening restarts (what was missed meanwhile is unknown). Resolves to stop.
   */
  subscribe(onClear: () => void): Promise<() => Promise<void>>;
}

/** How a route that is not an API answer (a rendered page) is kept. */
export interface ResponseCacheRule {
  /**
   * Everything the answer depends on besides the clears: the same key, the same answer. None
   * for a request that must be answered afresh (and whose answer is not kept).
   */
  key(request: FastifyRequest): string | undefined;
}

export interface ResponseCacheOptions {
  /** The longest an answer is served after it was computed; 0 turns the cache off. */
  ttlSeconds: number;
  /** The most bytes of answers kept; the least recently used go first. */
  maxBytes?: number;
  /** Clears shared with the shop's other processes; without it, this process's alone. */
  invalidations?: CacheInvalidations;
  /** Where a failed publish is reported; it must never fail the write that cleared. */
  log?: { error(details: object, message: string): void };
}

/** The back office's API: its routes, as declared, begin with it. */
const BACK_OFFICE_API = '/api/admin/';
/** What a write is; a CORS preflight (OPTIONS) is not one. */
const BACK_OFFICE_WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A kept answer: its body and the headers that describe the body. */
interface Answer {
  payload: string;
  /** JSON for the API; the sitemap is XML. */
  contentType: string;
  /** What the route told browsers and proxies, if anything. */
  cacheControl?: string;
  vary?: string;
}

interface Entry extends Answer {
  /** Until then the entry is served as it is; after it, one request refreshes it. */
  freshUntil: number;
  /** The answer compressed once for the requests that take it so, rather than per request. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const encodings = ['br', 'gzip'] as const;
type Encoding = (typeof encodings)[number];

/** Below this, compressing costs more than it saves (the compression plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;

const compressors: Record<Encoding, (payload: string) => Buffer> = {
  // Once per kept answer, so a higher quality than the per-request plugin's 4 pays off.
  br: (payload) =>
    zlib.brotliCompressSync(payload, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
      },
    }),
  gzip: (payload) => zlib.gzipSync(payload),
};

type Outcome = Entry | undefined;

interface Computation {
  done: Promise<Outcome>;
  finish(outcome: Outcome): void;
}

/** The answer a request computes for others: where it goes, and which cache it may fill. */
interface Ticket {
  key: string;
  computation: Computation;
  /** The clears seen when the computation began; a clear after it makes the answer stale. */
  generation: number;
}

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
          // With room for its compressed forms, added later and far smaller than the answer.
          sizeCalculation: (entry, key) => Math.ceil(entry.payload.length * 1.5) + key.length,
        })
      : undefined;
  const computing = new Map<string, Computation>();
  const perChange = new Map<string, Promise<unknown>>();
  /** Whether this process hears every clear: only then may a value outlive its request. */
  let listening = false;
  let generation = 0;
  const clearHere = () => {
    generation += 1;
    cache?.clear();
    perChange.clear();
    // Requests arriving now must not wait for an answer read before the change.
    computing.clear();
  };
  const { invalidations, log } = options;
  // Published even without a cache here: a process reading a replica moves its reads to the
  // primary on it (db/read-routing.ts), and the other processes may keep answers.
  const publish = async () => {
    try {
      await invalidations?.publish();
    } catch (err) {
      log?.error({ err }, 'telling other processes to clear failed');
    }
  };
  app.decorate('responseCache', {
    clear: () => {
      clearHere();
      void publish();
    },
    perChange: <T>(
      key: string,
      compute: () => Promise<T>,
      keep: (value: T) => boolean = () => true,
    ): Promise<T> => {
      if (!listening) return compute();
      const kept = perChange.get(key) as Promise<T> | undefined;
      if (kept) return kept;
      const value = compute();
      perChange.set(key, value);
      const forget = () => {
        if (perChange.get(key) === value) perChange.delete(key);
      };
      // A failure is not kept: the next page asks again.
      value.then((settled) => (keep(settled) ? undefined : forget()), forget);
      return value;
    },
  });

  // One rule instead of a clear written after each save: any back-office write that succeeded
  // may change what the storefront shows (a page, a slide, the shop's details, a shipping zone
  // behind the country list), and a refused one changed nothing. Cleared here, and the notice to
  // the other processes committed, before the answer leaves: the back office reads its save back
  // at once. Writes outside the back office change nothing kept but the catalogue's tables (a
  // checkout's or a refund's stock and sales count), whose triggers clear every process
  // (migration 0026): a customer's review is shown only once the back office accepts it; carts,
  // accounts and enquiries are never kept. A staff member's session, refreshed every quarter hour
  // in each open back office, and an owner packing the day's orders would otherwise clear every
  // process's pages at each step: such routes say they show shoppers nothing new.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode < 400 &&
      BACK_OFFICE_WRITES.has(request.method) &&
      request.routeOptions.url?.startsWith(BACK_OFFICE_API) &&
      request.routeOptions.config.showsShoppersNothingNew !== true
    ) {
      clearHere();
      await publish();
    }
    return payload;
  });
  // Every kept route answers in the asker's language (API contract, "Language"): browsers and
  // proxies must not hand a Norwegian answer to an English request, nor this cache.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.responseCache === true) reply.header('vary', 'Accept-Language');
  });
  if (invalidations) {
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopListening = await invalidations.subscribe(clearHere);
      listening = true;
    });
    app.addHook('preClose', async () => {
      listening = false;
      await stopListening?.();
    });
  }
  if (!cache) return;

  /** The kept answer in the encoding the request takes, compressed the first time it is asked. */
  const encodedFor = (request: FastifyRequest, entry: Entry) => {
    const accepted = request.headers['accept-encoding'];
    if (!accepted || entry.payload.length < COMPRESS_FROM_BYTES) return undefined;
    const encoding = negotiate(accepted, [...encodings]) as Encoding | null;
    if (!encoding) return undefined;
    const body = (entry.encoded[encoding] ??= compressors[encoding](entry.payload));
    return { encoding, body };
  };

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: Entry,
    state: 'hit' | 'stale',
  ) => {
    if (entry.cacheControl !== undefined) reply.header('cache-control', entry.cacheControl);
    const vary = entry.vary ?? reply.getHeader('vary');
    const encoded = encodedFor(request, entry);
    reply.header('content-type', entry.contentType).header('x-cache', state);
    if (!encoded) {
      if (entry.vary !== undefined) reply.header('vary', entry.vary);
      return reply.send(entry.payload);
    }
    return reply
      .header('vary', [vary, 'Accept-Encoding'].filter(Boolean).join(', '))
      .header('content-encoding', encoded.encoding)
      .send(encoded.body);
  };

  const lookUp = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const entry = cache.get(key);
    if (entry && Date.now() < entry.freshUntil) return send(request, reply, entry, 'hit');
    const running = computing.get(key);
    if (running) {
      if (entry) return send(request, reply, entry, 'stale');
      const answer = await running.done;
      if (answer !== undefined) return send(request, reply, answer, 'hit');
      return undefined;
    }
    let finish: (outcome: Outcome) => void = () => {};
    const done = new Promise<Outcome>((resolve) => (finish = resolve));
    const computation = { done, finish };
    computing.set(key, computation);
    request.responseCacheTicket = { key, computation, generation };
    return undefined;
  };

  const byUrlAlone = (request: FastifyRequest) =>
    request.method === 'GET' || request.method === 'HEAD';

  // Before parsing and validation: a GET (or HEAD) is known by its URL alone, or by its rule.
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.responseCache;
    if (!rule || !byUrlAlone(request)) return undefined;
    if (rule === true) return lookUp(request, reply, `${request.locale} GET ${request.url}`);
    const key = rule.key(request);
    return key === undefined ? undefined : lookUp(request, reply, `page ${key}`);
  });

  // A POST is known by its body as validated: bounded by its schema and in one canonical form
  // (defaults filled in, unknown keys dropped), never the client's raw JSON.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.responseCache !== true || byUrlAlone(request)) return undefined;
    return lookUp(
      request,
      reply,
      `${request.locale} ${request.method} ${request.url} ${JSON.stringify(request.body)}`,
    );
  });

  /** Ends a request's computation; the map's entry may already be a newer one, after a clear. */
  const settle = (ticket: Ticket, outcome: Outcome) => {
    ticket.computation.finish(outcome);
    if (computing.get(ticket.key) === ticket.computation) computing.delete(ticket.key);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const ticket = request.responseCacheTicket;
    if (ticket === undefined) return payload;
    const cacheControl = reply.getHeader('cache-control');
    const vary = reply.getHeader('vary');
    const kept: Outcome =
      reply.statusCode === 200 && typeof payload === 'string'
        ? {
            payload,
            contentType: String(reply.getHeader('content-type') ?? 'application/json'),
            ...(typeof cacheControl === 'string' ? { cacheControl } : {}),
            ...(typeof vary === 'string' ? { vary } : {}),
            freshUntil: Date.now() + ttl / 2,
            encoded: {},
          }
        : undefined;
    if (kept !== undefined) {
      // Read before a clear, the answer may show what the clear was for: sent, never kept.
      if (ticket.generation === generation) cache.set(ticket.key, kept);
      reply.header('x-cache', 'miss');
    }
    settle(ticket, kept);
    request.responseCacheTicket = undefined;
    return payload;
  });

  // A request that ends without sending (a dropped connection) must not leave others waiting.
  const release = async (request: FastifyRequest) => {
    const ticket = request.responseCacheTicket;
    if (ticket !== undefined) settle(ticket, undefined);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
