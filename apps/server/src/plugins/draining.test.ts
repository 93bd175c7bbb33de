import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('draining before a graceful stop (issue 16)', () => {
  it('goes on answering, but tells the load balancer it is leaving and closes each connection', async () => {
    const before = await ctx.app.inject({ url: '/api/categories/web' });
    expect(before.headers.connection).not.toBe('close');
    expect((await ctx.app.inject({ url: '/ready' })).statusCode).toBe(200);

    ctx.app.draining.start();

    const ready = await ctx.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'The server is shutting down' });
    const during = await ctx.app.inject({ url: '/api/categories/web' });
    expect(during.statusCode).toBe(200);
    expect(during.headers.connection).toBe('close');
    expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});
