import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAmount } from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { browserWindow } from '../../lib/browser-window.js';
import { answer, callsTo, type FetchCall } from '../../test/fetch-stub.js';
import { shopDetailsKnown } from '../../lib/shop-details.js';
import { settle } from '../../test/settle.js';
import { servedShop, shopDetailsAnswer, withVipps } from '../../test/shop-details-answer.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { selectCurrency } from '../currency/currency-slice.js';
import CheckoutPage, { BuyNowCheckoutPage } from './checkout-page.js';
import {
  buyNowLine,
  cardPayment,
  cartLines,
  osloAddress,
  shopStore,
  stubDibs,
  stubCheckoutApi,
  vippsPayment,
} from './checkout-test-kit.js';
import { writeSavedDetails } from './saved-details.js';
import { takeVippsCheckout } from './vipps-checkout.js';

const saved = { shippingDetails: osloAddress, billingAddress: { ...osloAddress, name: 'Ola' } };
const isVipps = (call: FetchCall) =>
  (call.body as { paymentMethod?: string }).paymentMethod === 'vipps';

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
  stubDibs();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Dibs;
  sessionStorage.clear();
});

/**
 * The checkout's calls in a shop with Vipps, where create-payment opens a card or a Vipps payment
 * as asked.
 */
function stubPayments(answers: Record<string, unknown> = {}) {
  return stubCheckoutApi({
    ...shopDetailsAnswer(withVipps),
    'POST /api/orders/create-payment': (call: FetchCall) =>
      isVipps(call) ? vippsPayment() : cardPayment(),
    ...answers,
  });
}

async function renderCheckout({
  kind = 'cart',
  store = shopStore(),
  i18n,
}: {
  kind?: 'cart' | 'buyNow';
  store?: ReturnType<typeof shopStore>;
  i18n?: Awaited<ReturnType<typeof loadLanguage>>;
} = {}) {
  const url = kind === 'cart' ? '/checkout' : '/checkout/buy-now';
  const page = renderWithShop(kind === 'cart' ? <CheckoutPage /> : <BuyNowCheckoutPage />, {
    path: url,
    url,
    state: { shippingPrice: 99, storePickup: false },
    store,
    i18n,
  });
  // The choice shows once the shop's answer says it takes Vipps.
  await screen.findAllByRole('radio');
  return page;
}

function inCurrency(store: ReturnType<typeof shopStore>, code: string, value: number) {
  store.dispatch(
    selectCurrency.fulfilled({ value, code, countryCode: 'XXX' }, 'rate', {
      currencyCode: code,
      countryCode: 'XXX',
    }),
  );
  return store;
}

const nok = (value: number) => formatAmount(value, 1, 'NOK');
// Testing Library reads a text with its no-break spaces as plain ones.
const asRead = (text: string) => text.replace(/\s+/g, ' ');

describe('issue 32.1: choosing how to pay', () => {
  it('issue 32.1: the page offers card and Vipps MobilePay in one radio group, the card first', async () => {
    writeSavedDetails(saved);
    const calls = stubPayments();
    await renderCheckout();
    const group = screen.getByRole('group', { name: 'Payment method' });
    const card = within(group).getByRole('radio', { name: 'Card' });
    const vipps = within(group).getByRole('radio', { name: 'Vipps MobilePay' });
    expect((card as HTMLInputElement).checked).toBe(true);
    expect((vipps as HTMLInputElement).checked).toBe(false);
    expect(group.querySelector('img[src="/payment/vipps.svg"]')?.getAttribute('alt')).toBe('');
    // The card's widget opens with the page, as before there was a choice.
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders/create-payment')).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Pay with Vipps' })).toBeNull();
  });

  it('issue 32.1: choosing Vipps posts paymentMethod vipps and sends the browser to Vipps, keeping the checkout', async () => {
    writeSavedDetails(saved);
    const calls = stubPayments();
    await renderCheckout();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders/create-payment')).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    expect(document.getElementById('payment-widget')?.closest('[hidden]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Vipps' }));

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(vippsPayment().redirectUrl);
    const vippsCalls = callsTo(calls, 'POST', '/api/orders/create-payment').filter(isVipps);
    expect(vippsCalls).toHaveLength(1);
    expect(vippsCalls[0]?.authorization).toBe('Bearer access-1');
    expect(vippsCalls[0]?.body).toEqual({
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
      paymentMethod: 'vipps',
    });
    // What the return page places the order with, kept for this tab.
    expect(takeVippsCheckout()).toEqual({
      paymentId: 'vipps-1',
      kind: 'cart',
      shippingPrice: 99,
      storePickup: false,
      details: saved,
      lines: cartLines,
      couponCode: '',
    });
    expect(screen.getByRole('button', { name: 'Pay with Vipps' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Taking you to Vipps…');
  });

  it('issue 32.1: the buy-now item goes to Vipps as a quick buy', async () => {
    writeSavedDetails(saved);
    const calls = stubPayments();
    await renderCheckout({ kind: 'buyNow' });
    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Vipps' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, 'POST', '/api/orders/create-payment').find(isVipps)?.body).toMatchObject({
      order: { cart: { cartItems: [buyNowLine], quickBuy: true } },
      paymentMethod: 'vipps',
    });
    expect(takeVippsCheckout()).toMatchObject({ kind: 'buyNow', lines: [buyNowLine] });
  });

  it('issue 32.1: a shop without Vipps says so, and the shopper can go back to the card', async () => {
    writeSavedDetails(saved);
    const message = 'Vipps MobilePay is not available in this shop. Please pay by card.';
    stubPayments({
      'POST /api/orders/create-payment': (call: FetchCall) =>
        isVipps(call) ? answer(400, { message, field: 'paymentMethod' }) : cardPayment(),
    });
    await renderCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Vipps' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(takeVippsCheckout()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Pay with Vipps' })).toHaveProperty(
      'disabled',
      false,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    expect(document.getElementById('payment-widget')?.closest('[hidden]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay with Vipps' })).toBeNull();
  });

  it('issue 32.1: speaks bokmål on a Norwegian page', async () => {
    writeSavedDetails(saved);
    stubPayments();
    await renderCheckout({ i18n: await loadLanguage('nb') });
    const group = screen.getByRole('group', { name: 'Betalingsmåte' });
    expect(within(group).getByRole('radio', { name: 'Kort' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Vipps MobilePay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });
});

describe('issue 32: Vipps only where the shop has it', () => {
  it('issue 32: a shop without Vipps shows no choice, only the card’s widget, as before Vipps', async () => {
    writeSavedDetails(saved);
    const calls = stubCheckoutApi();
    renderWithShop(<CheckoutPage />, {
      path: '/checkout',
      url: '/checkout',
      state: { shippingPrice: 99, storePickup: false },
      store: shopStore(),
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/shop')).toHaveLength(1));
    await waitFor(() => expect(document.getElementById('payment-widget')).toBeTruthy());
    await settle();
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(document.getElementById('payment-widget')?.closest('[hidden]')).toBeNull();
    expect(screen.getByText('The card is charged in Norwegian kroner (NOK).')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Vipps');
    const payments = callsTo(calls, 'POST', '/api/orders/create-payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]?.body).not.toHaveProperty('paymentMethod');
  });

  it('issue 32: the details the page came with say whether Vipps is offered, with no call of its own', async () => {
    writeSavedDetails(saved);
    const calls = stubPayments();
    const store = shopStore();
    // As the server writes them into the page, for a shop with Vipps MobilePay.
    store.dispatch(shopDetailsKnown({ ...servedShop, ...withVipps }));
    await renderCheckout({ store });
    expect(screen.getByRole('radio', { name: 'Vipps MobilePay' })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/shop')).toHaveLength(0);
  });
});

describe('issue 32.5: what the shopper pays, before paying', () => {
  it('issue 32.5: says the amount charged in NOK for either method, without an estimate in NOK', async () => {
    writeSavedDetails(saved);
    stubPayments({ 'POST /api/orders/create-payment': cardPayment({ amount: 1234.5 }) });
    await renderCheckout();
    expect(await screen.findByText(asRead(`You pay ${nok(1234.5)}`))).toBeTruthy();
    expect(nok(1234.5)).toMatch(/^NOK\s1,234\.50$/);
    expect(screen.getByText('The card and Vipps charge in Norwegian kroner (NOK).')).toBeTruthy();
    expect(screen.queryByText(/an estimate/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    expect(screen.getByText(asRead(`You pay ${nok(1234.5)}`))).toBeTruthy();
    expect(screen.getByText('The card and Vipps charge in Norwegian kroner (NOK).')).toBeTruthy();
    expect(screen.queryByText(/an estimate/)).toBeNull();
  });

  it('issue 32.5: in another currency the amount in it is added, marked as an estimate', async () => {
    writeSavedDetails(saved);
    stubPayments({ 'POST /api/orders/create-payment': cardPayment({ amount: 1234.5 }) });
    await renderCheckout({ store: inCurrency(shopStore(), 'EUR', 0.0852) });
    expect(await screen.findByText(asRead(`You pay ${nok(1234.5)}`))).toBeTruthy();
    const estimate = formatAmount(1234.5, 0.0852, 'EUR');
    expect(estimate).toMatch(/^EUR\s105\.18$/);
    expect(
      screen.getByText(asRead(`about ${estimate} – an estimate; your bank converts`)),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    expect(
      screen.getByText(asRead(`about ${estimate} – an estimate; your bank converts`)),
    ).toBeTruthy();
  });

  it('issue 32.5: says it in bokmål on a Norwegian page', async () => {
    writeSavedDetails(saved);
    stubPayments({ 'POST /api/orders/create-payment': cardPayment({ amount: 1234.5 }) });
    await renderCheckout({
      store: inCurrency(shopStore(), 'EUR', 0.0852),
      i18n: await loadLanguage('nb'),
    });
    const youPay = `Du betaler ${formatAmount(1234.5, 1, 'NOK', 'nb')}`;
    expect(youPay).toBe('Du betaler 1\u00a0234,50\u00a0kr');
    expect(await screen.findByText(asRead(youPay))).toBeTruthy();
    expect(screen.getByText('Kortet og Vipps belastes i norske kroner (NOK).')).toBeTruthy();
    expect(
      screen.getByText(
        asRead(
          `ca. ${formatAmount(1234.5, 0.0852, 'EUR', 'nb')} – omtrentlig; banken din regner om`,
        ),
      ),
    ).toBeTruthy();
  });

  it('issue 32.5: before a payment is open (the card provider is down) it is the summary’s total in NOK', async () => {
    writeSavedDetails(saved);
    stubPayments({
      'POST /api/orders/create-payment': (call: FetchCall) =>
        isVipps(call) ? vippsPayment() : answer(503, { message: 'The card payment is down' }),
    });
    await renderCheckout();
    await screen.findByText('The card payment is down');
    // Two pairs of socks at 180, the honey at 99.90 and shipping at 99.
    expect(screen.getByText(asRead(`You pay ${nok(2 * 180 + 99.9 + 99)}`))).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Vipps MobilePay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Vipps' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });
});
