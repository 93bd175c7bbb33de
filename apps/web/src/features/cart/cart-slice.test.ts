import { describe, expect, it } from 'vitest';
import { createStore } from '../../app/store.js';
import { storageKeys } from '../../lib/storage.js';
import {
  addedToCart,
  boughtNow,
  buyNowCleared,
  buyNowOneRemoved,
  buyNowQuantitySet,
  cartCleared,
  cartLineDeleted,
  cartOneRemoved,
  cartQuantitySet,
  cartRemoved,
  cartSlice,
  stockProblemsShown,
} from './cart-slice.js';
import { cartProduct, honey, socks } from './cart-test-kit.js';

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('the cart state', () => {
  it('CART-27 CART-28 holds every field of spec §3, empty at first', () => {
    expect(createStore().getState().cart).toEqual({
      cartItems: [],
      buyNowCartItems: [],
      total: 0,
      discount: 0,
      grandTotal: 0,
      buyNowTotal: 0,
      buyNowDiscount: 0,
      buyNowGrandTotal: 0,
      coupon: { code: '', price: 0 },
      shippingPrice: 0,
      shippingDetails: null,
      billingDetails: null,
      postalCodes: [],
      isOrderPlaceSuccess: false,
      quickBuySuccess: false,
      cartMessage: '',
      isCartError: false,
      buyNowCartMessage: '',
      isBuyNowCartError: false,
      cartMessageProductId: null,
      buyNowMessageProductId: null,
      cartStockMessages: {},
      buyNowStockMessages: {},
      cartFetchStatus: 'idle',
      buyNowFetchStatus: 'idle',
      buyNowCoupon: { code: '', price: 0 },
      couponLookup: { kind: null, status: 'idle', promo: null, message: '', belowMinimum: null },
    });
  });

  it('CART-01 CART-02 CART-14 adding runs the cart rule and stores lines, totals and message', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    expect(store.getState().cart).toMatchObject({
      cartItems: [
        { product: honey, qty: 1 },
        { product: socks, qty: 2 },
      ],
      total: 499.9,
      discount: 40,
      grandTotal: 459.9,
      cartMessage: 'Forest honey added successfully!',
      isCartError: false,
    });
  });

  it('CART-06 a refused add keeps the cart and sets the error flag and message', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 4 }));
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    expect(store.getState().cart).toMatchObject({
      cartItems: [{ product: socks, qty: 4 }],
      total: 800,
      cartMessage: 'Order Limit Reached for Wool socks!',
      isCartError: true,
    });
  });

  it('CART-07 CART-08 CART-09 CART-10 CART-11 CART-12 CART-14 the cart page controls recompute totals', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 1 }));
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    store.dispatch(cartQuantitySet({ productId: socks._id, qty: 3 }));
    expect(store.getState().cart).toMatchObject({ total: 699.9, grandTotal: 639.9 });
    store.dispatch(cartQuantitySet({ productId: socks._id, qty: 6 }));
    expect(store.getState().cart).toMatchObject({
      total: 699.9,
      cartMessage: 'out of stock!',
      isCartError: true,
    });
    store.dispatch(cartOneRemoved(socks._id));
    expect(store.getState().cart).toMatchObject({ total: 499.9, isCartError: false });
    store.dispatch(cartOneRemoved(honey._id));
    expect(store.getState().cart.cartItems).toEqual([{ product: socks, qty: 2 }]);
    store.dispatch(cartLineDeleted(socks._id));
    expect(store.getState().cart).toMatchObject({ cartItems: [], total: 0, grandTotal: 0 });
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    store.dispatch(cartCleared());
    expect(store.getState().cart).toMatchObject({ cartItems: [], total: 0 });
    expect(stored(storageKeys.cart)).toEqual([]);
  });

  it('CART-13 the remove-cart action empties the cart and resets coupon and shipping price', () => {
    const priced = {
      ...cartSlice.getInitialState(),
      cartItems: [{ product: socks, qty: 1 }],
      total: 200,
      discount: 20,
      grandTotal: 180,
      coupon: { code: 'WELCOME10', price: 18 },
      shippingPrice: 99,
    };
    expect(cartSlice.reducer(priced, cartRemoved())).toMatchObject({
      cartItems: [],
      total: 0,
      discount: 0,
      grandTotal: 0,
      coupon: { code: '', price: 0 },
      shippingPrice: 0,
    });
  });

  it('CART-16 per-line stock messages are cleared when the total changes, and only then', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    store.dispatch(boughtNow({ product: honey, qty: 1 }));
    const problem = { product_id: socks._id, message: 'Wool socks out of stock!' };
    store.dispatch(stockProblemsShown({ kind: 'cart', problems: [problem] }));
    store.dispatch(
      stockProblemsShown({ kind: 'buyNow', problems: [{ ...problem, product_id: honey._id }] }),
    );
    expect(store.getState().cart.cartStockMessages).toEqual({
      [socks._id]: 'Wool socks out of stock!',
    });
    store.dispatch(cartQuantitySet({ productId: socks._id, qty: 9 }));
    expect(store.getState().cart.cartStockMessages).toEqual({
      [socks._id]: 'Wool socks out of stock!',
    });
    store.dispatch(cartOneRemoved(socks._id));
    expect(store.getState().cart.cartStockMessages).toEqual({});
    expect(store.getState().cart.buyNowStockMessages).toEqual({
      [honey._id]: 'Wool socks out of stock!',
    });
    store.dispatch(buyNowQuantitySet({ productId: honey._id, qty: 2 }));
    expect(store.getState().cart.buyNowStockMessages).toEqual({});
  });
});

describe('the buy-now cart', () => {
  it('CART-18 CART-20 CART-22 holds one item with its own totals and leaves the cart alone', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    store.dispatch(boughtNow({ product: honey, qty: 1 }));
    store.dispatch(boughtNow({ product: socks, qty: 2 }));
    expect(store.getState().cart).toMatchObject({
      cartItems: [{ product: honey, qty: 1 }],
      total: 99.9,
      grandTotal: 99.9,
      buyNowCartItems: [{ product: socks, qty: 2 }],
      buyNowTotal: 400,
      buyNowDiscount: 40,
      buyNowGrandTotal: 360,
      buyNowCartMessage: 'Wool socks added successfully!',
      isBuyNowCartError: false,
      cartMessage: 'Forest honey added successfully!',
    });
    store.dispatch(buyNowOneRemoved(socks._id));
    expect(store.getState().cart).toMatchObject({ buyNowTotal: 200, total: 99.9 });
    store.dispatch(buyNowCleared());
    expect(store.getState().cart).toMatchObject({
      buyNowCartItems: [],
      buyNowTotal: 0,
      buyNowGrandTotal: 0,
      cartItems: [{ product: honey, qty: 1 }],
    });
  });

  it('CART-19 a refused buy-now keeps the held item and sets the buy-now error', () => {
    const store = createStore();
    store.dispatch(boughtNow({ product: honey, qty: 1 }));
    store.dispatch(boughtNow({ product: cartProduct({ stock: 1 }), qty: 2 }));
    expect(store.getState().cart).toMatchObject({
      buyNowCartItems: [{ product: honey, qty: 1 }],
      buyNowCartMessage: 'Wool socks out of stock!',
      isBuyNowCartError: true,
      isCartError: false,
    });
  });
});

describe('the carts in local storage', () => {
  it('CART-26 both carts are kept under cart and buy_now and survive a reload', () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: socks, qty: 2 }));
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    store.dispatch(boughtNow({ product: honey, qty: 3 }));
    expect(stored(storageKeys.cart)).toEqual(store.getState().cart.cartItems);
    expect(stored(storageKeys.buyNow)).toEqual([{ product: honey, qty: 3 }]);
    expect(createStore().getState().cart).toMatchObject({
      cartItems: [
        { product: honey, qty: 1 },
        { product: socks, qty: 2 },
      ],
      total: 499.9,
      grandTotal: 459.9,
      buyNowCartItems: [{ product: honey, qty: 3 }],
      buyNowTotal: 299.7,
    });
  });

  it('CART-26 a damaged stored cart or buy-now cart starts empty', () => {
    localStorage.setItem(storageKeys.cart, '[{"product":{"_id":"x"},"qty":2}]');
    localStorage.setItem(
      storageKeys.buyNow,
      JSON.stringify([
        { product: socks, qty: 1 },
        { product: honey, qty: 1 },
      ]),
    );
    expect(createStore().getState().cart).toMatchObject({
      cartItems: [],
      buyNowCartItems: [],
      total: 0,
      buyNowTotal: 0,
    });
    localStorage.setItem(storageKeys.cart, '{not json');
    expect(createStore().getState().cart.cartItems).toEqual([]);
  });
});
