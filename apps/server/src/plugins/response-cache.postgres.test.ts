import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopDetailsEditor } from '@shop/shared';
import { productItems } from '../modules/catalog/catalog.tables.js';
import { CATALOGUE_WRITES_CHANNEL } from './cache-invalidations.js';
import { seedShippingRatesIfEmpty } from '../modules/shipping/shipping-rates-seed.js';
import { bearer, createVerifiedUser } from '../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress } from '../test/checkout-fixtures.js';
import { notificationsDelivered } from '../test/notifications.js';
import { createStaffMember, type StaffMember } from '../test/staff-session.js';
import { createSecondTestApp, createTestApp, type TestContext } from '../test/test-app.js';

// Two server processes of one shop on one PostgreSQL database, each with its own response
// cache whose answers would otherwise live ten minutes.
let first: TestContext;
let second: Awaited<ReturnType<typeof createSecondTestApp>>;
let honeyItemId: string;
let owner: StaffMember;

const cached = { RESPONSE_CACHE_SECONDS: '600' };

/** What `read` answers once `done` holds, polling for at most a second. */
async function withinASecond<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('the response cache across two server processes', () => {
  beforeAll(async () => {
    first = await createTestApp(cached);
    second = await createSecondTestApp(first, cached);
    // Signing in is a back-office write whose clear reaches the other process a little later:
    // first, so it has long arrived when the tests ask for kept answers.
    owner = await createStaffMember(first.app, first.db);
    const honey = required(
      (await insertCatalogFixture(first.db)).products['acacia-honey'],
      'honey',
    );
    honeyItemId = honey.defaultItemId;
    await seedShippingRatesIfEmpty(first.db);
    await first.db.update(productItems).set({ stock: 1 }).where(eq(productItems.id, honeyItemId));
    await notificationsDelivered(second.database, CATALOGUE_WRITES_CHANNEL);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const stockOnSecond = async () => {
    const answer = await second.app.inject({ url: '/api/products/acacia-honey/slug' });
    return answer.json<{ stock: number }>().stock;
  };

  it('shows the last unit sold through one process as sold out on the other within a second', async () => {
    expect(await stockOnSecond()).toBe(1);
    expect(
      (await second.app.inject({ url: '/api/products/acacia-honey/slug' })).headers['x-cache'],
    ).toBe('hit');
    const buyer = await createVerifiedUser(first.app, first.db);
    await saveOsloAddress(first.app, buyer);
    await purchase(first.app, buyer, [line(honeyItemId)]);
    expect(await withinASecond(stockOnSecond, (stock) => stock === 0)).toBe(0);
  });

  it('passes a clear made by one process (a back-office write) to the other', async () => {
    const carousel = () => second.app.inject({ url: '/api/carousel' });
    await carousel();
    expect((await carousel()).headers['x-cache']).toBe('hit');
    first.app.responseCache.clear();
    const state = await withinASecond(
      async () => (await carousel()).headers['x-cache'],
      (header) => header === 'miss',
    );
    expect(state).toBe('miss');
  });

  it('passes a back-office save made through one process to the other', async () => {
    const shopOnSecond = () => second.app.inject({ url: '/api/shop' });
    await shopOnSecond();
    expect((await shopOnSecond()).headers['x-cache']).toBe('hit');
    const shopSettings = (method: 'GET' | 'PUT', payload?: object) =>
      first.app.inject({
        method,
        url: '/api/admin/settings/shop',
        headers: bearer(owner.session),
        ...(payload ? { payload } : {}),
      });
    const loaded = (await shopSettings('GET')).json<ShopDetailsEditor>();
    expect((await shopSettings('PUT', { ...loaded, name: 'Fjord Handel' })).statusCode).toBe(200);
    const name = await withinASecond(
      async () => (await shopOnSecond()).json<{ name: string }>().name,
      (shown) => shown === 'Fjord Handel',
    );
    expect(name).toBe('Fjord Handel');
  });
});
