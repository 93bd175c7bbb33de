import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogFixture } from '../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ WEB_DIST_DIR: webDist, CORS_ORIGINS: 'https://partner.example' });
  await insertCatalogFixture(ctx.db);
  const products = path.join(ctx.env.dataDir, 'uploads', 'products');
  await fs.mkdir(products, { recursive: true });
  await fs.writeFile(path.join(products, 'tea.webp'), 'RIFF0000WEBP');
});

afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('the storefront page of a category or product', () => {
  it('answers 200 for a known category of any level and a known product', async () => {
    for (const url of [
      '/category/food',
      '/category/honey',
      '/category/raw-honey/',
      '/product/acacia-honey',
      '/product/hemp-t-shirt?Color=Blue',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('NOTFOUND-01 answers 404 with the storefront page for an unknown category or product (issue 10.11)', async () => {
    for (const url of [
      '/category/no-such-category',
      '/product/no-such-product',
      '/product/no-such-product/',
      '/category/hon%20ey',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
    }
  });
});

describe('Cross-Origin-Resource-Policy', () => {
  it('API-04 lets a storefront of another origin show the images under /uploads/ (issue 10.16)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/uploads/products/tea.webp',
      headers: { origin: 'https://partner.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps API answers and the page same-origin (issue 10.16)', async () => {
    for (const url of ['/api/categories/web', '/', '/uploads-not/x.webp']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { origin: 'https://partner.example' },
      });
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});
