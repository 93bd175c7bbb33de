import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('health and readiness probes (issue 11)', () => {
  it('GET /health answers while the process is up, without an account and without security headers', async () => {
    const response = await ctx.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'up' });
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /ready answers when the database answers and every migration is applied', async () => {
    const response = await ctx.app.inject({ url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('GET /ready answers 503 while the newest migration is not applied', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await ctx.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const response = await ctx.app.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Database migrations are not applied yet' });
    } finally {
      await ctx.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await ctx.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  it('GET /ready answers 503 when the database does not answer', async () => {
    await ctx.db.execute(sql`alter schema drizzle rename to drizzle_away`);
    try {
      const response = await ctx.app.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database does not answer' });
    } finally {
      await ctx.db.execute(sql`alter schema drizzle_away rename to drizzle`);
    }
  });
});
