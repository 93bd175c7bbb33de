import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, ProductDetail } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { browserWindow } from '../../lib/browser-window.js';
import { shopDetailsKnown } from '../../lib/shop-details.js';
import { answer, callsTo, type FetchAnswers, type FetchCall } from '../../test/fetch-stub.js';
import { settle } from '../../test/settle.js';
import { servedShop, shopDetailsAnswer, withVipps } from '../../test/shop-details-answer.js';
import { CartPage } from '../cart/cart-page.js';
import { couponApplied } from '../cart/cart-sync.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import ProductPage from '../catalog/product-detail/product-page.js';
import {
  buyNowLine,
  cartLines,
  shopStore,
  stubOrderApi,
  vippsPayment,
} from './checkout-test-kit.js';
import { takeVippsCheckout } from './vipps-checkout.js';

const sweater: ProductDetail = {
  _id: '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a01',
  name: 'Wool Sweater',
  slug: 'wool-sweater',
  heroImage: '/products/wool-sweater.webp',
  price: 1000,
  sellingPrice: 800,
  discount: 20,
  stock: 10,
  orderLimit: 3,
  category: { _id: 'a3c9d7e2-1b4f-4c8a-9e6d-2f7b1c0e5d11', name: 'Garments', slug: 'garments' },
  gallery: [],
  options: [{ name: 'Color', values: ['Blue', 'Red'] }],
  variants: { Color: 'Blue' },
  information: [],
  description: '',
  related: [],
};

/** The sweater as a cart line holds it. */
const sweaterProduct: CartLine['product'] = {
  _id: sweater._id,
  name: 'Wool Sweater',
  slug: 'wool-sweater',
  stock: 10,
  orderLimit: 3,
  heroImage: '/products/wool-sweater.webp',
  price: 1000,
  discount: 20,
  sellingPrice: 800,
  variants: { Color: 'Blue' },
};

const welcome10 = {
  code: 'WELCOME10',
  type: 'percent',
  value: 10,
  minOrder: 0,
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2027-01-01T00:00:00.000Z',
};

const buyWithVipps = 'Buy with Vipps';
/** The button once the shop's answer is in: a file's first answer waits for the schemas to load. */
const vippsButton = (name = buyWithVipps) =>
  screen.findByRole('button', { name }, { timeout: 5000 });
const express = (calls: FetchCall[]) => callsTo(calls, 'POST', '/api/orders/vipps-express');

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** The calls of a shop with Vipps, whose Express payment opens; `answers` replaces any. */
function stubExpress(answers: FetchAnswers = {}) {
  return stubOrderApi({
    ...shopDetailsAnswer(withVipps),
    'GET /api/products/wool-sweater/slug': sweater,
    'GET /api/promo/WELCOME10': welcome10,
    'POST /api/orders/vipps-express': vippsPayment(),
    ...answers,
  });
}

function renderProduct(store = shopStore(), i18n?: Awaited<ReturnType<typeof loadLanguage>>) {
  return renderWithShop(<ProductPage />, {
    path: '/product/:slug',
    url: '/product/wool-sweater',
    store,
    i18n,
  });
}

/** The page once the product and the shop's answer are in, so an absent button stays absent. */
async function shownProduct(calls: FetchCall[]) {
  await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' });
  await waitFor(() => expect(callsTo(calls, 'GET', '/api/shop')).toHaveLength(1));
  await settle();
}

describe('issue 32.4: Buy with Vipps on the product page', () => {
  it('issue 32.4: is offered for an item in stock in a shop with Vipps, in Vipps’ orange', async () => {
    stubExpress();
    renderProduct();
    const button = await vippsButton();
    expect(button.className).toContain('btn-vipps');
    expect(button.querySelector('img[src="/payment/vipps.svg"]')?.getAttribute('alt')).toBe('');
  });

  it('issue 32.4: is not offered in a shop without Vipps', async () => {
    const calls = stubExpress(shopDetailsAnswer());
    renderProduct();
    await shownProduct(calls);
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: buyWithVipps })).toBeNull();
  });

  it('issue 32.4: is not offered for a sold-out item, whose Buy Now is disabled too', async () => {
    stubExpress({ 'GET /api/products/wool-sweater/slug': { ...sweater, stock: 0 } });
    // The shop's answer already in, as in a page the server wrote it into.
    const store = shopStore();
    store.dispatch(shopDetailsKnown({ ...servedShop, ...withVipps }));
    renderProduct(store);
    await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' });
    expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: buyWithVipps })).toBeNull();
  });

  it('issue 32.4: pays the chosen item in the chosen quantity as a quick buy and goes to Vipps', async () => {
    const calls = stubExpress();
    const { store } = renderProduct();
    const button = await vippsButton();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(button);

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(vippsPayment().redirectUrl);
    const [call] = express(calls);
    expect(call?.authorization).toBe('Bearer access-1');
    // The item alone: not the cart's lines, nor the buy-now item bought before.
    expect(call?.body).toEqual({
      order: {
        cart: {
          cartItems: [{ product: sweaterProduct, qty: 2 }],
          quickBuy: true,
          currencyCode: 'NOK',
        },
      },
    });
    // What the return page places the order with; the shopper picks the address in Vipps.
    expect(takeVippsCheckout()).toEqual({
      express: true,
      paymentId: 'vipps-1',
      kind: 'buyNow',
      lines: [{ product: sweaterProduct, qty: 2 }],
      couponCode: '',
    });
    // It is the buy-now item now, as after Buy Now: there to go back to if Vipps is left.
    expect(store.getState().cart.buyNowCartItems).toEqual([{ product: sweaterProduct, qty: 2 }]);
    expect(store.getState().cart.cartItems).toEqual(cartLines);
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText('Taking you to Vipps…').getAttribute('role')).toBe('status');
  });

  it.each([
    [409, 'Wool Sweater out of stock!'],
    [400, 'Vipps Express cannot ship to this cart.'],
    [503, 'Vipps MobilePay is not available right now. Please try again later.'],
  ])(
    'issue 32.4: a refusal (%i) is shown beside the button in the server’s words',
    async (status, message) => {
      stubExpress({ 'POST /api/orders/vipps-express': answer(status, { message }) });
      const { store } = renderProduct();
      fireEvent.click(await vippsButton());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(assign).not.toHaveBeenCalled();
      expect(takeVippsCheckout()).toBeUndefined();
      expect(store.getState().cart.buyNowCartItems).toEqual([buyNowLine]);
      expect(screen.getByRole('button', { name: buyWithVipps })).toHaveProperty('disabled', false);
    },
  );

  it('issue 32.4: a visitor goes to /login first, as the checkout sends them, and nothing is paid', async () => {
    const calls = stubExpress();
    const { location } = renderProduct(createStore());
    fireEvent.click(await vippsButton());
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(express(calls)).toHaveLength(0);
  });

  it('issue 32.4: says Kjøp med Vipps on a Norwegian page', async () => {
    stubExpress();
    renderProduct(shopStore(), await loadLanguage('nb'));
    fireEvent.click(await vippsButton('Kjøp med Vipps'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Sender deg til Vipps …').getAttribute('role')).toBe('status');
  });
});

describe('issue 32.4: Buy with Vipps on the cart', () => {
  function renderCart(store = shopStore()) {
    return renderWithShop(<CartPage kind="cart" />, { path: '/cart', url: '/cart', store });
  }

  it('issue 32.4: pays the cart’s lines with its applied coupon and goes to Vipps', async () => {
    const calls = stubExpress();
    const store = shopStore();
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    renderCart(store);
    fireEvent.click(await vippsButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(vippsPayment().redirectUrl));
    expect(express(calls)[0]?.body).toEqual({
      order: { cart: { cartItems: cartLines, quickBuy: false, currencyCode: 'NOK' } },
      couponCode: 'WELCOME10',
    });
    expect(takeVippsCheckout()).toEqual({
      express: true,
      paymentId: 'vipps-1',
      kind: 'cart',
      lines: cartLines,
      couponCode: 'WELCOME10',
    });
  });

  it('issue 32.4: is not offered in a shop without Vipps, nor while a line cannot be bought', async () => {
    const calls = stubExpress(shopDetailsAnswer());
    const { unmount } = renderCart();
    await screen.findByRole('button', { name: 'Checkout' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/shop')).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('button', { name: buyWithVipps })).toBeNull();
    unmount();

    stubExpress({
      'POST /api/orders/cart': (call: FetchCall) => ({
        cartItems: (call.body as { cartItems: CartLine[] }).cartItems.map((line) => ({
          ...line,
          product: { ...line.product, stock: 0 },
        })),
        total: 0,
        discount: 0,
        grandTotal: 0,
      }),
    });
    renderCart();
    await screen.findAllByText('Wool socks out of stock!');
    await settle();
    expect(screen.queryByRole('button', { name: buyWithVipps })).toBeNull();
  });

  it('issue 32.4: the buy-now cart pays its item as a quick buy', async () => {
    const calls = stubExpress();
    renderWithShop(<CartPage kind="buyNow" />, {
      path: '/cart/buy-now',
      url: '/cart/buy-now',
      store: shopStore(),
    });
    fireEvent.click(await vippsButton());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(express(calls)[0]?.body).toMatchObject({
      order: { cart: { cartItems: [buyNowLine], quickBuy: true } },
    });
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
