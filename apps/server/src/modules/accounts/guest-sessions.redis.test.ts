import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountServerMessages } from '@shop/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// Two server processes sharing Redis count guest sessions of one address together.
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
  [first, second] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
});
afterAll(() => Promise.all([first.close(), second.close()]));

it('answers the 21st guest session from one address across two servers sharing Redis with 429 (issue 17.4)', async () => {
  // Fresh addresses per run: counters outlive the test in Redis for their window.
  const run = Date.now();
  const address = (leading: number) =>
    [leading, (run >> 16) & 255, (run >> 8) & 255, run & 255].join('.');
  const remoteAddress = address(172);
  const newGuest = (context: TestContext, address: string) =>
    context.app.inject({ method: 'POST', url: '/api/subscribers/guest', remoteAddress: address });
  const codes: number[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1)
    codes.push((await newGuest(attempt % 2 === 0 ? first : second, remoteAddress)).statusCode);
  expect(codes).toEqual(Array(20).fill(200));
  const refused = await newGuest(first, remoteAddress);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ message: accountServerMessages.tooManyAttempts });
  expect((await newGuest(second, address(173))).statusCode).toBe(200);
});
