import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountServerMessages } from '@shop/shared';
import { strongPassword, uniqueEmail, uniqueIp } from '../../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Two server processes behind one load balancer: with REDIS_URL they share the counters, so
// spreading attempts over both does not double the limit.
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
  [first, second] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
});
afterAll(() => Promise.all([first.close(), second.close()]));

it('counts failed logins of one account and address across two servers sharing Redis (issue 10.22)', async () => {
  // A fresh address per run: counters outlive the test in Redis for their window.
  const email = uniqueEmail(`redis-${process.pid}`);
  const remoteAddress = uniqueIp();
  const codes: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) {
    const server = attempt % 2 === 0 ? first : second;
    const response = await server.app.inject({
      remoteAddress,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email, password: strongPassword },
    });
    codes.push(response.statusCode);
    if (response.statusCode === 429)
      expect(response.json()).toEqual({ message: accountServerMessages.tooManyAttempts });
  }
  expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(codes[10]).toBe(429);
  // The account itself is only slowed down: from another address it is still answered.
  const elsewhere = await second.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/subscribers/login',
    payload: { email, password: strongPassword },
  });
  expect(elsewhere.statusCode).toBe(401);
});
