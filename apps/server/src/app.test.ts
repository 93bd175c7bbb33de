import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { loadEnv } from './config/env.js';
import { insertCatalogFixture } from './test/catalog-fixtures.js';
import { openTestDatabase } from './test/test-app.js';

let app: App;
let dataDir: string;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-app-'));
  const webDist = path.join(dataDir, 'web');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(webDist, 'assets', 'main-4f2a9c.js'), 'console.log(1)');
  await fs.mkdir(path.join(dataDir, 'uploads', 'products'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'uploads', 'products', 'tea.webp'), 'RIFF0000WEBP');
  const env = loadEnv({
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    CORS_ORIGINS: 'https://partner.example',
  });
  const { handle, drop } = await openTestDatabase();
  dropDatabase = drop;
  // The category and product pages answer 200 only for a slug the catalogue has.
  await insertCatalogFixture(handle.db);
  app = await buildApp({ env, database: handle });
  app.get('/api/test/explode', async () => {
    throw new Error('secret detail at /srv/app.ts:12');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('error handling', () => {
  it('API-02 an unknown /api path answers 404 JSON {message}', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('API-02 a failure answers 500 {message} without the stack or the error text', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(Object.keys(response.json())).toEqual(['message']);
    expect(response.body).not.toContain('secret detail');
    expect(response.body).not.toContain('app.ts');
  });

  it('API-02 malformed JSON answers 400 {message}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/multiCurrency',
      headers: { 'content-type': 'application/json' },
      payload: '{"currencyCode":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('storefront serving', () => {
  it('serves the storefront page for every route of the spec', async () => {
    for (const url of [
      '/',
      '/category/honey',
      '/product/acacia-honey',
      '/cart/buy-now',
      '/about',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('NOTFOUND-01 answers other paths with the storefront page and status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-4f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('API-04 serves uploaded images under /uploads/', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/products/tea.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const missing = await app.inject({ method: 'GET', url: '/uploads/products/none.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('message');
  });

  it('does not let a path escape the uploads folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that only allows the shop itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on an API answer and on a not-found one', async () => {
    for (const url of ['/api/categories/web', '/api/no-such-call']) {
      const response = await app.inject({ method: 'GET', url });
      expect(String(response.headers['content-security-policy'])).toContain(
        "frame-ancestors 'self'",
      );
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('allows cross-origin calls only from the configured origins', async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/categories/web',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/categories/web',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document and Swagger UI at /api/docs', async () => {
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/categories/web',
        '/api/products/website',
        '/api/products/category/{id}',
        '/api/multiCurrency',
      ]),
    );
  });
});
