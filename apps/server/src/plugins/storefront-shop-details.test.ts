import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDetailsIn, shopSettingDefaults, type ShopSettings } from '@shop/shared';
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

/** Saves the details as the back office does: the pages' copy of them is forgotten. */
async function saveDetails(details: ShopSettings['shopDetails']) {
  await setSetting(context.db, 'shopDetails', details);
  context.app.responseCache.clear();
}

function embeddedDetails(page: string): unknown {
  const match = /<script id="shop-details" type="application\/json">(.*?)<\/script>/s.exec(page);
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
    await saveDetails(details);
    const response = await context.app.inject({ method: 'GET', url: '/product/no-such-product' });
    expect(response.statusCode).toBe(404);
    // The default country, written "Norway", is named as the page's language names it.
    expect(embeddedDetails(response.body)).toEqual({
      ...shopDetailsIn(details, 'nb'),
      country: 'Norge',
      // The test shop has the Vipps stand-in (issue 32): the page says so with the details.
      checkoutPaymentMethods: ['card', 'vipps'],
    });
  });

  it('carries the About text and opening hours in the page’s language (issue 31)', async () => {
    await saveDetails({
      ...shopSettingDefaults.shopDetails,
      about: 'Ull og honning fra fjordene.',
      aboutEn: 'Wool and honey from the fjords.',
      openingHours: ['Hverdager 09.00–17.00'],
      openingHoursEn: ['Weekdays 09:00–17:00'],
    });
    const page = async (url: string) =>
      embeddedDetails((await context.app.inject({ method: 'GET', url })).body);
    expect(await page('/checkout')).toMatchObject({
      about: 'Ull og honning fra fjordene.',
      openingHours: ['Hverdager 09.00–17.00'],
      country: 'Norge',
    });
    const english = await page('/en/checkout');
    expect(english).toMatchObject({
      about: 'Wool and honey from the fjords.',
      openingHours: ['Weekdays 09:00–17:00'],
      country: 'Norway',
    });
    expect(english).not.toHaveProperty('aboutEn');
  });

  it('escapes what the owner typed so it cannot end the script', async () => {
    const about = 'Tea & honey </script><script>alert(1)</script>';
    await saveDetails({ ...shopSettingDefaults.shopDetails, about });
    const page = (await context.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).not.toContain('<script>alert(1)');
    expect(embeddedDetails(page)).toMatchObject({ about });
  });
});
