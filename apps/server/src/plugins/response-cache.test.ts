import { eq } from 'drizzle-orm';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession, ShopDetailsEditor } from '@shop/shared';
import { openDatabase } from '../db/client.js';
import { productItems, products } from '../modules/catalog/catalog.tables.js';
import { bearer } from '../test/account-fixtures.js';
import { insertCatalogFixture, required, type CatalogFixture } from '../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../test/staff-session.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { notificationsDelivered } from '../test/notifications.js';
import { patiently } from '../test/wait-for.js';
import { CATALOGUE_WRITES_CHANNEL, CLEARS_CHANNEL } from './cache-invalidations.js';
import { registerRequestLocale } from './request-locale.js';
import { registerResponseCache, type CacheInvalidations } from './response-cache.js';

let ctx: TestContext;
let fixture: CatalogFixture;

const renameHoney = (name: string) =>
  ctx.db
    .update(products)
    .set({ name })
    .where(eq(products.id, required(fixture.products['acacia-honey'], 'acacia honey').id));

describe('the response cache', () => {
  beforeAll(async () => {
    ctx = await createTestApp({ RESPONSE_CACHE_SECONDS: '1' });
    fixture = await insertCatalogFixture(ctx.db);
    // The fixture's writes clear the cache when their notifications arrive: not mid-test.
    await notificationsDelivered(ctx.database, CATALOGUE_WRITES_CHANNEL);
  });
  afterAll(async () => ctx?.close());

  it('answers a repeated catalogue call from memory until it is cleared', async () => {
    const first = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(first.headers['x-cache']).toBe('miss');
    const second = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);

    await renameHoney('Renamed Honey');
    // Cleared by the rename's own notification (migration 0026), waited for here: a clear still
    // on its way would empty the cache in the middle of a later test.
    await notificationsDelivered(ctx.database, CATALOGUE_WRITES_CHANNEL);
    const third = await ctx.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(third.headers['x-cache']).toBe('miss');
    expect(third.json()).toMatchObject({ name: 'Renamed Honey' });
  });

  it('lets concurrent first requests wait for one computation', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/products/new' }),
      ctx.app.inject({ url: '/api/products/new' }),
      ctx.app.inject({ url: '/api/products/new' }),
    ]);
    expect(answers.map((answer) => answer.headers['x-cache']).sort()).toEqual([
      'hit',
      'hit',
      'miss',
    ]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('after half its time, serves the kept answer while one request refreshes it', async () => {
    await ctx.app.inject({ url: '/api/carousel' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const [refreshing, served] = await Promise.all([
      ctx.app.inject({ url: '/api/carousel' }),
      ctx.app.inject({ url: '/api/carousel' }),
    ]);
    expect(refreshing.headers['x-cache']).toBe('miss');
    expect(served.headers['x-cache']).toBe('stale');
    expect((await ctx.app.inject({ url: '/api/carousel' })).headers['x-cache']).toBe('hit');
  });

  it('forgets an answer once its time is up', async () => {
    await ctx.app.inject({ url: '/api/products/featured' });
    expect((await ctx.app.inject({ url: '/api/products/featured' })).headers['x-cache']).toBe(
      'hit',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ctx.app.inject({ url: '/api/products/featured' })).headers['x-cache']).toBe(
      'miss',
    );
  });

  it('keys a POST by its body, so different filters never share an answer', async () => {
    const id = required(fixture.categories.honey, 'honey category');
    const listing = (sortby: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/products/category/${id}`,
        payload: { id, sub: [], sub2: null, min: 0, max: 0, sortby },
      });
    const low = await listing('lowToHigh');
    const high = await listing('highToLow');
    expect(high.headers['x-cache']).toBe('miss');
    const lowPrices = low.json<{ products: { sellingPrice: number }[] }>().products;
    const highPrices = high.json<{ products: { sellingPrice: number }[] }>().products;
    expect(highPrices.map((card) => card.sellingPrice)).toEqual(
      lowPrices.map((card) => card.sellingPrice).reverse(),
    );
  });

  it('never keeps an error answer', async () => {
    const missing = await ctx.app.inject({ url: '/api/products/not-yet-there/slug' });
    expect(missing.statusCode).toBe(404);
    const again = await ctx.app.inject({ url: '/api/products/not-yet-there/slug' });
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('keeps an answer per language and says that answers vary by it', async () => {
    const url = '/api/products/featured?language-test';
    const english = await ctx.app.inject({ url, headers: { 'accept-language': 'en' } });
    expect(english.headers['x-cache']).toBe('miss');
    expect(english.headers.vary).toBe('Accept-Language');
    const norwegian = await ctx.app.inject({
      url,
      headers: { 'accept-language': 'nb-NO,nb;q=0.9' },
    });
    expect(norwegian.headers['x-cache']).toBe('miss');
    expect(norwegian.headers.vary).toBe('Accept-Language');
    const noHint = await ctx.app.inject({ url });
    expect(noHint.headers['x-cache']).toBe('hit');
  });

  it('leaves routes that are not marked alone', async () => {
    const docs = await ctx.app.inject({ url: '/api/docs/json' });
    expect(docs.headers['x-cache']).toBeUndefined();
  });
});

describe('with RESPONSE_CACHE_SECONDS=0', () => {
  let uncached: TestContext;
  beforeAll(async () => {
    uncached = await createTestApp({ RESPONSE_CACHE_SECONDS: '0' });
    const { products: seeded } = await insertCatalogFixture(uncached.db);
    const honey = required(seeded['acacia-honey'], 'acacia honey');
    await uncached.db
      .update(productItems)
      .set({ stock: 7 })
      .where(eq(productItems.id, honey.defaultItemId));
  });
  afterAll(async () => uncached?.close());

  it('reads the database every time', async () => {
    const first = await uncached.app.inject({ url: '/api/products/acacia-honey/slug' });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.json()).toMatchObject({ stock: 7 });
  });
});

describe('kept in step with the catalogue', () => {
  let kept: TestContext;
  let honeyId: string;
  beforeAll(async () => {
    // A time to live far past the second a change may take to be seen.
    kept = await createTestApp({ RESPONSE_CACHE_SECONDS: '600' });
    honeyId = required((await insertCatalogFixture(kept.db)).products['acacia-honey'], 'honey').id;
    await notificationsDelivered(kept.database, CATALOGUE_WRITES_CHANNEL);
  });
  afterAll(async () => kept?.close());

  it('serves a product changed outside its routes (another process, a sale) within a second', async () => {
    const page = () => kept.app.inject({ url: '/api/products/acacia-honey/slug' });
    await page();
    expect((await page()).headers['x-cache']).toBe('hit');
    // As another process's checkout or back office would: a connection of its own on PostgreSQL.
    const other = kept.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: kept.databaseUrl, poolSize: 1 })
      : kept.database;
    try {
      await other.db
        .update(products)
        .set({ name: 'Heather Honey' })
        .where(eq(products.id, honeyId));
    } finally {
      if (other !== kept.database) await other.close();
    }
    const started = Date.now();
    let name = '';
    while (Date.now() - started < 1000 && name !== 'Heather Honey') {
      name = (await page()).json<{ name: string }>().name;
      if (name !== 'Heather Honey') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(name).toBe('Heather Honey');
  });
});

describe("cleared by the back office's writes", () => {
  let office: TestContext;
  let owner: StaffMember;
  beforeAll(async () => {
    office = await createTestApp({ RESPONSE_CACHE_SECONDS: '600' });
    owner = await createStaffMember(office.app, office.db);
  });
  // A write's clear comes back to this process too once its notification arrives: not mid-test.
  beforeEach(async () => notificationsDelivered(office.database, CLEARS_CHANNEL));
  afterAll(async () => office?.close());

  const shop = () => office.app.inject({ url: '/api/shop' });
  const shopSettings = (method: 'GET' | 'PUT', payload?: object) =>
    office.app.inject({
      method,
      url: '/api/admin/settings/shop',
      headers: bearer(owner.session),
      ...(payload ? { payload } : {}),
    });
  const editor = async () => (await shopSettings('GET')).json<ShopDetailsEditor>();

  it('shows a save on the storefront in the answer right after it, in the same process', async () => {
    await shop();
    expect((await shop()).headers['x-cache']).toBe('hit');
    const saved = await shopSettings('PUT', { ...(await editor()), name: 'Fjord Handel' });
    expect(saved.statusCode).toBe(200);
    const after = await shop();
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json()).toMatchObject({ name: 'Fjord Handel' });
  });

  it('keeps its answers when a back-office write is refused or only reads', async () => {
    const loaded = await editor();
    await shop();
    expect((await shopSettings('PUT', { ...loaded, about: ' ' })).statusCode).toBe(400);
    const stranger = await office.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/shop',
      payload: loaded,
    });
    expect(stranger.statusCode).toBe(401);
    expect((await shopSettings('GET')).statusCode).toBe(200);
    expect((await shop()).headers['x-cache']).toBe('hit');
  });

  it("keeps its answers through a staff member's session refresh and language change, which show shoppers nothing new", async () => {
    await shop();
    const refreshed = await office.app.inject({
      method: 'POST',
      url: '/api/admin/auth/refresh',
      payload: { refreshToken: owner.session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const session = refreshed.json<AdminSession>();
    const locale = await office.app.inject({
      method: 'PUT',
      url: '/api/admin/auth/me/locale',
      headers: bearer(session),
      payload: { locale: 'en' },
    });
    expect(locale.statusCode).toBe(204);
    expect((await shop()).headers['x-cache']).toBe('hit');
  });
});

describe('the response cache on its own', () => {
  /** A cached route whose answer the test releases, with the value it has at that moment. */
  async function gatedApp(invalidations?: CacheInvalidations, log?: { error: () => void }) {
    const app = Fastify();
    registerRequestLocale(app);
    registerResponseCache(app, { ttlSeconds: 600, invalidations, log });
    let value = 'before';
    let release: () => void = () => {};
    let gate = Promise.resolve();
    app.get('/value', { config: { responseCache: true } }, async () => {
      const read = value;
      await gate;
      return { value: read };
    });
    // Writes that set the value, in the back office and outside it; an empty one is refused.
    const write = async (
      request: FastifyRequest<{ Body: { value?: string } }>,
      reply: FastifyReply,
    ) => {
      if (!request.body.value) return reply.status(400).send({ message: 'no value' });
      value = request.body.value;
      return { value };
    };
    app.get('/language', { config: { responseCache: true } }, async (request) => ({
      language: request.locale,
    }));
    app.put('/api/admin/value', write);
    app.put('/api/admin/link', { config: { showsShoppersNothingNew: true } }, write);
    app.put('/api/value', write);
    app.get('/api/admin/value', async () => ({ value }));
    app.options('/api/admin/value', async (_request, reply) => reply.status(204).send());
    await app.ready();
    return {
      app,
      set: (next: string) => (value = next),
      hold: () => (gate = new Promise<void>((resolve) => (release = resolve))),
      release: () => release(),
      get: async () => {
        const answer = await app.inject({ url: '/value' });
        return { value: answer.json<{ value: string }>().value, cache: answer.headers['x-cache'] };
      },
      put: async (url: string, value?: string) =>
        (await app.inject({ method: 'PUT', url, payload: { value } })).statusCode,
    };
  }

  const quietInvalidations = () => ({
    publish: vi.fn(async () => {}),
    subscribe: async () => async () => {},
  });

  it('gives an English and a Norwegian request each the answer of its own language', async () => {
    const gated = await gatedApp(quietInvalidations());
    const ask = async (headers: Record<string, string>) => {
      const answer = await gated.app.inject({ url: '/language', headers });
      return { ...answer.json<{ language: string }>(), cache: answer.headers['x-cache'] };
    };
    expect(await ask({ 'accept-language': 'en' })).toEqual({ language: 'en', cache: 'miss' });
    expect(await ask({ 'accept-language': 'nb-NO,nb;q=0.9' })).toEqual({
      language: 'nb',
      cache: 'miss',
    });
    expect(await ask({ 'accept-language': 'nb-NO,nb;q=0.9' })).toEqual({
      language: 'nb',
      cache: 'hit',
    });
    expect(await ask({})).toEqual({ language: 'en', cache: 'hit' });
    await gated.app.close();
  });

  it('clears on a back-office write that succeeded, and has told the other processes before answering', async () => {
    let told = false;
    const gated = await gatedApp({
      publish: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        told = true;
      },
      subscribe: async () => async () => {},
    });
    await gated.get();
    expect(await gated.put('/api/admin/value', 'saved')).toBe(200);
    expect(told).toBe(true);
    expect(await gated.get()).toEqual({ value: 'saved', cache: 'miss' });
    await gated.app.close();
  });

  it('answers a back-office write whose clear could not be published, and reports it', async () => {
    const error = vi.fn();
    const gated = await gatedApp(
      {
        publish: async () => Promise.reject(new Error('connection lost')),
        subscribe: async () => async () => {},
      },
      { error },
    );
    await gated.get();
    expect(await gated.put('/api/admin/value', 'saved')).toBe(200);
    expect(error).toHaveBeenCalledOnce();
    expect(await gated.get()).toEqual({ value: 'saved', cache: 'miss' });
    await gated.app.close();
  });

  it('keeps its answers on a refused back-office write, a back-office read or preflight, and a write elsewhere', async () => {
    const invalidations = quietInvalidations();
    const gated = await gatedApp(invalidations);
    await gated.get();
    expect(await gated.put('/api/admin/value')).toBe(400);
    expect((await gated.app.inject({ url: '/api/admin/value' })).statusCode).toBe(200);
    expect(
      (await gated.app.inject({ method: 'OPTIONS', url: '/api/admin/value' })).statusCode,
    ).toBe(204);
    expect(await gated.put('/api/value', 'elsewhere')).toBe(200);
    expect(await gated.get()).toEqual({ value: 'before', cache: 'hit' });
    expect(invalidations.publish).not.toHaveBeenCalled();
    await gated.app.close();
  });

  it('keeps its answers, and tells no other process, on a back-office write that shows shoppers nothing new', async () => {
    const invalidations = quietInvalidations();
    const gated = await gatedApp(invalidations);
    await gated.get();
    expect(await gated.put('/api/admin/link', 'link')).toBe(200);
    expect(await gated.get()).toEqual({ value: 'before', cache: 'hit' });
    expect(invalidations.publish).not.toHaveBeenCalled();
    await gated.app.close();
  });

  it('never keeps an answer read before a clear, nor lets later requests wait for it', async () => {
    const gated = await gatedApp();
    gated.hold();
    const readBefore = gated.get();
    await new Promise((resolve) => setTimeout(resolve, 20));
    gated.set('after');
    gated.app.responseCache.clear();
    const askedAfter = gated.get();
    gated.release();
    expect(await readBefore).toEqual({ value: 'before', cache: 'miss' });
    expect(await askedAfter).toEqual({ value: 'after', cache: 'miss' });
    expect(await gated.get()).toEqual({ value: 'after', cache: 'hit' });
    await gated.app.close();
  });

  it('publishes its clears and clears on what the other processes publish', async () => {
    let onClear: () => void = () => {};
    const stop = vi.fn(async () => {});
    const invalidations: CacheInvalidations = {
      publish: vi.fn(async () => {}),
      subscribe: vi.fn(async (listener: () => void) => {
        onClear = listener;
        return stop;
      }),
    };
    const gated = await gatedApp(invalidations);
    expect(invalidations.subscribe).toHaveBeenCalledOnce();
    await gated.get();
    gated.set('changed elsewhere');
    expect(await gated.get()).toEqual({ value: 'before', cache: 'hit' });
    onClear();
    expect(await gated.get()).toEqual({ value: 'changed elsewhere', cache: 'miss' });
    expect(invalidations.publish).not.toHaveBeenCalled();

    gated.app.responseCache.clear();
    expect(invalidations.publish).toHaveBeenCalledOnce();
    await gated.app.close();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('publishes its clears with the cache off too, for the processes that keep answers', async () => {
    const publish = vi.fn(async () => {});
    const app = Fastify();
    registerResponseCache(app, {
      ttlSeconds: 0,
      invalidations: { publish, subscribe: async () => async () => {} },
    });
    await app.ready();
    app.responseCache.clear();
    expect(publish).toHaveBeenCalledOnce();
    await app.close();
  });

  it('publishes a back-office write with the cache off too', async () => {
    const invalidations = quietInvalidations();
    const app = Fastify();
    registerResponseCache(app, { ttlSeconds: 0, invalidations });
    app.post('/api/admin/thing', async () => ({ saved: true }));
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/admin/thing' })).statusCode).toBe(200);
    expect(invalidations.publish).toHaveBeenCalledOnce();
    await app.close();
  });

  it('reports a clear it could not publish without failing the write that cleared', async () => {
    const error = vi.fn();
    const gated = await gatedApp(
      {
        publish: async () => Promise.reject(new Error('connection lost')),
        subscribe: async () => async () => {},
      },
      { error },
    );
    expect(() => gated.app.responseCache.clear()).not.toThrow();
    await vi.waitFor(() => expect(error).toHaveBeenCalledOnce(), patiently);
    await gated.app.close();
  });
});

describe('values computed once per change (issue 33.1)', () => {
  /** A bare app whose announcements the test makes, with the answer cache off as in the bench. */
  async function perChangeApp(invalidations?: CacheInvalidations) {
    const app = Fastify();
    registerResponseCache(app, { ttlSeconds: 0, ...(invalidations ? { invalidations } : {}) });
    await app.ready();
    let computed = 0;
    const value = (keep?: (value: number) => boolean) =>
      app.responseCache.perChange('menu', async () => (computed += 1), keep);
    return { app, value };
  }

  it('computes a value once until a clear here or an announcement from another process', async () => {
    let announce: () => void = () => {};
    const { app, value } = await perChangeApp({
      publish: async () => {},
      subscribe: async (onClear) => {
        announce = onClear;
        return async () => {};
      },
    });
    expect([await value(), await value()]).toEqual([1, 1]);
    app.responseCache.clear();
    expect([await value(), await value()]).toEqual([2, 2]);
    announce();
    expect(await value()).toBe(3);
    await app.close();
  });

  it('keeps no value it is told not to keep, and none that failed', async () => {
    const { app, value } = await perChangeApp({
      publish: async () => {},
      subscribe: async () => async () => {},
    });
    expect(await value((computed) => computed > 1)).toBe(1);
    expect(await value((computed) => computed > 1)).toBe(2);
    expect(await value()).toBe(2);
    const failing = () =>
      app.responseCache.perChange('shop', async () => Promise.reject(new Error('down')));
    await expect(failing()).rejects.toThrow('down');
    expect(await app.responseCache.perChange('shop', async () => 'up')).toBe('up');
    await app.close();
  });

  it('computes every time in a process that hears no announcements', async () => {
    const { app, value } = await perChangeApp();
    expect([await value(), await value()]).toEqual([1, 2]);
    await app.close();
  });
});
