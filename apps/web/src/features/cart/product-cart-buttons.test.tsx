import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, CartResponse, ProductDetail } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { stubFetch, type FetchCall } from '../../test/fetch-stub.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import ProductPage from '../catalog/product-detail/product-page.js';
import { selectCurrency } from '../currency/currency-slice.js';
import { addedToCart } from './cart-slice.js';
import { honey } from './cart-test-kit.js';

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
const sweaterLine = {
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

const priced =
  (key: 'cartItems' | 'buyNowCartItems') =>
  (call: FetchCall): CartResponse => ({
    cartItems: (call.body as Record<string, CartLine[]>)[key] ?? [],
    total: 1,
    discount: 0,
    grandTotal: 1,
  });

let calls: FetchCall[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  calls = stubFetch({
    'GET /api/products/wool-sweater/slug': sweater,
    'POST /api/orders/cart': priced('cartItems'),
    'POST /api/orders/cart/buy-now': priced('buyNowCartItems'),
  });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cartCalls = () => calls.filter((call) => call.path.startsWith('/api/orders/cart'));

async function openSweater(store = createStore()) {
  const rendered = renderWithShop(<ProductPage />, {
    path: '/product/:slug',
    url: '/product/wool-sweater',
    store,
  });
  await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' });
  return rendered;
}

describe('product page cart buttons', () => {
  it('CURPROD-17 Add to cart adds the original product, unconverted, with the chosen quantity', async () => {
    const store = createStore();
    act(() => {
      store.dispatch(
        selectCurrency.fulfilled({ value: 0.0875, code: 'EUR', countryCode: 'DEU' }, 'rate', {
          currencyCode: 'EUR',
          countryCode: 'DEU',
        }),
      );
    });
    await openSweater(store);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.cartItems).toEqual([{ product: sweaterLine, qty: 2 }]);
  });

  it('CURPROD-18 CURPROD-19 CONST-13 shows the added banner, cleared after 2 s', async () => {
    await openSweater();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Product Added Successfully !!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByText('Product Added Successfully !!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Product Added Successfully !!')).toBeNull();
  });

  it('CURPROD-20 CONST-14 the server cart refresh runs 1 s after the add', async () => {
    const { store } = await openSweater();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(cartCalls()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(cartCalls().map((call) => call.path)).toEqual(['/api/orders/cart']);
    expect(cartCalls()[0]?.body).toMatchObject({ cartItems: [{ product: sweaterLine, qty: 1 }] });
    expect(store.getState().cart.cartFetchStatus).toBe('succeeded');
  });

  it('ERR-18 an add over the order limit shows the cart message in red, not the banner', async () => {
    const { store } = await openSweater();
    store.dispatch(addedToCart({ product: sweaterLine, qty: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Order Limit Reached for Wool Sweater!');
    expect(alert.className).toContain('text-danger');
    expect(screen.queryByText('Product Added Successfully !!')).toBeNull();
    expect(store.getState().cart.cartItems).toEqual([{ product: sweaterLine, qty: 3 }]);
  });

  it('CURPROD-21 CURPROD-22 CURPROD-23 CURPROD-24 CART-22 Buy Now replaces the buy-now cart, refreshes it 1 s later and opens /cart/buy-now', async () => {
    const store = createStore();
    store.dispatch(addedToCart({ product: honey, qty: 1 }));
    const { location } = await openSweater(store);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));

    expect(location().pathname).toBe('/cart/buy-now');
    expect(store.getState().cart.buyNowCartItems).toEqual([{ product: sweaterLine, qty: 2 }]);
    expect(store.getState().cart.cartItems).toEqual([{ product: honey, qty: 1 }]);
    expect(cartCalls()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1100);
    });
    expect(cartCalls().map((call) => call.path)).toEqual(['/api/orders/cart/buy-now']);
    expect(store.getState().cart.buyNowFetchStatus).toBe('succeeded');
  });
});
