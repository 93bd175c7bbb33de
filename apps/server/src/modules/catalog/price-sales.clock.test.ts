import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClockResponseSchema, type AdminPriceSale, type ProductDetail } from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('the test clock (issue 14)', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('does not exist without TEST_CLOCK', async () => {
    const response = await plain.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: '2030-06-08T12:00:00+02:00' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a sale through the test clock, with the response cache on (issue 14)', () => {
  let app: BackOfficeTestApp;
  beforeAll(async () => {
    app = await createBackOfficeTestApp({ TEST_CLOCK: 'true', RESPONSE_CACHE_SECONDS: '600' });
  });
  afterAll(() => app.ctx.close());

  const moveClock = async (now: string | null) => {
    const response = await app.ctx.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now },
    });
    expect(response.statusCode, response.body).toBe(200);
    return testClockResponseSchema.parse(response.json()).now;
  };

  const shown = async (slug: string) => {
    const response = await app.ctx.app.inject({ method: 'GET', url: `/api/products/${slug}/slug` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductDetail>().discount;
  };

  const createSale = async (body: Record<string, unknown>) => {
    const response = await app.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/price-sales',
      headers: bearer(app.owner.session),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminPriceSale>();
  };

  it('moving the clock starts and ends a scheduled sale at once, and the cached product page follows', async () => {
    const tea = required(app.catalog.products['green-tea'], 'green tea');
    const friday = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const tuesday = new Date(friday.getTime() + 4 * 24 * 60 * 60 * 1000);
    expect(await shown('green-tea')).toBe(0);
    const sale = await createSale({
      name: 'Clock weekend',
      discountPercent: 20,
      productIds: [tea.id],
      startsAt: friday.toISOString(),
      endsAt: tuesday.toISOString(),
    });
    expect(sale.status).toBe('scheduled');

    const saturday = new Date(friday.getTime() + 24 * 60 * 60 * 1000);
    const moved = Date.parse(await moveClock(saturday.toISOString()));
    expect(moved).toBeGreaterThanOrEqual(saturday.getTime());
    expect(moved).toBeLessThan(saturday.getTime() + 60_000);
    expect(await shown('green-tea')).toBe(20);

    await moveClock(new Date(tuesday.getTime() + 60_000).toISOString());
    expect(await shown('green-tea')).toBe(0);

    const back = Date.parse(await moveClock(null));
    expect(Math.abs(back - Date.now())).toBeLessThan(60_000);
  });

  it('a sale applied at once clears the cached product page too', async () => {
    const socks = required(app.catalog.products['wool-socks'], 'wool socks');
    expect(await shown('wool-socks')).toBe(0);
    await createSale({ name: 'Socks now', discountPercent: 15, productIds: [socks.id] });
    expect(await shown('wool-socks')).toBe(15);
  });

  it('refuses a time that is not one', async () => {
    const response = await app.ctx.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: 'saturday' },
    });
    expect(response.statusCode).toBe(400);
  });
});
