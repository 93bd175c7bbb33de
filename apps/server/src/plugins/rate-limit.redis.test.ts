import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { strongPassword, uniqueEmail } from '../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { RATE_LIMIT_KEY_PREFIX } from './rate-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
let ctx: TestContext;
let redis: Redis;
// Counters outlive the test in Redis for their window: an address and e-mail of this run only.
const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
const email = uniqueEmail(`redis-keys-${process.pid}`);

beforeAll(async () => {
  ctx = await createTestApp({ REDIS_URL });
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const mine = [
    ...(await redis.keys(`${RATE_LIMIT_KEY_PREFIX}*${ip}*`)),
    ...(await redis.keys(`${RATE_LIMIT_KEY_PREFIX}*${email}*`)),
  ];
  if (mine.length > 0) await redis.del(...mine);
  await redis.quit();
  await ctx.close();
});

/** The counters Redis holds for this test's address or e-mail, by key. */
async function countersNaming(part: string): Promise<Record<string, string | null>> {
  const keys = (await redis.keys(`*${part}*`)).sort();
  return Object.fromEntries(
    await Promise.all(keys.map(async (key) => [key, await redis.get(key)])),
  );
}

it('names each Redis counter shop-rate-limit:<policy>:<what it counts> (issue 29.20)', async () => {
  const signup = await ctx.app.inject({
    remoteAddress: ip,
    method: 'POST',
    url: '/api/subscribers',
    payload: { name: 'Kari Nordmann', email, password: strongPassword, provider: 'local' },
  });
  expect(signup.statusCode).toBe(201);
  // A login that fails counts against the failure policies, keyed by address, pair and account.
  const login = await ctx.app.inject({
    remoteAddress: ip,
    method: 'POST',
    url: '/api/subscribers/login',
    payload: { email, password: 'Wr0ng pass!' },
  });
  expect(login.statusCode).toBe(401);

  expect(await countersNaming(ip)).toEqual({
    [`shop-rate-limit:login-ip:${ip}`]: '1',
    [`shop-rate-limit:login-pair:${email} ${ip}`]: '1',
    [`shop-rate-limit:signup-ip:${ip}`]: '1',
  });
  expect(await countersNaming(email)).toEqual({
    [`shop-rate-limit:login-account:${email}`]: '1',
    [`shop-rate-limit:login-pair:${email} ${ip}`]: '1',
    [`shop-rate-limit:signup-account:${email}`]: '1',
  });
});
