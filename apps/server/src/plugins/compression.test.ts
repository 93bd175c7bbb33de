import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogFixture } from '../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let webDist: string;
const script = `export const words = ${JSON.stringify('honey and tea '.repeat(400))};`;
const page = `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>${'<p>Shop</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), page);
  const asset = path.join(webDist, 'assets', 'index-abc123.js');
  await fs.writeFile(asset, script);
  // As the build writes them (scripts/precompress-assets.ts).
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${asset}.gz`, zlib.gzipSync(script));
  ctx = await createTestApp({ WEB_DIST_DIR: webDist, RESPONSE_CACHE_SECONDS: '10' });
  await insertCatalogFixture(ctx.db);
});

afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed answers (issue 15, text compression)', () => {
  it('serves a built asset from its .br or .gz file, as the browser accepts, and plain otherwise', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the storefront page and says the answer varies by Accept-Encoding', async () => {
    const response = await get('/', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<div id="root">');
    expect(html.length).toBeGreaterThan(response.rawPayload.length);
  });

  it('compresses a cached API answer per request, and keeps it plain for a client that asks so', async () => {
    const first = await get('/api/products/website?keyword=', 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(first.rawPayload).toString()) as {
      products: unknown[];
    };
    expect(json.products.length).toBeGreaterThan(0);

    const plain = await get('/api/products/website?keyword=');
    expect(plain.headers['x-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json);

    const brotli = await get('/api/products/website?keyword=', 'br');
    expect(brotli.headers['x-cache']).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(json);
  });

  it('leaves small answers plain, where compressing costs more than it saves', async () => {
    const response = await get('/health', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body rather than expanding it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@example.no', password: 'x' })),
    });
    expect(response.statusCode).toBe(400);
  });
});
