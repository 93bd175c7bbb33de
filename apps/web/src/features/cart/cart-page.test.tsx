import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount, type CartLine, type CartResponse, type Promo } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { answer, stubFetch, type FetchCall } from '../../test/fetch-stub.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { selectCurrency } from '../currency/currency-slice.js';
import ShoppingCartPage, { BuyNowCartPage } from './cart-page.js';
import { addedToCart, boughtNow, cartQuantitySet } from './cart-slice.js';
import { couponApplied } from './cart-sync.js';
import { cartProduct, honey, socks } from './cart-test-kit.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const redShirt = cartProduct({
  _id: '0b7c6a52-5b0e-4d7a-9a55-2f1f6f1b0003',
  name: 'Cotton shirt',
  slug: 'cotton-shirt',
  heroImage: '/shirt.jpg',
  variants: { Color: 'Red', Size: 'M' },
  price: 300,
  discount: 0,
  sellingPrice: 300,
});
const nok = (value: number) => formatAmount(value, 1, 'NOK');

/** Answers the cart calls like the server: the lines sent, priced from "the database". */
function echoPricing(key: 'cartItems' | 'buyNowCartItems', discountOff = 0) {
  return (call: FetchCall): CartResponse => {
    const lines = (call.body as Record<string, CartLine[]>)[key] ?? [];
    const total = lines.reduce((sum, line) => sum + line.product.price * line.qty, 0);
    const selling = lines.reduce((sum, line) => sum + line.product.sellingPrice * line.qty, 0);
    return {
      cartItems: lines,
      total,
      discount: total - selling + discountOff,
      grandTotal: selling - discountOff,
    };
  };
}

/** The calls about the cart, without the shop's details the Vipps button asks for (issue 32.4). */
const cartCalls = (calls: FetchCall[]) => calls.filter((call) => call.path !== '/api/shop');

function stubShop(extra: Record<string, unknown> = {}) {
  return stubFetch({
    'POST /api/orders/cart': echoPricing('cartItems'),
    'POST /api/orders/cart/buy-now': echoPricing('buyNowCartItems'),
    ...extra,
  });
}

function renderCart(
  kind: 'cart' | 'buyNow',
  store = createStore(),
  i18n?: Awaited<ReturnType<typeof loadLanguage>>,
) {
  const url = kind === 'cart' ? '/cart' : '/cart/buy-now';
  const page = kind === 'cart' ? <ShoppingCartPage /> : <BuyNowCartPage />;
  return renderWithShop(page, { path: url, url, store, i18n });
}

const line = (name: string) =>
  within(screen.getByRole('list', { name: 'Cart items' })).getByRole('listitem', { name });
const summaryValue = (label: string) =>
  within(screen.getByRole('region', { name: 'Billing summary' })).getByRole('definition', {
    name: label,
  });

function storeWith(lines: CartLine[], buyNow?: CartLine) {
  const store = createStore();
  for (const { product, qty } of [...lines].reverse())
    store.dispatch(addedToCart({ product, qty }));
  if (buyNow) store.dispatch(boughtNow(buyNow));
  return store;
}

describe('cart page', () => {
  it('CARTPG-01 CARTPG-02 CARTPG-05 shows each line with image, linked name, variant text, unit cost and sub-total', async () => {
    stubShop();
    renderCart(
      'cart',
      storeWith([
        { product: redShirt, qty: 2 },
        { product: honey, qty: 1 },
      ]),
    );

    const shirt = line('Cotton shirt');
    expect(within(shirt).getByRole('img', { name: 'Cotton shirt' }).getAttribute('src')).toBe(
      '/uploads/shirt.jpg',
    );
    expect(within(shirt).getByRole('link', { name: 'Cotton shirt' }).getAttribute('href')).toBe(
      '/product/cotton-shirt',
    );
    expect(within(shirt).getByText('Color: Red, Size: M')).toBeTruthy();
    expect(within(shirt).getByRole('definition', { name: 'Unit cost' }).textContent).toBe(nok(300));
    expect(within(shirt).getByRole('definition', { name: 'Sub-total' }).textContent).toBe(nok(600));
    expect(
      within(shirt).getByRole('status', { name: 'Quantity of Cotton shirt' }).textContent,
    ).toBe('2');
    expect(line('Forest honey')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Shopping Cart' })).toBeTruthy(),
    );
  });

  it('CARTPG-07 CARTPG-08 CARTPG-09 CONST-17 CONST-22 CART-15 the billing summary shows the server totals with 2 decimals', async () => {
    const calls = stubFetch({
      'POST /api/orders/cart': {
        cartItems: [{ product: { ...socks, price: 250, sellingPrice: 225 }, qty: 2 }],
        total: 500,
        discount: 50,
        grandTotal: 450,
      },
    });
    const { store } = renderCart('cart', storeWith([{ product: socks, qty: 2 }]));

    await waitFor(() => expect(summaryValue('Total M.R.P').textContent).toBe(nok(500)));
    expect(cartCalls(calls)[0]?.path).toBe('/api/orders/cart');
    expect(summaryValue('Shipping cost').textContent).toBe('Will be calculated later');
    expect(summaryValue('Discount').textContent).toBe(nok(50));
    expect(summaryValue('GRAND-TOTAL').textContent).toBe(nok(450));
    expect(nok(450)).toMatch(/450[.,]00/);

    act(() => {
      store.dispatch(
        selectCurrency.fulfilled({ value: 0.0875, code: 'EUR', countryCode: 'DEU' }, 'rate', {
          currencyCode: 'EUR',
          countryCode: 'DEU',
        }),
      );
    });
    expect(summaryValue('GRAND-TOTAL').textContent).toBe(formatAmount(450, 0.0875, 'EUR'));
  });

  it('speaks bokmål on a Norwegian page, with amounts as kroner (issue 31.1, 31.4)', async () => {
    stubFetch({
      'POST /api/orders/cart': {
        cartItems: [{ product: { ...socks, price: 1250, sellingPrice: 1234.5 }, qty: 1 }],
        total: 1250,
        discount: 15.5,
        grandTotal: 1234.5,
      },
    });
    renderCart('cart', storeWith([{ product: socks, qty: 1 }]), await loadLanguage('nb'));

    expect(screen.getByRole('heading', { name: 'Handlekurv' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Oppsummering' });
    const value = (label: string) => within(summary).getByRole('definition', { name: label });
    await waitFor(() => expect(value('Totalt').textContent).toBe('1\u00a0234,50\u00a0kr'));
    expect(value('Frakt').textContent).toBe('Beregnes senere');
    expect(value('Rabatt').textContent).toBe('15,50\u00a0kr');
    const socksLine = within(screen.getByRole('list', { name: 'Varer i handlekurven' })).getByRole(
      'listitem',
      { name: 'Wool socks' },
    );
    expect(within(socksLine).getByRole('button', { name: 'Fjern Wool socks' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Til kassen' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Rabattkode' })).toBeTruthy();
  });

  it('CARTPG-03 CARTPG-04 remove drops the line; minus and plus change the quantity', async () => {
    stubShop();
    const { store } = renderCart(
      'cart',
      storeWith([
        { product: socks, qty: 2 },
        { product: honey, qty: 1 },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add one Wool socks' }));
    expect(store.getState().cart.cartItems[0]?.qty).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Wool socks' }));
    expect(store.getState().cart.cartItems[0]?.qty).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Forest honey' }));
    expect(screen.queryByRole('listitem', { name: 'Forest honey' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Wool socks' }));
    expect(store.getState().cart.cartItems).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Your cart is empty' })).toBeTruthy(),
    );
  });

  it('ERR-18 a cart message about no line in the cart shows on top in red', () => {
    stubShop();
    const store = storeWith([{ product: socks, qty: 1 }]);
    store.dispatch(addedToCart({ product: honey, qty: 11 }));
    renderCart('cart', store);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Order Limit Reached for Forest honey!');
    expect(alert.className).toContain('text-danger');
    expect(within(line('Wool socks')).queryByRole('alert')).toBeNull();
  });

  it('ERR-18 CART-08 a refused quantity shows under its line, not on top (issue 10.10)', () => {
    stubShop();
    const store = storeWith([
      { product: socks, qty: 1 },
      { product: honey, qty: 1 },
    ]);
    renderCart('cart', store);
    act(() => {
      store.dispatch(cartQuantitySet({ productId: honey._id, qty: 40 }));
    });
    const message = within(line('Forest honey')).getByRole('alert');
    expect(message.textContent).toBe('out of stock!');
    expect(message.className).toContain('text-danger');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('plus is disabled at the order limit or the stock, with the reason as its title (issue 10.10)', () => {
    stubShop();
    const scarce = cartProduct({
      _id: '0b7c6a52-5b0e-4d7a-9a55-2f1f6f1b0004',
      name: 'Silk scarf',
      stock: 2,
      orderLimit: 5,
    });
    renderCart(
      'cart',
      storeWith([
        { product: socks, qty: 5 },
        { product: scarce, qty: 2 },
      ]),
    );
    const atOrderLimit = screen.getByRole('button', { name: 'Add one Wool socks' });
    expect(atOrderLimit).toHaveProperty('disabled', true);
    expect(atOrderLimit.title).toBe('Order limit reached');
    const atStock = screen.getByRole('button', { name: 'Add one Silk scarf' });
    expect(atStock).toHaveProperty('disabled', true);
    expect(atStock.title).toBe('Stock limit reached');
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Wool socks' }));
    const below = screen.getByRole('button', { name: 'Add one Wool socks' });
    expect(below).toHaveProperty('disabled', false);
    expect(below.title).toBe('');
  });

  it('ERR-13 a line asking more than the stock the server now reports says so under it (issue 10.10)', async () => {
    stubFetch({
      'POST /api/orders/cart': (call: FetchCall): CartResponse => {
        const lines = (call.body as { cartItems: CartLine[] }).cartItems;
        const priced = lines.map((entry) => ({
          ...entry,
          product: { ...entry.product, stock: 1 },
        }));
        return { cartItems: priced, total: 600, discount: 60, grandTotal: 540 };
      },
    });
    renderCart('cart', storeWith([{ product: socks, qty: 3 }]));
    const message = await within(line('Wool socks')).findByRole('alert');
    expect(message.textContent).toBe('Wool socks out of stock!');
    expect(screen.getByRole('button', { name: 'Add one Wool socks' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('CARTPG-06 CARTPG-10 CARTPG-11 ERR-32 clear cart empties it and shows the empty state with continue shopping', () => {
    stubShop();
    const { store } = renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    fireEvent.click(screen.getByRole('button', { name: 'clear cart' }));
    expect(store.getState().cart.cartItems).toEqual([]);
    const empty = screen.getByRole('region', { name: 'Your cart is empty' });
    expect(
      within(empty).getByRole('link', { name: 'continue shopping' }).getAttribute('href'),
    ).toBe('/');
    expect(screen.queryByRole('region', { name: 'Billing summary' })).toBeNull();
  });

  it('CARTPG-11 the continue shopping link is there next to a full cart too', () => {
    stubShop();
    renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    expect(screen.getByRole('link', { name: 'continue shopping' }).getAttribute('href')).toBe('/');
  });

  it('CARTPG-12 CARTPG-13 CART-22 ERR-19 the buy-now page shows its one item and its controls leave the cart alone', async () => {
    const calls = stubShop();
    const store = storeWith([{ product: honey, qty: 1 }], { product: socks, qty: 5 });
    renderCart('buyNow', store);

    expect(screen.getByRole('heading', { name: 'Buy Now' })).toBeTruthy();
    expect(line('Wool socks')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Forest honey' })).toBeNull();
    await waitFor(() => expect(cartCalls(calls)[0]?.path).toBe('/api/orders/cart/buy-now'));

    fireEvent.click(screen.getByRole('button', { name: 'Add one Wool socks' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('out of stock!');
    expect(alert.className).toContain('text-danger');
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Wool socks' }));
    expect(store.getState().cart.buyNowCartItems).toEqual([{ product: socks, qty: 4 }]);
    fireEvent.click(screen.getByRole('button', { name: 'clear cart' }));
    expect(store.getState().cart.buyNowCartItems).toEqual([]);
    expect(store.getState().cart.cartItems).toEqual([{ product: honey, qty: 1 }]);
    expect(screen.getByRole('region', { name: 'Your cart is empty' })).toBeTruthy();
  });

  it('CARTPG-13 the buy-now remove link empties the buy-now cart only', () => {
    stubShop();
    const store = storeWith([{ product: honey, qty: 1 }], { product: socks, qty: 1 });
    renderCart('buyNow', store);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Wool socks' }));
    expect(store.getState().cart.buyNowCartItems).toEqual([]);
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });

  it('CARTPG-14 CART-23 checkout with no stock problem goes to /shipping', async () => {
    const calls = stubShop({ 'POST /api/orders/check-stock': { responseArray: [] } });
    const { location } = renderCart('cart', storeWith([{ product: socks, qty: 2 }]));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(location().pathname).toBe('/shipping'));
    const check = calls.find((call) => call.path === '/api/orders/check-stock');
    expect(check?.body).toEqual({ orderItems: [{ product: socks, qty: 2 }] });
  });

  it('CARTPG-14 CART-23 checkout from the buy-now page checks the buy-now item and goes to /shipping/buy-now', async () => {
    const calls = stubShop({ 'POST /api/orders/check-stock': { responseArray: [] } });
    const store = storeWith([{ product: honey, qty: 1 }], { product: socks, qty: 1 });
    const { location } = renderCart('buyNow', store);
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(location().pathname).toBe('/shipping/buy-now'));
    const check = calls.find((call) => call.path === '/api/orders/check-stock');
    expect(check?.body).toEqual({ orderItems: [{ product: socks, qty: 1 }] });
  });

  it('CART-24 ERR-15 stock problems show under their line and the cart stays', async () => {
    stubShop({
      'POST /api/orders/check-stock': {
        responseArray: [{ product_id: honey._id, message: 'Forest honey out of stock!' }],
      },
    });
    const { location } = renderCart(
      'cart',
      storeWith([
        { product: socks, qty: 1 },
        { product: honey, qty: 1 },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const message = await within(line('Forest honey')).findByRole('alert');
    expect(message.textContent).toBe('Forest honey out of stock!');
    expect(within(line('Wool socks')).queryByRole('alert')).toBeNull();
    expect(location().pathname).toBe('/cart');
  });

  it('reads a stock problem kept in English in bokmål on a Norwegian page (issue 31.1)', async () => {
    stubShop({
      'POST /api/orders/check-stock': {
        responseArray: [{ product_id: honey._id, message: 'Forest honey out of stock!' }],
      },
    });
    renderCart('cart', storeWith([{ product: honey, qty: 1 }]), await loadLanguage('nb'));
    fireEvent.click(screen.getByRole('button', { name: 'Til kassen' }));
    const honeyLine = within(screen.getByRole('list', { name: 'Varer i handlekurven' })).getByRole(
      'listitem',
      { name: 'Forest honey' },
    );
    const message = await within(honeyLine).findByRole('alert');
    expect(message.textContent).toBe('Forest honey er utsolgt');
  });

  it('ERR-16 a failed check-stock call is only logged', async () => {
    stubShop({ 'POST /api/orders/check-stock': answer(400, { message: 'Bad cart' }) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { location } = renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Stock check failed:', 'Bad cart'));
    expect(location().pathname).toBe('/cart');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('CART-25 the coupon field applies a valid code and shows the server discount', async () => {
    const promo: Promo = {
      code: 'WELCOME10',
      type: 'percent',
      value: 10,
      minOrder: 0,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
    };
    const calls = stubShop({ 'GET /api/promo/WELCOME10': promo });
    renderCart('cart', storeWith([{ product: socks, qty: 2 }]));
    await waitFor(() => expect(cartCalls(calls)).toHaveLength(1));
    stubShop({
      'GET /api/promo/WELCOME10': promo,
      'POST /api/orders/cart': echoPricing('cartItems', 36),
    });

    fireEvent.input(screen.getByRole('textbox', { name: 'Coupon code' }), {
      target: { value: 'WELCOME10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(await screen.findByText('Coupon WELCOME10 applied')).toBeTruthy();
    expect(summaryValue('Discount').textContent).toBe(nok(76));
    expect(summaryValue('GRAND-TOTAL').textContent).toBe(nok(324));
  });

  it('CART-25 an unknown coupon shows the server message', async () => {
    stubShop({ 'GET /api/promo/NOPE': answer(404, { message: 'Coupon not found' }) });
    renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    fireEvent.input(screen.getByRole('textbox', { name: 'Coupon code' }), {
      target: { value: 'NOPE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const form = screen.getByRole('form', { name: 'Coupon code' });
    expect((await within(form).findByRole('alert')).textContent).toBe('Coupon not found');
  });

  it('CART-25 CART-22 the buy-now page does not show the outcome of a code typed on the cart', async () => {
    stubShop({ 'GET /api/promo/NOPE': answer(404, { message: 'Coupon not found' }) });
    const store = storeWith([{ product: honey, qty: 1 }], { product: socks, qty: 1 });
    await store.dispatch(couponApplied({ kind: 'cart', code: 'NOPE' }));
    renderCart('buyNow', store);
    const form = screen.getByRole('form', { name: 'Coupon code' });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('the billing summary offers to remove the applied coupon, and the cart is priced without it (issue 29.6)', async () => {
    const promo: Promo = {
      code: 'WELCOME10',
      type: 'percent',
      value: 10,
      minOrder: 0,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
    };
    const calls = stubShop({
      'GET /api/promo/WELCOME10': promo,
      'POST /api/orders/cart': (call: FetchCall) =>
        echoPricing('cartItems', (call.body as { couponCode?: string }).couponCode ? 36 : 0)(call),
    });
    const store = storeWith([{ product: socks, qty: 2 }]);
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    renderCart('cart', store);
    await waitFor(() => expect(summaryValue('GRAND-TOTAL').textContent).toBe(nok(324)));
    const summary = screen.getByRole('region', { name: 'Billing summary' });
    expect(within(summary).getByText('Coupon WELCOME10')).toBeTruthy();

    fireEvent.click(within(summary).getByRole('button', { name: 'Remove coupon WELCOME10' }));
    await waitFor(() => expect(summaryValue('GRAND-TOTAL').textContent).toBe(nok(360)));
    expect(within(summary).queryByText('Coupon WELCOME10')).toBeNull();
    expect(store.getState().cart.coupon).toEqual({ code: '', price: 0 });
    const last = calls.filter((call) => call.path === '/api/orders/cart').at(-1);
    expect(last?.body).not.toHaveProperty('couponCode');
    expect(screen.queryByText('Coupon WELCOME10 applied')).toBeNull();
  });

  it('a coupon refused when the cart is priced again shows why at the coupon field, beside its remove control (issue 29.6)', async () => {
    const used = 'You have already used coupon WELCOME10';
    let usedMeanwhile = false;
    stubShop({
      'GET /api/promo/WELCOME10': {
        code: 'WELCOME10',
        type: 'percent',
        value: 10,
        minOrder: 0,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-01-01T00:00:00.000Z',
      },
      'POST /api/orders/cart': (call: FetchCall) => {
        if (!(call.body as { couponCode?: string }).couponCode)
          return echoPricing('cartItems')(call);
        return usedMeanwhile
          ? answer(400, { message: used, field: 'couponCode' })
          : echoPricing('cartItems', 36)(call);
      },
    });
    const store = storeWith([{ product: socks, qty: 2 }]);
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    // Another tab placed an order with the coupon before the shopper came back to the cart.
    usedMeanwhile = true;
    renderCart('cart', store);
    const form = screen.getByRole('form', { name: 'Coupon code' });
    expect((await within(form).findByRole('alert')).textContent).toBe(used);
    const summary = screen.getByRole('region', { name: 'Billing summary' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Remove coupon WELCOME10' }));
    await waitFor(() => expect(summaryValue('GRAND-TOTAL').textContent).toBe(nok(360)));
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it("the coupon's minimum order is shown in the shopper's currency (issue 29.12)", async () => {
    stubShop({
      'GET /api/promo/WELCOME10': {
        code: 'WELCOME10',
        type: 'percent',
        value: 10,
        minOrder: 300,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-01-01T00:00:00.000Z',
      },
    });
    const { store } = renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    act(() => {
      store.dispatch(
        selectCurrency.fulfilled({ value: 0.98469, code: 'SEK', countryCode: 'SWE' }, 'rate', {
          currencyCode: 'SEK',
          countryCode: 'SWE',
        }),
      );
    });
    fireEvent.input(screen.getByRole('textbox', { name: 'Coupon code' }), {
      target: { value: 'WELCOME10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const form = screen.getByRole('form', { name: 'Coupon code' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      `Coupon WELCOME10 applies to orders of ${formatAmount(300, 0.98469, 'SEK')} or more`,
    );
    expect(within(form).getByRole('alert').textContent).not.toMatch(/\bkr\b/);
  });

  it('CARTPG-05 CARTPG-08 in another currency a line is its shown unit price times the quantity, and the totals add up the lines (issue 29.12)', async () => {
    const tea = cartProduct({
      _id: '0b7c6a52-5b0e-4d7a-9a55-2f1f6f1b0004',
      name: 'Green tea',
      slug: 'green-tea',
      price: 133.65,
      discount: 0,
      sellingPrice: 133.65,
    });
    stubShop();
    const { store } = renderCart('cart', storeWith([{ product: tea, qty: 2 }]));
    act(() => {
      store.dispatch(
        selectCurrency.fulfilled({ value: 0.98469, code: 'SEK', countryCode: 'SWE' }, 'rate', {
          currencyCode: 'SEK',
          countryCode: 'SWE',
        }),
      );
    });
    const amountOf = (label: string) =>
      within(line('Green tea')).getByRole('definition', { name: label }).textContent;
    await waitFor(() => expect(amountOf('Unit cost')).toBe(formatAmount(131.6, 1, 'SEK')));
    expect(amountOf('Sub-total')).toBe(formatAmount(263.2, 1, 'SEK'));
    expect(summaryValue('Total M.R.P').textContent).toBe(formatAmount(263.2, 1, 'SEK'));
    expect(summaryValue('GRAND-TOTAL').textContent).toBe(formatAmount(263.2, 1, 'SEK'));
  });

  it('CART-17 the page refreshes the cart when it opens and a failure marks the fetch as failed', async () => {
    const calls = stubFetch({ 'POST /api/orders/cart': answer(400, { message: 'Bad cart' }) });
    const { store } = renderCart('cart', storeWith([{ product: socks, qty: 1 }]));
    await waitFor(() => expect(store.getState().cart.cartFetchStatus).toBe('failed'));
    expect(cartCalls(calls).map((call) => call.path)).toEqual(['/api/orders/cart']);
    expect(line('Wool socks')).toBeTruthy();
  });
});
