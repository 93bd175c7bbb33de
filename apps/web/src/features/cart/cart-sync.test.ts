import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, CartResponse, Promo } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo, stubFetch, type FetchCall } from '../../test/fetch-stub.js';
import { sessionUser, signedInStore } from '../accounts/accounts-test-kit.js';
import {
  addedToCart,
  boughtNow,
  cartOneRemoved,
  couponRemoved,
  stockProblemsShown,
} from './cart-slice.js';
import { cartRefreshed, couponApplied, stockChecked } from './cart-sync.js';
import { honey, socks } from './cart-test-kit.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const dbSocks = { ...socks, name: 'Wool socks (new)', price: 250, sellingPrice: 225 };
const pricedCart = (cartItems: CartLine[], extra: Partial<CartResponse> = {}): CartResponse => ({
  cartItems,
  total: 500,
  discount: 50,
  grandTotal: 450,
  ...extra,
});
const tenOff: Promo = {
  code: 'WELCOME10',
  type: 'percent',
  value: 10,
  minOrder: 0,
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2027-01-01T00:00:00.000Z',
};
const sentLines = (call: FetchCall | undefined, key: string) =>
  (call?.body as Record<string, CartLine[]>)[key];

describe('cart server sync', () => {
  it('CART-15 replaces lines and totals with the server pricing and clears the stock messages', async () => {
    const calls = stubFetch({
      'POST /api/orders/cart': pricedCart([{ product: dbSocks, qty: 2 }]),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    store.dispatch(
      stockProblemsShown({
        kind: 'cart',
        problems: [{ product_id: socks._id, message: 'Wool socks out of stock!' }],
      }),
    );

    await store.dispatch(cartRefreshed('cart'));

    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/orders/cart' });
    expect(calls[0]?.body).toEqual({
      cartItems: [{ product: socks, qty: 2 }],
      currencyCode: 'NOK',
    });
    expect(store.getState().cart).toMatchObject({
      cartItems: [{ product: dbSocks, qty: 2 }],
      total: 500,
      discount: 50,
      grandTotal: 450,
      cartFetchStatus: 'succeeded',
      cartStockMessages: {},
    });
    expect(JSON.parse(localStorage.getItem(storageKeys.cart) ?? 'null')).toEqual([
      { product: dbSocks, qty: 2 },
    ]);
  });

  it('CART-15 CART-22 prices the buy-now cart through its own call and leaves the cart alone', async () => {
    const calls = stubFetch({
      'POST /api/orders/cart/buy-now': pricedCart([{ product: dbSocks, qty: 1 }], {
        total: 250,
        discount: 25,
        grandTotal: 225,
      }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    store.dispatch(boughtNow({ product: socks, qty: 1 }));

    await store.dispatch(cartRefreshed('buyNow'));

    expect(calls.map((call) => call.path)).toEqual(['/api/orders/cart/buy-now']);
    expect(sentLines(calls[0], 'buyNowCartItems')).toEqual([{ product: socks, qty: 1 }]);
    expect(store.getState().cart).toMatchObject({
      buyNowCartItems: [{ product: dbSocks, qty: 1 }],
      buyNowTotal: 250,
      buyNowDiscount: 25,
      buyNowGrandTotal: 225,
      buyNowFetchStatus: 'succeeded',
      cartItems: [{ product: honey, qty: 1 }],
      total: 99.9,
    });
  });

  it('CART-15 ignores an answer for lines the shopper changed meanwhile', async () => {
    stubFetch({ 'POST /api/orders/cart': pricedCart([{ product: dbSocks, qty: 3 }]) });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 3 }));
    const refresh = store.dispatch(cartRefreshed('cart'));
    store.dispatch(cartOneRemoved(socks._id));
    await refresh;

    expect(store.getState().cart).toMatchObject({
      cartItems: [{ product: socks, qty: 2 }],
      total: 400,
    });
  });

  it('CART-15 makes no call for an empty cart', async () => {
    const calls = stubFetch({});
    const store = createStore();
    await store.dispatch(cartRefreshed('cart'));
    expect(calls).toEqual([]);
    expect(store.getState().cart.cartFetchStatus).toBe('idle');
  });

  it('CART-17 a failed refresh marks the cart fetch as failed and keeps the lines', async () => {
    stubFetch({ 'POST /api/orders/cart': answer(400, { message: 'The cart is empty' }) });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 1 }));
    await store.dispatch(cartRefreshed('cart'));
    expect(store.getState().cart).toMatchObject({
      cartFetchStatus: 'failed',
      cartItems: [{ product: socks, qty: 1 }],
    });
  });

  it('CART-25 the coupon lookup goes loading, then success, and the cart is priced with the code', async () => {
    const calls = stubFetch({
      'GET /api/promo/WELCOME10': tenOff,
      'POST /api/orders/cart': pricedCart([{ product: socks, qty: 2 }], {
        total: 400,
        discount: 76,
        grandTotal: 324,
      }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    const applying = store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    expect(store.getState().cart.couponLookup.status).toBe('loading');
    await applying;

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/promo/WELCOME10',
      'POST /api/orders/cart',
    ]);
    expect(calls[1]?.body).toMatchObject({ couponCode: 'WELCOME10' });
    expect(store.getState().cart).toMatchObject({
      couponLookup: { status: 'success', promo: tenOff, message: '' },
      coupon: { code: 'WELCOME10', price: 36 },
      discount: 76,
      grandTotal: 324,
    });

    await store.dispatch(cartRefreshed('cart'));
    expect(calls[2]?.body).toMatchObject({ couponCode: 'WELCOME10' });
  });

  it('CART-25 an unknown code ends in error with the server message and no cart call', async () => {
    const calls = stubFetch({
      'GET /api/promo/NOPE': answer(404, { message: 'Coupon not found or expired' }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 1 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'NOPE' }));
    expect(calls).toHaveLength(1);
    expect(store.getState().cart).toMatchObject({
      couponLookup: { status: 'error', promo: null, message: 'Coupon not found or expired' },
      coupon: { code: '', price: 0 },
    });
  });

  it('CART-25 (issue 14) a cart below the coupon’s minimum order is told so, and the coupon is not applied', async () => {
    stubFetch({
      'GET /api/promo/WELCOME10': { ...tenOff, minOrder: 300 },
      'POST /api/orders/cart': pricedCart([{ product: socks, qty: 1 }], {
        total: 200,
        discount: 0,
        grandTotal: 200,
      }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 1 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    // The page words the minimum in the shopper's currency (cart-page.test.tsx).
    expect(store.getState().cart).toMatchObject({
      couponLookup: {
        status: 'error',
        message: '',
        belowMinimum: { code: 'WELCOME10', minOrder: 300 },
      },
      coupon: { code: '', price: 0 },
    });
  });

  it('CART-25 a coupon the cart call refuses is an error with its message', async () => {
    stubFetch({
      'GET /api/promo/WELCOME10': tenOff,
      'POST /api/orders/cart': answer(400, { message: 'The order is below the minimum' }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 1 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    expect(store.getState().cart).toMatchObject({
      couponLookup: { status: 'error', message: 'The order is below the minimum' },
      coupon: { code: '', price: 0 },
    });
  });

  it('CART-25 a signed-in customer looks the code up and prices the cart as themselves, and is told at once that they used it (issue 29.6)', async () => {
    const used = 'You have already used coupon WELCOME10';
    const calls = stubFetch({
      'GET /api/promo/WELCOME10': (call: FetchCall) =>
        call.authorization === 'Bearer access-1' ? answer(404, { message: used }) : tenOff,
      'POST /api/orders/cart': pricedCart([{ product: socks, qty: 2 }]),
    });
    const store = signedInStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/promo/WELCOME10',
    ]);
    expect(store.getState().cart).toMatchObject({
      couponLookup: { kind: 'cart', status: 'error', message: used },
      coupon: { code: '', price: 0 },
    });

    await store.dispatch(cartRefreshed('cart'));
    expect(callsTo(calls, 'POST', '/api/orders/cart')[0]?.authorization).toBe('Bearer access-1');
  });

  it('CART-25 a guest session looks coupons up as anyone does: it counts for no customer', async () => {
    const calls = stubFetch({
      'GET /api/promo/WELCOME10': tenOff,
      'POST /api/orders/cart': pricedCart([{ product: socks, qty: 2 }]),
    });
    const store = signedInStore(sessionUser({ provider: 'guest' }));
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    expect(calls.map((call) => call.authorization)).toEqual([undefined, undefined]);
  });

  it('a coupon the server refuses when the cart is priced again shows its reason at the coupon field; taking it off prices the cart without it (issue 29.6)', async () => {
    const expired = 'Coupon WELCOME10 has expired';
    let couponValid = true;
    const calls = stubFetch({
      'GET /api/promo/WELCOME10': tenOff,
      'POST /api/orders/cart': (call: FetchCall) => {
        const withCoupon = (call.body as { couponCode?: string }).couponCode !== undefined;
        if (withCoupon && !couponValid)
          return answer(400, { message: expired, field: 'couponCode' });
        return pricedCart([{ product: socks, qty: 2 }], {
          total: 400,
          discount: withCoupon ? 76 : 40,
          grandTotal: withCoupon ? 324 : 360,
        });
      },
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    couponValid = false;
    await store.dispatch(cartRefreshed('cart'));
    expect(store.getState().cart).toMatchObject({
      cartFetchStatus: 'failed',
      couponLookup: { kind: 'cart', status: 'error', message: expired },
      coupon: { code: 'WELCOME10' },
    });

    await store.dispatch(couponRemoved('cart'));
    const last = callsTo(calls, 'POST', '/api/orders/cart').at(-1);
    expect(last?.body).not.toHaveProperty('couponCode');
    expect(store.getState().cart).toMatchObject({
      cartFetchStatus: 'succeeded',
      coupon: { code: '', price: 0 },
      couponLookup: { status: 'idle', message: '' },
      discount: 40,
      grandTotal: 360,
    });
  });

  it('another failure of the pricing leaves the coupon field alone', async () => {
    stubFetch({
      'GET /api/promo/WELCOME10': tenOff,
      'POST /api/orders/cart': answer(400, { message: 'The cart is empty' }),
    });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    await store.dispatch(cartRefreshed('cart'));
    expect(store.getState().cart.couponLookup.status).toBe('idle');
  });

  it('CART-23 CART-24 check-stock sends the lines and stores each problem by product', async () => {
    const problem = { product_id: socks._id, message: 'Wool socks out of stock!' };
    const calls = stubFetch({ 'POST /api/orders/check-stock': { responseArray: [problem] } });
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    const result = await store.dispatch(stockChecked('cart'));
    expect(result.payload).toEqual([problem]);
    expect(calls[0]?.body).toEqual({ orderItems: [{ product: socks, qty: 2 }] });
    expect(store.getState().cart.cartStockMessages).toEqual({
      [socks._id]: 'Wool socks out of stock!',
    });
  });
});
