import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAmount } from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo, type FetchCall } from '../../test/fetch-stub.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { sessionUser, signedInStore, tokenFailed } from '../accounts/accounts-test-kit.js';
import { selectCurrency } from '../currency/currency-slice.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import CheckoutPage, { BuyNowCheckoutPage } from './checkout-page.js';
import {
  blankDetails,
  buyNowLine,
  cardPayment,
  cartLines,
  osloAddress,
  placedOrder,
  shopStore,
  stubCheckoutApi,
  stubDibs,
  type WidgetInstance,
} from './checkout-test-kit.js';
import { writeSavedDetails } from './saved-details.js';

const billingAddress = { ...osloAddress, name: 'Ola Nordmann' };
const saved = { shippingDetails: osloAddress, billingAddress };

beforeEach(() => {
  delete window.Dibs;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Dibs;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

function renderCheckout(
  kind: 'cart' | 'buyNow' = 'cart',
  state: unknown = { shippingPrice: 99, storePickup: false },
  store = shopStore(),
  i18n?: Awaited<ReturnType<typeof loadLanguage>>,
) {
  const url = kind === 'cart' ? '/checkout' : '/checkout/buy-now';
  const page = kind === 'cart' ? <CheckoutPage /> : <BuyNowCheckoutPage />;
  return renderWithShop(page, { path: url, url, state, store, i18n });
}

async function mountedWidget(widgets: WidgetInstance[]) {
  await waitFor(() => expect(widgets).toHaveLength(1));
  const [widget] = widgets;
  if (!widget) throw new Error('No widget was mounted');
  return widget;
}

async function completePayment(widget: WidgetInstance, paymentId = 'pay-1') {
  await act(async () => {
    widget.handlers['payment-completed']?.({ paymentId });
    await Promise.resolve();
  });
}

const nok = (value: number) => formatAmount(value, 1, 'NOK');
const summaryValue = (label: string) =>
  within(screen.getByRole('region', { name: 'Billing summary' })).getByRole('definition', {
    name: label,
  }).textContent;

describe('the payment page: access', () => {
  it('ROLE-06 ROLE-07 a visitor or a guest is sent to /login', () => {
    writeSavedDetails(saved);
    stubCheckoutApi();
    const visitor = renderWithShop(<CheckoutPage />, {
      path: '/checkout',
      url: '/checkout',
      state: { shippingPrice: 99, storePickup: false },
    });
    expect(visitor.location().pathname).toBe('/login');
    visitor.unmount();
    const guest = renderCheckout(
      'cart',
      { shippingPrice: 99, storePickup: false },
      signedInStore(sessionUser({ provider: 'guest' })),
    );
    expect(guest.location().pathname).toBe('/login');
  });

  it('CHECKOUT-05 without saved details and no store pickup /checkout goes to /shipping', () => {
    const calls = stubCheckoutApi();
    const { location } = renderCheckout();
    expect(location().pathname).toBe('/shipping');
    expect(callsTo(calls, 'POST', '/api/orders/create-payment')).toHaveLength(0);
  });

  it('CHECKOUT-06 without saved details /checkout/buy-now goes to /shipping/buy-now', () => {
    stubCheckoutApi();
    const { location } = renderCheckout('buyNow');
    expect(location().pathname).toBe('/shipping/buy-now');
  });

  it('CHECKOUT-02 opened without the shipping step state it goes to the shipping step', () => {
    writeSavedDetails(saved);
    stubCheckoutApi();
    const { location } = renderCheckout('cart', null);
    expect(location().pathname).toBe('/shipping');
  });

  it('CHECKOUT-07 a store pickup opens without saved details', async () => {
    const widgets = stubDibs();
    const calls = stubCheckoutApi();
    const { location } = renderCheckout('cart', { shippingPrice: 0, storePickup: true });
    await mountedWidget(widgets);
    expect(location().pathname).toBe('/checkout');
    expect(callsTo(calls, 'POST', '/api/orders/create-payment')[0]?.body).toMatchObject({
      storePickup: true,
      order: { cart: { toCountryCode: '', toPostalCode: '' } },
    });
  });
});

describe('the payment session and the widget', () => {
  it('ORDER-16 CHECKOUT-01 creates a payment for the cart with the shipping country, NOK by default', async () => {
    writeSavedDetails(saved);
    stubDibs();
    const calls = stubCheckoutApi();
    renderCheckout();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders/create-payment')).toHaveLength(1),
    );
    const call = callsTo(calls, 'POST', '/api/orders/create-payment')[0];
    expect(call?.authorization).toBe('Bearer access-1');
    expect(call?.body).toEqual({
      storePickup: false,
      order: {
        cart: {
          cartItems: cartLines,
          quickBuy: false,
          toCountryCode: 'NOR',
          toPostalCode: '0155',
          currencyCode: 'NOK',
        },
      },
    });
  });

  it('CHECKOUT-01 ORDER-16 the buy-now page pays for the buy-now item', async () => {
    writeSavedDetails(saved);
    stubDibs();
    const calls = stubCheckoutApi();
    renderCheckout('buyNow');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders/create-payment')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', '/api/orders/create-payment')[0]?.body).toMatchObject({
      order: { cart: { cartItems: [buyNowLine], quickBuy: true } },
    });
  });

  it('CHECKOUT-03 ORDER-17 adds the provider script once and mounts the widget with the paymentId', async () => {
    writeSavedDetails(saved);
    const session = cardPayment();
    stubCheckoutApi({ 'POST /api/orders/create-payment': session });
    renderCheckout();
    const scripts = () =>
      document.head.querySelectorAll(`script[src="${session.checkoutScriptUrl}"]`);
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Loading the payment window…');
    const widgets = stubDibs();
    act(() => {
      scripts()[0]?.dispatchEvent(new Event('load'));
    });
    const widget = await mountedWidget(widgets);
    expect(widget.options).toMatchObject({
      checkoutKey: 'test-checkout-key',
      paymentId: 'pay-1',
      containerId: 'payment-widget',
    });
    expect(document.getElementById('payment-widget')).toBeTruthy();
    expect(scripts()).toHaveLength(1);
    expect(screen.queryByText('Loading the payment window…')).toBeNull();
  });

  it('CHECKOUT-04 the billing summary shows the shipping price from the navigation state', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    stubCheckoutApi();
    renderCheckout();
    await mountedWidget(widgets);
    expect(summaryValue('Shipping cost')).toBe(nok(99));
    expect(summaryValue('GRAND-TOTAL')).toBe(nok(2 * 180 + 99.9 + 99));
  });

  it('CHECKOUT-04 beside the grand total it says plainly what the card is charged, in NOK (issue 10.2)', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    stubCheckoutApi({
      'POST /api/orders/create-payment': cardPayment({ amount: 188, currency: 'NOK' }),
    });
    const store = shopStore();
    store.dispatch(
      selectCurrency.fulfilled({ value: 0.947, code: 'SEK', countryCode: 'SWE' }, 'rate', {
        currencyCode: 'SEK',
        countryCode: 'SWE',
      }),
    );
    renderCheckout('cart', { shippingPrice: 99, storePickup: false }, store);
    await mountedWidget(widgets);
    const summary = screen.getByRole('region', { name: 'Billing summary' });
    expect(summaryValue('You pay')).toBe(nok(188));
    expect(nok(188)).toMatch(/^NOK\s188\.00$/);
    expect(
      within(summary).getByText(
        'Your card is charged in NOK. The SEK amounts above are for your information.',
      ),
    ).toBeTruthy();
  });

  it('CHECKOUT-04 paying in NOK needs no currency note (issue 10.2)', async () => {
    const widgets = stubDibs();
    stubCheckoutApi();
    renderCheckout('cart', { shippingPrice: 0, storePickup: true });
    await mountedWidget(widgets);
    const summary = screen.getByRole('region', { name: 'Billing summary' });
    expect(summaryValue('You pay')).toBe(nok(659.9));
    expect(within(summary).queryByText(/charged in/)).toBeNull();
  });

  it('CHECKOUT-04 a store pickup shows a shipping cost of 0', async () => {
    const widgets = stubDibs();
    stubCheckoutApi();
    renderCheckout('cart', { shippingPrice: 0, storePickup: true });
    await mountedWidget(widgets);
    expect(summaryValue('Shipping cost')).toBe(nok(0));
  });

  it('ERR-33 a missing paymentId is only logged', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCheckoutApi({ 'POST /api/orders/create-payment': cardPayment({ paymentId: '' }) });
    renderCheckout();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(widgets).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused payment session shows the server message and the way back to the cart (issue 29.6)', async () => {
    writeSavedDetails(saved);
    stubDibs();
    stubCheckoutApi({
      'POST /api/orders/create-payment': answer(409, { message: 'Wool socks out of stock!' }),
    });
    const { location } = renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Wool socks out of stock!')).toBeTruthy();
    // Only a refused coupon can be taken off; this refusal is about the stock.
    expect(within(alert).queryByRole('button', { name: 'Remove coupon and pay' })).toBeNull();
    fireEvent.click(within(alert).getByRole('link', { name: 'Back to cart' }));
    await waitFor(() => expect(location().pathname).toBe('/cart'));
  });

  it('a coupon refused when the payment opens can be taken off, and the payment opens without it (issue 29.6)', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    const used = 'You have already used coupon WELCOME10';
    const withCoupon = (call: FetchCall) => (call.body as { couponCode?: string }).couponCode;
    const calls = stubCheckoutApi({
      'GET /api/promo/WELCOME10': {
        code: 'WELCOME10',
        type: 'percent',
        value: 10,
        minOrder: 0,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-01-01T00:00:00.000Z',
      },
      // The coupon takes 10 % off the lines' selling total (459.90) while it applies.
      'POST /api/orders/cart': (call: FetchCall) => {
        const body = call.body as { cartItems: typeof cartLines };
        return {
          cartItems: body.cartItems,
          total: 499.9,
          discount: withCoupon(call) ? 86 : 40,
          grandTotal: withCoupon(call) ? 413.9 : 459.9,
        };
      },
      // Used by an order of another tab after it was applied here.
      'POST /api/orders/create-payment': (call: FetchCall) =>
        withCoupon(call)
          ? answer(400, { message: used, field: 'couponCode' })
          : cardPayment({ amount: 558.9 }),
    });
    const store = shopStore();
    const { couponApplied } = await import('../cart/cart-sync.js');
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    renderCheckout('cart', { shippingPrice: 99, storePickup: false }, store);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(used)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to cart' })).toBeTruthy();
    expect(widgets).toHaveLength(0);
    // The summary leaves the refused coupon out: what the card would pay without it.
    expect(summaryValue('Discount')).toBe(nok(40));
    expect(summaryValue('GRAND-TOTAL')).toBe(nok(558.9));

    fireEvent.click(within(alert).getByRole('button', { name: 'Remove coupon and pay' }));
    const widget = await mountedWidget(widgets);
    expect(widget.options.paymentId).toBe('pay-1');
    const payments = callsTo(calls, 'POST', '/api/orders/create-payment');
    expect(payments.map(withCoupon)).toEqual(['WELCOME10', undefined]);
    expect(store.getState().cart.coupon).toEqual({ code: '', price: 0 });
    await waitFor(() => expect(summaryValue('GRAND-TOTAL')).toBe(nok(558.9)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('placing the order', () => {
  it('speaks bokmål on a Norwegian page: the payment, its totals in kroner and the placed order (issue 31.1, 31.4)', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    stubCheckoutApi({ 'POST /api/orders': answer(201, placedOrder) });
    renderCheckout('cart', undefined, undefined, await loadLanguage('nb'));
    expect(screen.getByRole('heading', { level: 1, name: 'Kasse' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Betaling' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Oppsummering' });
    expect(within(summary).getByRole('definition', { name: 'Frakt' }).textContent).toBe(
      '99,00\u00a0kr',
    );
    await completePayment(await mountedWidget(widgets));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Takk, bestillingen din er mottatt')).toBeTruthy();
    expect(within(dialog).getByText('Ordrenummer 10001')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('ORDER-19 ORDER-20 ORDER-22 ORDER-23 ORDER-25 ORDER-26 CHECKOUT-08 CHECKOUT-09 SHIP-21 SHIP-22 places the paid order, clears the cart and says so', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    let release: () => void = () => undefined;
    const calls = stubCheckoutApi({
      'POST /api/orders': () =>
        new Promise((resolve) => {
          release = () => resolve(answer(201, placedOrder));
        }),
    });
    const { store, location } = renderCheckout();
    await completePayment(await mountedWidget(widgets));
    expect(store.getState().order.isOrderPlaceLoading).toBe(true);
    expect(screen.getByText('Placing your order…')).toBeTruthy();
    await act(async () => {
      release();
      await Promise.resolve();
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your Order Has been Placed Sucessfully!!!')).toBeTruthy();
    expect(within(dialog).queryByText('Please visit our store to get your order.')).toBeNull();
    // The short number the confirmation mail and My Orders quote too (issue 10.7).
    expect(within(dialog).getByText('Order 10001')).toBeTruthy();

    const order = callsTo(calls, 'POST', '/api/orders')[0];
    expect(order?.authorization).toBe('Bearer access-1');
    expect(order?.body).toEqual({
      subscriberId: sessionUser()._id,
      orderItems: cartLines,
      paymentType: 'CASH',
      shippingDetails: osloAddress,
      billingDetails: billingAddress,
      shippingPrice: 99,
      storePickup: false,
      paymentId: 'pay-1',
    });
    const cart = store.getState().cart;
    expect(cart.isOrderPlaceSuccess).toBe(true);
    expect(cart.quickBuySuccess).toBe(false);
    expect(cart.cartItems).toEqual([]);
    expect(cart.grandTotal).toBe(0);
    expect(localStorage.getItem(storageKeys.cart)).toBe('[]');
    expect(cart.buyNowCartItems).toEqual([buyNowLine]);
    expect(store.getState().order.isOrderPlaceLoading).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(store.getState().cart.isOrderPlaceSuccess).toBe(false);
  });

  it('ORDER-20 ORDER-23 CART-21 a quick buy sets quickBuySuccess, empties only the buy-now cart and resets its totals', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    stubCheckoutApi();
    const { store } = renderCheckout('buyNow');
    await completePayment(await mountedWidget(widgets));
    await screen.findByRole('dialog');
    const cart = store.getState().cart;
    expect(cart.quickBuySuccess).toBe(true);
    expect(cart.isOrderPlaceSuccess).toBe(false);
    expect(cart.buyNowCartItems).toEqual([]);
    expect(cart.buyNowGrandTotal).toBe(0);
    expect(localStorage.getItem(storageKeys.buyNow)).toBe('[]');
    expect(cart.cartItems).toHaveLength(2);
  });

  it('ORDER-14 SHIP-21 a store pickup sends blank details and the dialog asks to visit the store', async () => {
    const widgets = stubDibs();
    const calls = stubCheckoutApi();
    renderCheckout('cart', { shippingPrice: 0, storePickup: true });
    await completePayment(await mountedWidget(widgets), 'pay-2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please visit our store to get your order.')).toBeTruthy();
    expect(await within(dialog).findByText(servedShop.street, { exact: false })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toMatchObject({
      shippingDetails: blankDetails,
      billingDetails: blankDetails,
      shippingPrice: 0,
      storePickup: true,
      paymentId: 'pay-2',
    });
  });

  it('SHIP-21 the store pickup dialog shows the store address and opening hours the server answers', async () => {
    const widgets = stubDibs();
    stubCheckoutApi(
      shopDetailsAnswer({
        name: 'Fjordhandel',
        street: 'Kongens gate 5',
        postalCode: '7011',
        city: 'Trondheim',
        openingHours: ['Monday–Friday 09:00–17:00', 'Saturday 10:00–14:00'],
      }),
    );
    renderCheckout('cart', { shippingPrice: 0, storePickup: true });
    await completePayment(await mountedWidget(widgets), 'pay-2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please visit our store to get your order.')).toBeTruthy();
    const address = await within(dialog).findByText('Kongens gate 5, 7011 Trondheim, Norway', {
      exact: false,
    });
    expect(address.textContent).toContain('Fjordhandel');
    expect(within(dialog).getByRole('heading', { name: 'Opening hours' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Monday–Friday 09:00–17:00', 'Saturday 10:00–14:00']);
    expect(dialog.textContent).not.toContain(servedShop.street);
  });

  it('ORDER-21 a refused order keeps and shows the server message; the cart stays', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    const message = 'Wool socks ran out after payment; the payment was cancelled';
    stubCheckoutApi({ 'POST /api/orders': answer(409, { message }) });
    const { store } = renderCheckout();
    await completePayment(await mountedWidget(widgets));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      '/cart',
    );
    expect(store.getState().order).toMatchObject({
      isOrderPlaceError: true,
      orderMessage: message,
    });
    expect(store.getState().cart.cartItems).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ORDER-24 a user no longer signed in when the order is placed goes to /login', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    stubCheckoutApi({
      'POST /api/orders': tokenFailed,
      'POST /api/subscribers/refresh': tokenFailed,
    });
    const { store, location } = renderCheckout();
    await completePayment(await mountedWidget(widgets));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(store.getState().session.userInfo).toBeNull();
  });

  it('ORDER-25 a coupon applied to the cart goes with the payment and the order', async () => {
    writeSavedDetails(saved);
    const widgets = stubDibs();
    const calls = stubCheckoutApi({
      'GET /api/promo/WELCOME10': {
        code: 'WELCOME10',
        type: 'percent',
        value: 10,
        minOrder: 0,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-01-01T00:00:00.000Z',
      },
    });
    const store = shopStore();
    const { couponApplied } = await import('../cart/cart-sync.js');
    await store.dispatch(couponApplied({ kind: 'cart', code: 'WELCOME10' }));
    renderCheckout('cart', { shippingPrice: 99, storePickup: false }, store);
    await completePayment(await mountedWidget(widgets));
    await screen.findByRole('dialog');
    const withCoupon = (call: FetchCall | undefined) =>
      (call?.body as { couponCode?: string }).couponCode;
    expect(withCoupon(callsTo(calls, 'POST', '/api/orders/create-payment')[0])).toBe('WELCOME10');
    expect(withCoupon(callsTo(calls, 'POST', '/api/orders')[0])).toBe('WELCOME10');
  });
});
