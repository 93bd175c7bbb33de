import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverRenderedPage } from '../../app/routes.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo, deferred, type FetchCall } from '../../test/fetch-stub.js';
import { sessionUser, signedInStore } from '../accounts/accounts-test-kit.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import {
  blankDetails,
  buyNowLine,
  cartLines,
  osloAddress,
  placedOrder,
  shopStore,
  stubOrderApi,
} from './checkout-test-kit.js';
import {
  keepVippsCheckout,
  takeVippsCheckout,
  type VippsCheckout,
  type VippsExpressCheckout,
} from './vipps-checkout.js';
import VippsReturnPage from './vipps-return-page.js';

const billingAddress = { ...osloAddress, name: 'Ola Nordmann' };
const details = { shippingDetails: osloAddress, billingAddress };

/** What the checkout page kept right before it sent the shopper to Vipps. */
const kept: VippsCheckout = {
  paymentId: 'vipps-1',
  kind: 'cart',
  shippingPrice: 99,
  storePickup: false,
  details,
  lines: cartLines,
  couponCode: 'WELCOME10',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function renderReturn({
  url = '/checkout/vipps?paymentId=vipps-1',
  store = shopStore(),
  i18n,
}: {
  url?: string;
  store?: ReturnType<typeof shopStore>;
  i18n?: Awaited<ReturnType<typeof loadLanguage>>;
} = {}) {
  return renderWithShop(<VippsReturnPage />, { path: '/checkout/vipps', url, store, i18n });
}

describe('issue 32.1: back from Vipps MobilePay', () => {
  it('issue 32.1: places the order with the kept checkout, as the card flow does, and shows the confirmation', async () => {
    keepVippsCheckout(kept);
    const placing = deferred<unknown>();
    const calls = stubOrderApi({ 'POST /api/orders': () => placing.promise });
    const { store, location } = renderReturn();

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Completing your payment…');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment with Vipps' })).toBeTruthy();
    await act(async () => {
      placing.resolve(answer(201, { ...placedOrder, paymentId: 'vipps-1' }));
      await Promise.resolve();
    });

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your Order Has been Placed Sucessfully!!!')).toBeTruthy();
    expect(within(dialog).getByText('Order 10001')).toBeTruthy();
    const orders = callsTo(calls, 'POST', '/api/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.authorization).toBe('Bearer access-1');
    // The card flow's body; the coupon is the kept one, which the store forgot on the reload.
    expect(orders[0]?.body).toEqual({
      subscriberId: sessionUser()._id,
      orderItems: cartLines,
      paymentType: 'CASH',
      shippingDetails: osloAddress,
      billingDetails: billingAddress,
      shippingPrice: 99,
      storePickup: false,
      paymentId: 'vipps-1',
      couponCode: 'WELCOME10',
    });
    expect(takeVippsCheckout()).toBeUndefined();
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(localStorage.getItem(storageKeys.cart)).toBe('[]');
    expect(store.getState().cart.buyNowCartItems).toEqual([buyNowLine]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('issue 32.1: a quick buy paid with Vipps empties the buy-now cart; a store pickup sends blank details', async () => {
    keepVippsCheckout({
      ...kept,
      kind: 'buyNow',
      lines: [buyNowLine],
      storePickup: true,
      shippingPrice: 0,
      couponCode: '',
      details: undefined,
    });
    const calls = stubOrderApi({
      'POST /api/orders': answer(201, { ...placedOrder, storePickup: true }),
    });
    const { store } = renderReturn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please visit our store to get your order.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toEqual({
      subscriberId: sessionUser()._id,
      orderItems: [buyNowLine],
      paymentType: 'CASH',
      shippingDetails: blankDetails,
      billingDetails: blankDetails,
      shippingPrice: 0,
      storePickup: true,
      paymentId: 'vipps-1',
    });
    expect(store.getState().cart.quickBuySuccess).toBe(true);
    expect(store.getState().cart.buyNowCartItems).toEqual([]);
    expect(store.getState().cart.cartItems).toHaveLength(2);
  });

  it('issue 32.1: after a full page load the kept cart lines are ordered, whatever the store holds', async () => {
    keepVippsCheckout(kept);
    const calls = stubOrderApi({ 'POST /api/orders': answer(201, placedOrder) });
    // A fresh store: signed in from storage, its cart not yet read back into the page.
    renderReturn({ store: signedInStore() });
    await screen.findByRole('dialog');
    expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toMatchObject({
      orderItems: cartLines,
    });
  });

  it('issue 32.1: a payment not completed in Vipps (402) says so and leads back to the checkout', async () => {
    keepVippsCheckout(kept);
    stubOrderApi({
      'POST /api/orders': answer(402, {
        message: 'The payment has not been completed. Please finish the payment first.',
      }),
    });
    const { store, location } = renderReturn();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The payment was not completed in Vipps. You have not been charged.'),
    ).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      '/cart',
    );
    expect(store.getState().cart.cartItems).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(alert).getByRole('link', { name: 'Back to checkout' }));
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    // What the checkout page opens with, as the shipping step hands it over.
    expect(location().state).toEqual({ shippingPrice: 99, storePickup: false });
    // The refusal was this page's: the checkout does not show it again.
    expect(store.getState().order.isOrderPlaceError).toBe(false);
  });

  it('issue 32.1: stock that ran out (409) shows the server’s message', async () => {
    keepVippsCheckout(kept);
    const message = 'Wool socks ran out after payment; the payment was cancelled';
    stubOrderApi({ 'POST /api/orders': answer(409, { message }) });
    renderReturn();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to cart' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to checkout' })).toBeTruthy();
  });

  it('issue 32.1: a failed connection can be tried again, with the same checkout', async () => {
    keepVippsCheckout(kept);
    let tries = 0;
    const calls = stubOrderApi({
      'POST /api/orders': () => {
        tries += 1;
        return tries === 1 ? new TypeError('Failed to fetch') : answer(201, placedOrder);
      },
    });
    renderReturn();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('dialog');
    const [first, second] = callsTo(calls, 'POST', '/api/orders');
    expect(second?.body).toEqual(first?.body);
  });

  it.each([
    ['no payment named', '/checkout/vipps', kept],
    ['nothing kept in this tab', '/checkout/vipps?paymentId=vipps-1', undefined],
    ['another payment kept', '/checkout/vipps?paymentId=vipps-2', kept],
  ])(
    'issue 32.1: with %s it says the payment is unknown and leads to the cart, placing nothing',
    async (_case, url, checkout) => {
      if (checkout) keepVippsCheckout(checkout);
      const calls = stubOrderApi({ 'POST /api/orders': answer(201, placedOrder) });
      renderReturn({ url });
      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText(
          'We could not find this payment. If you approved it in Vipps, please look in My Orders before you pay again.',
        ),
      ).toBeTruthy();
      expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
        '/cart',
      );
      expect(within(alert).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
        '/orders',
      );
      expect(callsTo(calls, 'POST', '/api/orders')).toHaveLength(0);
    },
  );

  it('issue 32.1: a payment the server does not know (404) is unknown too', async () => {
    keepVippsCheckout({ ...kept, kind: 'buyNow', lines: [buyNowLine] });
    stubOrderApi({
      'POST /api/orders': answer(404, {
        message: 'We could not find this payment. Please go back to the checkout and pay again.',
      }),
    });
    renderReturn();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(/^We could not find this payment\. If you approved/),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      '/cart/buy-now',
    );
  });

  it('issue 32.1: a visitor no longer signed in goes to /login, and the kept checkout stays', async () => {
    keepVippsCheckout(kept);
    const calls = stubOrderApi({});
    const { location } = renderReturn({ store: signedInStore(sessionUser({ provider: 'guest' })) });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo(calls, 'POST', '/api/orders')).toHaveLength(0);
    expect(takeVippsCheckout()).toEqual(kept);
  });

  it('issue 32.1: speaks bokmål on a Norwegian page', async () => {
    keepVippsCheckout(kept);
    const placing = deferred<unknown>();
    stubOrderApi({ 'POST /api/orders': () => placing.promise });
    renderReturn({ i18n: await loadLanguage('nb') });
    expect((await screen.findByRole('status')).textContent).toBe('Fullfører betalingen …');
    await act(async () => {
      placing.resolve(answer(402, { message: 'Betalingen er ikke fullført.' }));
      await Promise.resolve();
    });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Betalingen ble ikke fullført i Vipps. Du er ikke belastet.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Tilbake til kassen' })).toBeTruthy();
  });

  it('issue 32.1: the page is the browser’s alone, so the kept checkout is read in the browser only', () => {
    expect(serverRenderedPage('/checkout/vipps')).toBeUndefined();
  });
});

/** What 'Buy with Vipps' kept: the shopper picks address and delivery in Vipps (issue 32.4). */
const keptExpress: VippsExpressCheckout = {
  express: true,
  paymentId: 'vipps-1',
  kind: 'buyNow',
  lines: [buyNowLine],
  couponCode: '',
};

describe('issue 32.4: back from Vipps Express', () => {
  it('issue 32.4: places the order with no address, shipping or pickup of the shop’s: the approved payment has them', async () => {
    keepVippsCheckout(keptExpress);
    const calls = stubOrderApi({
      'POST /api/orders': answer(201, { ...placedOrder, paymentId: 'vipps-1', storePickup: true }),
    });
    const { store } = renderReturn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Order 10001')).toBeTruthy();
    // The shopper chose pickup in Vipps: the placed order says so.
    expect(within(dialog).getByText('Please visit our store to get your order.')).toBeTruthy();
    const orders = callsTo(calls, 'POST', '/api/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body).toEqual({
      subscriberId: sessionUser()._id,
      orderItems: [buyNowLine],
      paymentType: 'CASH',
      paymentId: 'vipps-1',
    });
    expect(store.getState().cart.quickBuySuccess).toBe(true);
    expect(store.getState().cart.buyNowCartItems).toEqual([]);
    expect(store.getState().cart.cartItems).toHaveLength(2);
  });

  it('issue 32.4: the cart’s Express order carries its kept coupon and empties the cart', async () => {
    keepVippsCheckout({ ...keptExpress, kind: 'cart', lines: cartLines, couponCode: 'WELCOME10' });
    const calls = stubOrderApi({ 'POST /api/orders': answer(201, placedOrder) });
    const { store } = renderReturn();
    await screen.findByRole('dialog');
    expect(callsTo(calls, 'POST', '/api/orders')[0]?.body).toEqual({
      subscriberId: sessionUser()._id,
      orderItems: cartLines,
      paymentType: 'CASH',
      paymentId: 'vipps-1',
      couponCode: 'WELCOME10',
    });
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('issue 32.4: a payment not completed leads back to the cart, not to a checkout it never had', async () => {
    keepVippsCheckout(keptExpress);
    stubOrderApi({ 'POST /api/orders': answer(402, { message: 'Not completed.' }) });
    renderReturn();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The payment was not completed in Vipps. You have not been charged.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(
      '/cart/buy-now',
    );
    expect(within(alert).queryByRole('link', { name: 'Back to checkout' })).toBeNull();
  });
});

describe('issue 32: the coupon after the trip to Vipps', () => {
  /** WELCOME10 takes 10 % off the lines' selling total (459.90) while it is sent. */
  const couponAnswers = {
    'GET /api/promo/WELCOME10': {
      code: 'WELCOME10',
      type: 'percent',
      value: 10,
      minOrder: 0,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
    },
    'POST /api/orders/cart': (call: FetchCall) => {
      const body = call.body as { cartItems: typeof cartLines; couponCode?: string };
      return {
        cartItems: body.cartItems,
        total: 499.9,
        discount: body.couponCode ? 86 : 40,
        grandTotal: body.couponCode ? 413.9 : 459.9,
      };
    },
  };

  it.each([
    ['the checkout', kept],
    [
      'Vipps Express',
      { ...keptExpress, kind: 'cart' as const, lines: cartLines, couponCode: 'WELCOME10' },
    ],
  ])(
    'issue 32: back from %s after a payment not completed, the page loaded afresh has the kept coupon on the cart again',
    async (_flow, checkout: VippsCheckout) => {
      keepVippsCheckout(checkout);
      stubOrderApi({
        ...couponAnswers,
        'POST /api/orders': answer(402, { message: 'Not completed.' }),
      });
      // The store of a page loaded afresh: the cart's lines are read back, its coupon is not.
      const store = shopStore();
      expect(store.getState().cart.coupon.code).toBe('');
      renderReturn({ store });
      await screen.findByRole('alert');
      await waitFor(() =>
        expect(store.getState().cart.coupon).toEqual({ code: 'WELCOME10', price: 46 }),
      );
      expect(store.getState().cart.grandTotal).toBe(413.9);
    },
  );
});

describe('issue 32.1: the kept checkout', () => {
  it('issue 32.1: is taken once and ignores what it cannot read', () => {
    keepVippsCheckout(kept);
    expect(takeVippsCheckout()).toEqual(kept);
    expect(takeVippsCheckout()).toBeUndefined();
    sessionStorage.setItem('vipps_checkout', JSON.stringify({ ...kept, lines: [] }));
    expect(takeVippsCheckout()).toBeUndefined();
    sessionStorage.setItem('vipps_checkout', '{');
    expect(takeVippsCheckout()).toBeUndefined();
  });

  it('issue 32.4: reads back a Vipps Express checkout, which has no shipping of its own', () => {
    keepVippsCheckout(keptExpress);
    expect(takeVippsCheckout()).toEqual(keptExpress);
    // One of the checkout's without its shipping is not one of Express'.
    sessionStorage.setItem('vipps_checkout', JSON.stringify({ ...kept, shippingPrice: undefined }));
    expect(takeVippsCheckout()).toBeUndefined();
  });
});
