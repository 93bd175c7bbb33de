import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountServerMessages } from '@shop/shared';
import {
  createVerifiedUser,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Sends `count` requests and answers the status of each. */
async function statuses(count: number, options: (index: number) => InjectOptions) {
  const codes: number[] = [];
  for (let index = 0; index < count; index += 1)
    codes.push((await ctx.app.inject(options(index))).statusCode);
  return codes;
}

const tooMany = { message: accountServerMessages.tooManyAttempts };

describe('rate limits', () => {
  it('never counts successful logins (issue 10.22)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const remoteAddress = uniqueIp();
    const login = (password: string): InjectOptions => ({
      remoteAddress,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: user.email, password },
    });
    expect(await statuses(15, () => login(strongPassword))).toEqual(Array(15).fill(200));
    expect(await statuses(10, () => login('Wr0ng pass!'))).toEqual(Array(10).fill(401));
  });

  it('answers 429 with a message after ten failures of one account from one address (issue 10.22)', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const remoteAddress = uniqueIp();
    const login = (password: string): InjectOptions => ({
      remoteAddress,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: user.email.toUpperCase(), password },
    });
    expect(await statuses(10, () => login('Wr0ng pass!'))).toEqual(Array(10).fill(401));
    const blocked = await ctx.app.inject(login(strongPassword));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("lets the owner log in from another address after an attacker's many failures (issue 10.22)", async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const attacker = uniqueIp();
    const codes = await statuses(30, () => ({
      remoteAddress: attacker,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: user.email, password: 'Wr0ng pass!' },
    }));
    expect(codes).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    const owner = await ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: user.email, password: strongPassword },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('limits logins per client address across accounts', async () => {
    const remoteAddress = uniqueIp();
    const codes = await statuses(61, () => ({
      remoteAddress,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: uniqueEmail(), password: strongPassword },
    }));
    expect(codes.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(codes[60]).toBe(429);
  });

  it('limits sign-ups per client address, storing nothing once limited', async () => {
    const remoteAddress = uniqueIp();
    const emails = Array.from({ length: 21 }, () => uniqueEmail('signup'));
    const codes = await statuses(21, (index) => ({
      remoteAddress,
      method: 'POST',
      url: '/api/subscribers',
      payload: { name: 'Ola Nordmann', email: emails[index], password: strongPassword },
    }));
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(codes[20]).toBe(429);
    const lastEmail = emails[20] ?? '';
    const login = await ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: lastEmail, password: strongPassword },
    });
    expect(login.statusCode).toBe(401);
  });

  it('limits password-reset mails per address', async () => {
    const email = uniqueEmail();
    const codes = await statuses(6, () => ({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers/forgot-password',
      payload: { email },
    }));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits reset attempts per client address', async () => {
    const remoteAddress = uniqueIp();
    const codes = await statuses(21, (index) => ({
      remoteAddress,
      method: 'PUT',
      url: `/api/subscribers/reset-password/guess-${index}`,
      payload: { password: strongPassword },
    }));
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(codes[20]).toBe(429);
  });
});

describe('rate limits without Redis', () => {
  it('start and answer with the limits skipped when Redis cannot be reached (issue 10.22)', async () => {
    // Port 1 refuses at once: the start waits for the first failure, not for a timeout.
    const unreachable = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const guest = await unreachable.app.inject({
        method: 'POST',
        url: '/api/subscribers/guest',
        remoteAddress: uniqueIp(),
      });
      expect(guest.statusCode).toBe(200);
    } finally {
      await unreachable.close();
    }
  });
});
