import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

let webDist: string;
const contexts: TestContext[] = [];

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><div id="root"></div></html>',
  );
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await fs.rm(webDist, { recursive: true, force: true });
});

async function pageOf(overrides: Record<string, string>): Promise<string> {
  const context = await createTestApp({ WEB_DIST_DIR: webDist, ...overrides });
  contexts.push(context);
  // The English home, whose page keeps the template's lang (issue 31.3).
  const response = await context.app.inject({ method: 'GET', url: '/en/' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the test-shop marker on the storefront page (issue 17.3)', () => {
  it('marks the page while payments are in test mode, for the banner to show from first paint', async () => {
    expect(await pageOf({})).toContain('<html data-test-payments="true" lang="en">');
  });

  it('leaves the page unmarked when real payments are taken', async () => {
    const page = await pageOf({
      PAYMENT_PROVIDER: 'nets',
      NETS_SECRET_KEY: 'secret',
      NETS_CHECKOUT_KEY: 'checkout',
      NETS_WEBHOOK_SECRET: 'webhook1234',
    });
    expect(page).toContain('<html lang="en">');
    expect(page).not.toContain('data-test-payments');
  });
});
