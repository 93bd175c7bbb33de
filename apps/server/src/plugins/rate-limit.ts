import { setTimeout as sleep } from 'node:timers/promises';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { normalizeEmail } from '@shop/shared';
import type { Env } from '../config/env.js';
import { NotFoundError, UnauthenticatedError } from '../domain-errors.js';
import { HttpError } from './error-handler.js';

/** The address a request's body names, normalised as stored: the key of per-account limits. */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : undefined;
}

/** One account tried from one client address. */
const accountAndAddress = (request: FastifyRequest) => {
  const email = bodyEmail(request);
  return email === undefined ? undefined : `${email} ${request.ip}`;
};

const signedInUser = (request: FastifyRequest) => request.user?.id;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateLimitPolicy {
  /** Counted attempts allowed in the window; one more is answered 429. */
  max: number;
  /** Milliseconds from the first counted attempt until the count starts again. */
  timeWindow: number;
  /** What is counted: the client address by default; undefined skips the policy. */
  key?: (request: FastifyRequest) => string | undefined;
  /**
   * `failures`: only attempts the route reports failed count (`failureLimited`), and reaching
   * `max` slows every further attempt down instead of refusing it when `slowDown` is set.
   */
  counts?: 'requests' | 'failures';
  slowDown?: true;
  /**
   * With `failures`: an answer 404 fails too. For a route whose request names a secret, such as
   * an invitation link's token: a wrong guess finds nothing, and must count as much as a wrong
   * password.
   */
  notFoundFails?: true;
}

/**
 * Every rate limit of the API. Logins count failures only, so an owner who logs in often is
 * never limited: ten failures of one account from one address block that pair, sixty from one
 * address block the address, and failures of one account from everywhere only slow its logins
 * down, so nobody can lock a customer out by guessing wrong on purpose.
 */
export const rateLimitPolicies = {
  'signup-ip': { max: 20, timeWindow: HOUR },
  'signup-account': { max: 5, timeWindow: HOUR, key: bodyEmail },
  'verify-ip': { max: 30, timeWindow: 15 * MINUTE },
  'login-ip': { max: 60, timeWindow: 15 * MINUTE, counts: 'failures' },
  'login-pair': { max: 10, timeWindow: 15 * MINUTE, key: accountAndAddress, counts: 'failures' },
  'login-account': {
    max: 10,
    timeWindow: 15 * MINUTE,
    key: bodyEmail,
    counts: 'failures',
    slowDown: true,
  },
  'refresh-ip': { max: 120, timeWindow: 15 * MINUTE },
  // The back office's sign-in (issue 12): passwords as the storefront's, and the second
  // factor's wrong codes per address on top of each challenge's own five.
  'staff-login-ip': { max: 30, timeWindow: 15 * MINUTE, counts: 'failures' },
  'staff-login-pair': {
    max: 10,
    timeWindow: 15 * MINUTE,
    key: accountAndAddress,
    counts: 'failures',
  },
  'staff-login-account': {
    max: 10,
    timeWindow: 15 * MINUTE,
    key: bodyEmail,
    counts: 'failures',
    slowDown: true,
  },
  'staff-code-ip': { max: 30, timeWindow: 15 * MINUTE, counts: 'failures' },
  'staff-refresh-ip': { max: 120, timeWindow: 15 * MINUTE },
  // Invitation links are long random tokens; this keeps a guesser (each unknown token a 404)
  // and a password tryer slow.
  'invitation-ip': { max: 30, timeWindow: 15 * MINUTE, counts: 'failures', notFoundFails: true },
  'guest-ip': { max: 20, timeWindow: HOUR },
  'forgot-ip': { max: 20, timeWindow: HOUR },
  'forgot-account': { max: 5, timeWindow: HOUR, key: bodyEmail },
  'reset-ip': { max: 20, timeWindow: 15 * MINUTE },
  'upload-user': { max: 30, timeWindow: 10 * MINUTE, key: signedInUser },
  'upload-ip': { max: 60, timeWindow: 10 * MINUTE },
  'enquiry-ip': { max: 5, timeWindow: HOUR },
  'enquiry-address': { max: 3, timeWindow: HOUR, key: bodyEmail },
} as const satisfies Record<string, RateLimitPolicy>;

type Policies = typeof rateLimitPolicies;
export type PolicyName = keyof Policies;
type PolicyNameCounting<Counts> = {
  [Name in PolicyName]: Policies[Name] extends { counts: Counts } ? Name : never;
}[PolicyName];
export type RequestPolicyName = Exclude<PolicyName, PolicyNameCounting<'failures'>>;
export type FailurePolicyName = PolicyNameCounting<'failures'>;

/** The longest a slowed-down attempt waits. */
export const MAX_SLOW_DOWN_MS = 8_000;

/**
 * How long an attempt waits when its account has `failures` recent failures and slows down
 * from `max`: a quarter second at the limit, doubling with each further failure, at most 8 s.
 */
export function slowDownMs(failures: number, max: number): number {
  if (failures < max) return 0;
  return Math.min(250 * 2 ** Math.min(failures - max, 16), MAX_SLOW_DOWN_MS);
}

/** Every counter's Redis key starts with this, then the policy and what it counts. */
export const RATE_LIMIT_KEY_PREFIX = 'shop-rate-limit:';

/**
 * What a store is made with: the plugin's options, or for a child the limiter's merged ones
 * (typed by the plugin as a route's, which they are not).
 */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * The plugin's own Redis store, with keys named `shop-rate-limit:<policy>:<key>`. Each limiter
 * gets a child of the store, and the plugin's child puts the route's method and URL before the
 * key, which a limiter made with `createRateLimit` does not have: the keys read
 * `shop-rate-limit:undefinedundefined-signup-ip:…`. The policy's name is in the key already.
 */
class NamedRedisStore implements FastifyRateLimitStore {
  private readonly store: RedisStore;

  constructor(
    private readonly redis: Redis,
    options: object,
  ) {
    const { continueExceeding = false, exponentialBackoff = false }: StoreOptions = options;
    this.store = new RedisStore(
      continueExceeding,
      exponentialBackoff,
      redis,
      RATE_LIMIT_KEY_PREFIX,
    );
  }

  incr(...args: Parameters<RedisStore['incr']>): void {
    this.store.incr(...args);
  }

  read(...args: Parameters<RedisStore['read']>): void {
    this.store.read(...args);
  }

  child(options: object): NamedRedisStore {
    return new NamedRedisStore(this.redis, options);
  }
}

/** The store's class as the plugin makes it, from its options alone. */
const namedRedisStoreOn = (redis: Redis) =>
  class extends NamedRedisStore {
    constructor(options: object) {
      super(redis, options);
    }
  };

/**
 * Rate limits for the calls that attackers hammer (login, sign-up, password reset...). Counters
 * live in memory, or in Redis when REDIS_URL is set so that several server processes share
 * them. When Redis cannot be reached the limits are skipped rather than failing every login.
 */
export async function registerRateLimits(app: FastifyInstance, env: Env): Promise<void> {
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'redis unavailable'));
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
    // Without the offline queue, a request made before the connection is up would skip its
    // limit and not be counted; the start waits for the connection, or for its first failure.
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', () => resolve());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && { store: namedRedisStoreOn(redis) }),
    skipOnError: true,
  });
}

const tooManyAttempts = (reply: { header(name: string, value: string): unknown }, ttl: number) => {
  void reply.header('retry-after', String(ttl));
  return new HttpError(429, 'errors.tooManyAttempts');
};

function counterOf(app: FastifyInstance, name: PolicyName) {
  const policy: RateLimitPolicy = rateLimitPolicies[name];
  const key = policy.key;
  return {
    policy,
    count: app.createRateLimit({
      // A slowing policy never refuses; the plugin's count must then go past `max` as it is.
      max: policy.slowDown ? Number.MAX_SAFE_INTEGER : policy.max,
      timeWindow: policy.timeWindow,
      keyGenerator: (request) => `${name}:${key ? (key(request) ?? '') : request.ip}`,
      allowList: (request) => key !== undefined && key(request) === undefined,
    }),
  };
}

/**
 * The pre-handlers that apply the named policies to a route, each with its own counter (the
 * plugin's own route hook runs only one limit per request). Every request counts; an exceeded
 * policy answers 429 with a message and a Retry-After header.
 */
export function rateLimited(
  app: FastifyInstance,
  names: readonly RequestPolicyName[],
): preHandlerAsyncHookHandler[] {
  return names.map((name) => {
    const { count } = counterOf(app, name);
    return async (request, reply) => {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(reply, result.ttlInSeconds);
    };
  });
}

/** Limits that count failed attempts only (see `failureLimited`). */
export interface FailureLimits {
  /** Pre-handler: refuses a request over a limit, or makes it wait when it slows down. */
  check: preHandlerAsyncHookHandler;
  /**
   * Runs the attempt; a 401 it throws (a 404 too, for a policy with `notFoundFails`) is counted
   * against the limits before it is answered.
   */
  attempt<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T>;
}

/** Applies the named failure-counting policies to a route. */
export function failureLimited(
  app: FastifyInstance,
  names: readonly FailurePolicyName[],
): FailureLimits {
  const counters = names.map((name) => counterOf(app, name));
  return {
    check: async (request, reply) => {
      let wait = 0;
      for (const { policy, count } of counters) {
        const result = await count(request, { increment: false });
        if (result.isAllowed) continue;
        const failures = result.max - result.remaining;
        if (policy.slowDown) wait = Math.max(wait, slowDownMs(failures, policy.max));
        else if (result.remaining === 0) throw tooManyAttempts(reply, result.ttlInSeconds);
      }
      if (wait > 0) await sleep(wait);
    },
    attempt: async (request, run) => {
      try {
        return await run();
      } catch (error) {
        const failed = counters.filter(
          ({ policy }) =>
            error instanceof UnauthenticatedError ||
            (policy.notFoundFails === true && error instanceof NotFoundError),
        );
        await Promise.all(failed.map(({ count }) => count(request)));
        throw error;
      }
    },
  };
}
