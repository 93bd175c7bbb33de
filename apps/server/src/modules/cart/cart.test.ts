import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartResponseSchema,
  checkStockResponseSchema,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from '@shop/shared';
import { products } from '../catalog/catalog.tables.js';
import { promotions } from '../promotions/promotions.tables.js';
import {
  type CatalogFixture,
  fixtureHeroImage,
  insertCatalogFixture,
  required,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.now();

let ctx: TestContext;
let fixture: CatalogFixture;

const itemId = (slug: string, variants = '') => {
  const product = required(fixture.products[slug], slug);
  return variants
    ? required(product.itemIds[variants], `${slug} ${variants}`)
    : product.defaultItemId;
};
const redM = () => itemId('hemp-t-shirt', 'Color=Red,Size=M');
const line = (id: string, qty: unknown, extra: Record<string, unknown> = {}) => ({
  product: { _id: id, ...extra },
  qty,
});

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
const priceCart = (payload: unknown) => post('/api/orders/cart', payload);
const checkStock = (orderItems: unknown) => post('/api/orders/check-stock', { orderItems });

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
  const window = { validFrom: new Date(now - DAY_MS), validTo: new Date(now + DAY_MS) };
  await ctx.db.insert(promotions).values([
    { code: 'TENOFF', type: 'percent', value: 10, minOrderOre: 30_000, ...window },
    { code: 'FIFTYKR', type: 'fixed', value: 5_000, ...window },
    { code: 'HUGE', type: 'fixed', value: 100_000, ...window },
    {
      code: 'EXPIRED',
      type: 'percent',
      value: 10,
      validFrom: new Date(now - 10 * DAY_MS),
      validTo: new Date(now - DAY_MS),
    },
    {
      code: 'LATER',
      type: 'percent',
      value: 10,
      validFrom: new Date(now + DAY_MS),
      validTo: new Date(now + 10 * DAY_MS),
    },
    { code: 'USEDUP', type: 'fixed', value: 1_000, usageLimit: 3, usedCount: 3, ...window },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

describe('POST /api/orders/cart', () => {
  it('API-15 ROLE-03 prices the lines from the database without a login, in the client order', async () => {
    const response = await priceCart({
      cartItems: [line(itemId('green-tea'), 3), line(redM(), 2)],
      currencyCode: 'NOK',
    });
    expect(response.statusCode).toBe(200);
    const cart = cartResponseSchema.parse(response.json());
    expect(cart.cartItems).toEqual([
      {
        product: {
          _id: itemId('green-tea'),
          name: 'Green Tea',
          slug: 'green-tea',
          stock: 40,
          orderLimit: 10,
          heroImage: fixtureHeroImage('green-tea'),
          price: 79,
          discount: 0,
          sellingPrice: 79,
          variants: {},
        },
        qty: 3,
      },
      {
        product: {
          _id: redM(),
          name: 'Hemp T-Shirt',
          slug: 'hemp-t-shirt',
          stock: 8,
          orderLimit: 4,
          heroImage: fixtureHeroImage('hemp-t-shirt'),
          price: 299,
          discount: 20,
          sellingPrice: 239.2,
          variants: { Color: 'Red', Size: 'M' },
        },
        qty: 2,
      },
    ]);
    // Total M.R.P 3 × 79 + 2 × 299; discount 2 × 59.80.
    expect(cart).toMatchObject({ total: 835, discount: 119.6, grandTotal: 715.4 });
  });

  it('API-15 ignores tampered names, prices, discounts and totals sent by the client', async () => {
    const response = await priceCart({
      cartItems: [
        line(redM(), 1, {
          name: 'Free shirt',
          price: 1,
          sellingPrice: 0,
          discount: 100,
          stock: 1000,
          orderLimit: 1000,
          heroImage: '/evil.png',
        }),
      ],
      total: 0,
      discount: 1000,
      grandTotal: 0,
    });
    expect(response.statusCode).toBe(200);
    const cart = cartResponseSchema.parse(response.json());
    expect(cart.cartItems[0]?.product).toMatchObject({
      name: 'Hemp T-Shirt',
      price: 299,
      discount: 20,
      sellingPrice: 239.2,
      stock: 8,
      orderLimit: 4,
      heroImage: fixtureHeroImage('hemp-t-shirt'),
    });
    expect(cart).toMatchObject({ total: 299, discount: 59.8, grandTotal: 239.2 });
  });

  it("API-15 shows an item's own image, else its family's hero image", async () => {
    const blue = itemId('hemp-t-shirt', 'Color=Blue,Size=M');
    const response = await priceCart({ cartItems: [line(blue, 1), line(redM(), 1)] });
    const cart = cartResponseSchema.parse(response.json());
    expect(cart.cartItems.map((cartLine) => cartLine.product.heroImage)).toEqual([
      '/products/hemp-t-shirt-blue.webp',
      fixtureHeroImage('hemp-t-shirt'),
    ]);
  });

  it('API-15 drops lines whose item does not exist and merges repeated items', async () => {
    const response = await priceCart({
      cartItems: [
        line(redM(), 1),
        line(randomUUID(), 2, { name: 'Old Mug', price: 50 }),
        line(itemId('green-tea'), 1),
        line(redM(), 2),
      ],
    });
    expect(response.statusCode).toBe(200);
    const cart = cartResponseSchema.parse(response.json());
    expect(cart.cartItems.map((cartLine) => [cartLine.product._id, cartLine.qty])).toEqual([
      [redM(), 3],
      [itemId('green-tea'), 1],
    ]);
    expect(cart).toMatchObject({ total: 976, discount: 179.4, grandTotal: 796.6 });
  });

  it('API-15 answers an empty priced cart when no item exists any more', async () => {
    const response = await priceCart({ cartItems: [line(randomUUID(), 1)], couponCode: 'FIFTYKR' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cartItems: [], total: 0, discount: 0, grandTotal: 0 });
  });

  describe('coupons', () => {
    // 3 shirts and 3 teas: M.R.P 1134, selling 954.60, product discount 179.40.
    const cartWith = (couponCode: string) =>
      priceCart({
        cartItems: [line(redM(), 3), line(itemId('green-tea'), 3)],
        couponCode,
      });

    it('CONST-25 CART-25 takes a percent of the selling total off, case-insensitively', async () => {
      const response = await cartWith(' tenoff ');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 1134, discount: 274.86, grandTotal: 859.14 });
    });

    it('CONST-25 takes a fixed amount off', async () => {
      const response = await cartWith('FIFTYKR');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 1134, discount: 229.4, grandTotal: 904.6 });
    });

    it('CONST-25 never takes more than the selling total off', async () => {
      const response = await priceCart({
        cartItems: [line(itemId('green-tea'), 1)],
        couponCode: 'HUGE',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 79, discount: 79, grandTotal: 0 });
    });

    it('CONST-25 leaves the coupon out while the selling total is below its minimum order', async () => {
      const response = await priceCart({
        cartItems: [line(itemId('green-tea'), 3)],
        couponCode: 'TENOFF',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 237, discount: 0, grandTotal: 237 });
    });

    it.each([
      ['NOPE', 'Coupon NOPE is not valid'],
      ['expired', 'Coupon expired has expired'],
      ['LATER', 'Coupon LATER is not valid yet'],
      ['UsedUp', 'Coupon UsedUp has been used up'],
    ])('CART-25 refuses the coupon %s with 400 and the reason', async (code, message) => {
      const response = await cartWith(code);
      expect(response.statusCode).toBe(400);
      // `field` (issue 29.6): the storefront tells a refused coupon from a refused cart.
      expect(response.json()).toEqual({ message, field: 'couponCode' });
    });

    it('CONST-24 knows no hard-coded 50 % coupon', async () => {
      for (const code of ['FIFTY', 'DISCOUNT50', 'SALE50']) {
        const response = await cartWith(code);
        expect(response.statusCode).toBe(400);
      }
    });

    it('prices an empty coupon field as no coupon', async () => {
      const response = await cartWith('');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ discount: 179.4, grandTotal: 954.6 });
    });
  });
});

describe('POST /api/orders/cart/buy-now', () => {
  it('API-16 ROLE-03 prices buyNowCartItems with the same shape', async () => {
    const response = await post('/api/orders/cart/buy-now', {
      buyNowCartItems: [line(itemId('ethiopian-coffee-beans'), 2, { price: 1 })],
      currencyCode: 'NOK',
      couponCode: 'FIFTYKR',
    });
    expect(response.statusCode).toBe(200);
    const cart = cartResponseSchema.parse(response.json());
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]?.product).toMatchObject({
      name: 'Ethiopian Coffee Beans',
      price: 199,
    });
    expect(cart).toMatchObject({ total: 398, discount: 50, grandTotal: 348 });
  });

  it('API-16 accepts the lines as cartItems too', async () => {
    const response = await post('/api/orders/cart/buy-now', {
      cartItems: [line(itemId('green-tea'), 1)],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 79, discount: 0, grandTotal: 79 });
  });
});

describe('POST /api/orders/check-stock', () => {
  it('API-17 CART-23 ROLE-03 answers an empty list when every line can be bought', async () => {
    // Both lines ask for exactly their order limit, within stock.
    const response = await checkStock([
      line(redM(), 4),
      line(itemId('green-tea'), 10, { price: 0 }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(checkStockResponseSchema.parse(response.json())).toEqual({ responseArray: [] });
  });

  it('API-17 CART-24 ERR-13 ERR-14 names each line that cannot be bought as asked', async () => {
    const gone = randomUUID();
    const nameless = randomUUID();
    const redXl = itemId('hemp-t-shirt', 'Color=Red,Size=XL');
    const response = await checkStock([
      line(itemId('green-tea'), 1),
      line(itemId('creamed-clover-honey'), 1),
      line(redXl, 4),
      line(itemId('raw-forest-honey'), 6),
      line(gone, 1, { name: 'Old Mug' }),
      line(nameless, 1),
    ]);
    expect(response.statusCode).toBe(200);
    expect(checkStockResponseSchema.parse(response.json()).responseArray).toEqual([
      {
        product_id: itemId('creamed-clover-honey'),
        message: 'Creamed Clover Honey out of stock!',
      },
      { product_id: redXl, message: 'Hemp T-Shirt out of stock!' },
      {
        product_id: itemId('raw-forest-honey'),
        message: 'Order Limit Reached for Raw Forest Honey 500 g!',
      },
      { product_id: gone, message: 'Old Mug is no longer sold' },
      { product_id: nameless, message: 'This product is no longer sold' },
    ]);
  });

  it('CART-24 ERR-14 adds up repeated lines of an item before checking its limit', async () => {
    const acacia = itemId('acacia-honey');
    const response = await checkStock([line(acacia, 6), line(acacia, 5)]);
    expect(response.json()).toEqual({
      responseArray: [{ product_id: acacia, message: 'Order Limit Reached for Acacia Honey!' }],
    });
  });

  it('ERR-13 reports stock before the order limit when both are passed', async () => {
    const response = await checkStock([line(itemId('acacia-honey'), 13)]);
    expect(response.json()).toEqual({
      responseArray: [
        { product_id: itemId('acacia-honey'), message: 'Acacia Honey out of stock!' },
      ],
    });
  });
});

describe('bad input', () => {
  const badLines: [string, unknown, string][] = [
    ['a zero quantity', [line('ID', 0)], 'qty must be 1 or more'],
    ['a negative quantity', [line('ID', -2)], 'qty must be 1 or more'],
    ['a fractional quantity', [line('ID', 1.5)], 'qty must be a whole number'],
    [
      'a huge quantity',
      [line('ID', MAX_LINE_QUANTITY + 1)],
      `qty must be at most ${MAX_LINE_QUANTITY}`,
    ],
    ['a quantity that is text', [line('ID', '2')], 'qty must be a number'],
    ['a missing quantity', [{ product: { _id: 'ID' } }], 'qty must be a number'],
    ['a malformed id', [line('not-a-uuid', 1)], 'Invalid id'],
    ['a missing id', [{ product: { name: 'Shirt' }, qty: 1 }], 'Invalid id'],
    ['a missing product', [{ qty: 1 }], 'Each line needs a product with an _id'],
    ['an empty cart', [], 'The cart is empty'],
    [
      'too many lines',
      Array.from({ length: MAX_CART_LINES + 1 }, () => line('ID', 1)),
      `A cart holds at most ${MAX_CART_LINES} lines`,
    ],
    ['a non-array', { 0: line('ID', 1) }, 'The cart must be a list of lines'],
  ];
  const withId = (lines: unknown): unknown =>
    JSON.parse(JSON.stringify(lines).replaceAll('"ID"', JSON.stringify(itemId('green-tea'))));

  it.each(badLines)('API-15 answers 400 for %s in the cart', async (_what, lines, message) => {
    const response = await priceCart({ cartItems: withId(lines) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it.each(badLines)(
    'API-16 answers 400 for %s in the buy-now cart',
    async (_what, lines, message) => {
      const response = await post('/api/orders/cart/buy-now', { buyNowCartItems: withId(lines) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    },
  );

  it.each(badLines)('API-17 answers 400 for %s in a stock check', async (_what, lines, message) => {
    const response = await checkStock(withId(lines));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('API-15 answers 400 when the body has no lines at all', async () => {
    for (const payload of [{}, { currencyCode: 'NOK' }]) {
      const response = await priceCart(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'cartItems is required' });
    }
  });

  it('API-17 answers 400 when the stock check has no lines', async () => {
    const response = await post('/api/orders/check-stock', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('answers 400, never 500, for a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart',
      headers: { 'content-type': 'application/json' },
      payload: '{"cartItems": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers 400 for an overlong coupon code', async () => {
    const response = await priceCart({
      cartItems: [line(itemId('green-tea'), 1)],
      couponCode: 'X'.repeat(41),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Coupon code is too long (at most 40 characters).',
    });
  });
});

describe('an item that stops being sold', () => {
  it('API-15 API-17 drops it from the cart and reports it by name at checkout', async () => {
    const socks = itemId('wool-socks');
    const lines = [line(socks, 1, { name: 'Wool Socks' }), line(itemId('green-tea'), 1)];
    await ctx.db.delete(products).where(eq(products.slug, 'wool-socks'));

    const cart = cartResponseSchema.parse((await priceCart({ cartItems: lines })).json());
    expect(cart.cartItems.map((cartLine) => cartLine.product.name)).toEqual(['Green Tea']);
    expect(cart).toMatchObject({ total: 79, grandTotal: 79 });

    const stock = await checkStock(lines);
    expect(stock.json()).toEqual({
      responseArray: [{ product_id: socks, message: 'Wool Socks is no longer sold' }],
    });
  });
});
