import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { accountServerMessages, normalizeEmail } from '@shop/shared';
import type { Env } from '../config/env.js';
import { HttpError } from './error-handler.js';

export interface RateLimitRule {
  /** Names the counter, so two rules on one route count separately. */
  name: string;
  max: number;
  timeWindow: string;
  /** What is counted: the client address by default; return undefined to skip this rule. */
  key?: (request: FastifyRequest) => string | undefined;
}

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
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'shop-rate-limit:',
    skipOnError: true,
  });
}

/** The address a request's body names, normalised as stored: the key of per-account limits. */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : undefined;
}

/**
 * The pre-handlers that apply `rules` to a route, each with its own counter (the plugin's own
 * route hook runs only one limit per request, and a login needs two: per address and per
 * account). An exceeded rule answers 429 with a message and a Retry-After header.
 */
export function rateLimited(
  app: FastifyInstance,
  rules: readonly RateLimitRule[],
): preHandlerAsyncHookHandler[] {
  return rules.map((rule) => {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.timeWindow,
      keyGenerator: (request) =>
        `${rule.name}:${rule.key ? (rule.key(request) ?? '') : request.ip}`,
      allowList: (request) => rule.key !== undefined && rule.key(request) === undefined,
    });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, accountServerMessages.tooManyAttempts);
      }
    };
  });
}
