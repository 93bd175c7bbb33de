import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadEnv } from '../config/env.js';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/test-app.js';
import { loggedUrl, queryName } from './logging.js';

/** Every line the app logged, parsed. */
const lines: Record<string, unknown>[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };

let app: App;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-log-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    RESPONSE_CACHE_SECONDS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const { handle, drop } = await openTestDatabase();
  db = handle.db;
  app = await buildApp({ env, database: handle, logStream });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

describe('personal data in logs (issue 10.23)', () => {
  it('logs a database error by its class and query name, never its parameters', async () => {
    const email = 'kari.private@example.no';
    // The login's look-up by e-mail then fails in the database with the address as parameter.
    await db.execute(sql`alter table users rename to users_away`);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/subscribers/login',
        payload: { email, password: 'Str0ng pass!' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table users_away rename to users`);
    }
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('kari.private');
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'DrizzleQueryError in select users',
      query: 'select users',
      code: '42P01',
    });
  });

  it('leaves tokens of mailed links and secret parameters out of request logs', async () => {
    lines.length = 0;
    await app.inject({ method: 'PUT', url: '/api/subscribers/reset-password/secret-token-123' });
    await app.inject({ url: '/auth/google/callback?code=secret-code-456&state=s' });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('/api/subscribers/reset-password/[token]');
    expect(logged).not.toContain('secret-token-123');
    expect(logged).not.toContain('secret-code-456');
  });
});

describe('request logging (issue 11)', () => {
  it('writes one line per request at info, with method, URL, status and time', async () => {
    lines.length = 0;
    const response = await app.inject({ url: '/api/categories/web' });
    expect(response.statusCode).toBe(200);
    // The request's own lines: a background job (a sweep at start, hitting the table the test
    // above renamed) may log meanwhile on a busy machine, and is not this request's line.
    const ofRequest = lines.filter((line) => line.req !== undefined || line.reqId !== undefined);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/categories/web' },
      res: { statusCode: 200 },
    });
    expect(typeof ofRequest[0]?.responseTime).toBe('number');
    expect(ofRequest[0]?.reqId).toBeDefined();
  });
});

describe('log helpers (issue 10.23)', () => {
  it('names a query by its verb and table', () => {
    expect(queryName('select "id" from "users" where "users"."email" = $1')).toBe('select users');
    expect(queryName('insert into "orders" ("id") values ($1)')).toBe('insert orders');
    expect(queryName('update "users" set "name" = $1')).toBe('update users');
    expect(queryName('delete from "sessions" where "id" = $1')).toBe('delete sessions');
  });

  it('redacts verification tokens and secret query parameters', () => {
    expect(loggedUrl('/api/subscribers/verify-user/abc/tok?x=1')).toBe(
      '/api/subscribers/verify-user/abc/[token]?x=1',
    );
    expect(loggedUrl('/verify/abc/tok')).toBe('/verify/abc/[token]');
    expect(loggedUrl('/forgot-password/tok')).toBe('/forgot-password/[token]');
    expect(loggedUrl('/api/products/website?keyword=honey&email=a@b.no')).toBe(
      '/api/products/website?keyword=honey&email=%5Bredacted%5D',
    );
  });
});
