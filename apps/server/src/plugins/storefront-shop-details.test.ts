import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettingDefaults } from '@shop/shared';
import { setSetting } from '../modules/settings/settings.service.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let webDist: string;
let context: TestContext;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Shop</title></head><div id="root"></div></html>',
  );
  context = await createTestApp({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await context.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

function embeddedDetails(page: string): unknown {
  const match = /<script id="shop-details" type="application\/json">(.*?)<\/script><\/head>/s.exec(
    page,
  );
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

describe('the shop details in the storefront page (issue 14, no layout shift)', () => {
  it('carries the saved details, so the header and footer paint with them at once', async () => {
    const details = {
      ...shopSettingDefaults.shopDetails,
      name: 'Fjordbutikken',
      phone: '+47 22 33 44 55',
    };
    await setSetting(context.db, 'shopDetails', details);
    const response = await context.app.inject({ method: 'GET', url: '/product/no-such-product' });
    expect(response.statusCode).toBe(404);
    expect(embeddedDetails(response.body)).toEqual(details);
  });

  it('escapes what the owner typed so it cannot end the script', async () => {
    const about = 'Tea & honey </script><script>alert(1)</script>';
    await setSetting(context.db, 'shopDetails', { ...shopSettingDefaults.shopDetails, about });
    const page = (await context.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).not.toContain('<script>alert(1)');
    expect(embeddedDetails(page)).toMatchObject({ about });
  });
});
