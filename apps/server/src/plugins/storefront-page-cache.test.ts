import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CURRENCY_COOKIE, LOCALE_COOKIE, type ShopDetailsEditor } from '@shop/shared';
import { products } from '../modules/catalog/catalog.tables.js';
import { bearer } from '../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import { notificationsDelivered } from '../test/notifications.js';
import { createStaffMember } from '../test/staff-session.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { CATALOGUE_WRITES_CHANNEL, CLEARS_CHANNEL } from './cache-invalidations.js';

/**
 * A stand-in for the web build's renderer that numbers its renders, so a test sees whether a
 * page was rendered again or served as it was kept.
 */
const countingRenderer = `
let renders = 0;
export function configureRender() {}
export async function renderPage({ url, shop, currency }) {
  renders += 1;
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  const notFound = pathname.includes('no-such');
  return {
    html:
      '<p id="render">' + renders + '</p>' +
      '<p id="shop">' + shop.name + '</p>' +
      '<p id="currency">' + (currency ? currency.currencyCode : 'NOK') + '</p>',
    stateScript: '',
    head: { title: 'Page', description: '', canonicalPath: pathname, notFound },
  };
}
`;

const indexHtml =
  '<!doctype html><html lang="nb"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

/** An app serving pages through the counting renderer, with its owner signed in. */
async function pagesApp(cacheSeconds: string) {
  // A folder of its own: the renderer module, and its count, are one per path.
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), indexHtml);
  await fs.mkdir(path.join(webDist, 'ssr'));
  await fs.writeFile(path.join(webDist, 'ssr', 'entry-server.mjs'), countingRenderer);
  const ctx = await createTestApp({ WEB_DIST_DIR: webDist, RESPONSE_CACHE_SECONDS: cacheSeconds });
  const owner = await createStaffMember(ctx.app, ctx.db);
  return {
    ctx,
    /** Renames the shop in the back office, as its owner does. */
    renameShop: async (name: string) => {
      const settings = await ctx.app.inject({
        url: '/api/admin/settings/shop',
        headers: bearer(owner.session),
      });
      return ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/shop',
        headers: bearer(owner.session),
        payload: { ...settings.json<ShopDetailsEditor>(), name },
      });
    },
    close: async () => {
      await ctx.close();
      await fs.rm(webDist, { recursive: true, force: true });
    },
  };
}

const between = (html: string, id: string) =>
  new RegExp(`<p id="${id}">([^<]*)</p>`).exec(html)?.[1];

describe('rendered pages kept like the API answers (issue 33.1)', () => {
  let app: Awaited<ReturnType<typeof pagesApp>>;
  let ctx: TestContext;
  let honeyId: string;

  beforeAll(async () => {
    app = await pagesApp('600');
    ({ ctx } = app);
    honeyId = required((await insertCatalogFixture(ctx.db)).products['acacia-honey'], 'honey').id;
  });
  // Earlier writes' clears come back once their notifications arrive: not mid-test.
  beforeEach(async () => {
    await notificationsDelivered(ctx.database, CATALOGUE_WRITES_CHANNEL);
    await notificationsDelivered(ctx.database, CLEARS_CHANNEL);
  });
  afterAll(async () => app?.close());

  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('renders a page once and serves it again from memory, saying it varies by the cookie', async () => {
    const first = await page('/product/acacia-honey');
    const again = await page('/product/acacia-honey');
    expect(first.headers['x-cache']).toBe('miss');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toBe('Cookie');
  });

  it('sends a kept page compressed as the browser takes it, compressed once for all', async () => {
    const url = '/product/acacia-honey?compressed';
    const plain = await page(url);
    const asked = (encoding: string) =>
      ctx.app.inject({ url, headers: { 'accept-encoding': encoding } });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['x-cache']).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect((await asked('br')).rawPayload).toEqual(brotli.rawPayload);
    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const identity = await asked('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('keeps a page per address, language and currency, never handing one to another', async () => {
    const norwegian = await page('/category/honey');
    const english = await page('/en/category/honey');
    const euro = await page('/category/honey', `${CURRENCY_COOKIE}=EUR-DE`);
    const withQuery = await page('/category/honey?page=2');
    const renders = [norwegian, english, euro, withQuery].map((answer) =>
      between(answer.body, 'render'),
    );
    expect(new Set(renders).size).toBe(4);
    expect(between(euro.body, 'currency')).toBe('EUR');
    expect(between(norwegian.body, 'currency')).toBe('NOK');
    expect((await page('/category/honey', `${CURRENCY_COOKIE}=EUR-DE`)).body).toBe(euro.body);
    expect((await page('/en/category/honey')).body).toBe(english.body);
  });

  it('still sends a shopper who chose English from the bare address, after the home page was kept', async () => {
    await page('/');
    expect((await page('/')).headers['x-cache']).toBe('hit');
    const chosen = await page('/', `${LOCALE_COOKIE}=en`);
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/en/');
  });

  it('keeps no page that was not found', async () => {
    const first = await page('/product/no-such-honey');
    expect(first.statusCode).toBe(404);
    const again = await page('/product/no-such-honey');
    expect(again.headers['x-cache']).toBeUndefined();
    expect(between(again.body, 'render')).not.toBe(between(first.body, 'render'));
  });

  it('shows a back-office save in the page right after it', async () => {
    await page('/about');
    expect((await page('/about')).headers['x-cache']).toBe('hit');
    expect((await app.renameShop('Fjord Handel')).statusCode).toBe(200);
    const after = await page('/about');
    expect(after.headers['x-cache']).toBe('miss');
    expect(between(after.body, 'shop')).toBe('Fjord Handel');
  });

  it('renders again once a catalogue change made outside its routes is announced', async () => {
    const kept = await page('/product/acacia-honey?after=sale');
    expect((await page('/product/acacia-honey?after=sale')).headers['x-cache']).toBe('hit');
    // As a checkout taking the last unit would: the catalogue's trigger announces it at commit.
    await ctx.db.update(products).set({ name: 'Heather Honey' }).where(eq(products.id, honeyId));
    await notificationsDelivered(ctx.database, CATALOGUE_WRITES_CHANNEL);
    const after = await page('/product/acacia-honey?after=sale');
    expect(after.headers['x-cache']).toBe('miss');
    expect(between(after.body, 'render')).not.toBe(between(kept.body, 'render'));
  });
});

describe('rendered pages with the cache off', () => {
  let app: Awaited<ReturnType<typeof pagesApp>>;
  let ctx: TestContext;
  beforeAll(async () => {
    app = await pagesApp('0');
    ({ ctx } = app);
  });
  afterAll(async () => app?.close());

  it('renders every request', async () => {
    const first = await ctx.app.inject({ url: '/about' });
    const again = await ctx.app.inject({ url: '/about' });
    expect(again.headers['x-cache']).toBeUndefined();
    expect(Number(between(again.body, 'render'))).toBe(Number(between(first.body, 'render')) + 1);
  });

  it('shows a back-office save of the shop details at once, though pages read them once per change', async () => {
    expect((await app.renameShop('Fjord Handel')).statusCode).toBe(200);
    expect(between((await ctx.app.inject({ url: '/about' })).body, 'shop')).toBe('Fjord Handel');
  });
});
