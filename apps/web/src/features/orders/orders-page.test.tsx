import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryStatuses, formatPrice, type OrderSummary } from '@shop/shared';
import { answer, callsTo } from '../../test/fetch-stub.js';
import {
  profile,
  sessionUser,
  signedInStore,
  stubAccountsApi,
} from '../accounts/accounts-test-kit.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { selectCurrency } from '../currency/currency-slice.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import english from './i18n/en.json';
import { formatOrderDate, lineTotal, variantText } from './order-format.js';
import OrdersPage from './orders-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const honeyLine = {
  _id: '6c1c0000-0000-4000-8000-000000000002',
  productImage: '/products/honey.webp',
  productName: 'Forest honey',
  productPrice: 100,
  quantity: 1,
};
// 298.50 + 100 for the lines, 79 shipping, 18 off with the coupon: 459.50.
const newer: OrderSummary = {
  _id: '5b1c0000-0000-4000-8000-000000000002',
  orderNumber: 10002,
  createdAt: '2025-03-05T13:07:09.000Z',
  deliveryStatus: 'READY_FOR_PICKUP',
  grandTotal: 459.5,
  storePickup: false,
  shippingPrice: 79,
  couponCode: 'SAVE18',
  couponDiscount: 18,
  refunds: [],
  refunded: 0,
  totalAfterRefunds: 459.5,
  orderItems: [
    {
      _id: '6c1c0000-0000-4000-8000-000000000001',
      productImage: '/products/kurta.webp',
      productName: 'Cotton kurta',
      productPrice: 99.5,
      quantity: 3,
      variant: { Color: 'Red', Size: 'M' },
    },
    honeyLine,
  ],
};
const older: OrderSummary = {
  _id: '5b1c0000-0000-4000-8000-000000000001',
  orderNumber: 10001,
  createdAt: '2024-12-24T08:00:00.000Z',
  deliveryStatus: 'DELIVERED',
  grandTotal: 100,
  storePickup: true,
  shippingPrice: 0,
  couponCode: null,
  couponDiscount: 0,
  orderItems: [{ ...honeyLine, _id: '6c1c0000-0000-4000-8000-000000000003' }],
  refunds: [],
  refunded: 0,
  totalAfterRefunds: 100,
};

const ordersPath = '/api/subscribers/orders';
const nok = (value: number) => formatPrice(value, 1, 'NOK');

function renderOrders(
  orders: unknown,
  store = signedInStore(),
  i18n?: Awaited<ReturnType<typeof loadLanguage>>,
) {
  const calls = stubAccountsApi({
    'GET /api/subscribers/profile': { user: profile() },
    [`GET ${ordersPath}`]: orders,
  });
  const result = renderWithShop(<OrdersPage />, { path: '/orders', url: '/orders', store, i18n });
  return { ...result, calls };
}

async function orderCard(index = 0) {
  const card = (await screen.findAllByRole('article'))[index];
  if (!card) throw new Error(`No order card ${index}`);
  return card;
}
const cellsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('cell')
    .map((cell) => cell.textContent);
const rowsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map(cellsOf);
/** The rows under the lines: label and amount. */
const totalsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('row')
    .filter((row) => row.closest('tfoot'))
    .map((row) => [within(row).getByRole('rowheader').textContent, ...cellsOf(row)]);

describe('my orders', () => {
  it('MYORD-01 shows the title inside the account area, with the Bearer token', async () => {
    const { calls } = renderOrders({ orders: [newer] });
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' }).ariaCurrent).toBe('page');
    await screen.findAllByRole('article');
    expect(callsTo(calls, 'GET', ordersPath)[0]?.authorization).toBe('Bearer access-1');
  });

  it('AREA-03 a visitor goes to /login', () => {
    stubAccountsApi({});
    const { location } = renderWithShop(<OrdersPage />, { path: '/orders', url: '/orders' });
    expect(location().pathname).toBe('/login');
  });

  it('AREA-03 a guest goes to /login', () => {
    const { location, calls } = renderOrders(
      { orders: [] },
      signedInStore(sessionUser({ provider: 'guest' })),
    );
    expect(location().pathname).toBe('/login');
    expect(callsTo(calls, 'GET', ordersPath)).toHaveLength(0);
  });

  it('MYORD-02 MYORD-03 MYORD-11 each order shows its date and time and its status, newest first as answered', async () => {
    renderOrders({ orders: [newer, older] });
    const first = await orderCard(0);
    const second = await orderCard(1);
    expect(within(first).getByText(formatOrderDate('en', newer.createdAt))).toBeTruthy();
    expect(first.textContent).toContain('Status: READY FOR PICKUP');
    expect(second.textContent).toContain('Status: DELIVERED');
    expect(within(second).getByText(formatOrderDate('en', older.createdAt))).toBeTruthy();
  });

  it('MYORD-02 CONST-41 the date is long with a medium time, on the Oslo clock in winter and summer whatever the machine (issue 29.13)', async () => {
    // The tests run with TZ=UTC: a formatter that forgot its zone would show 13:07:09 and 22:30:00.
    expect(formatOrderDate('en', '2025-03-05T13:07:09.000Z')).toBe('5 March 2025 at 14:07:09');
    expect(formatOrderDate('en', '2025-07-01T22:30:00.000Z')).toBe('2 July 2025 at 00:30:00');
    renderOrders({ orders: [{ ...older, createdAt: '2024-12-31T23:30:00.000Z' }] });
    const card = await orderCard();
    expect(within(card).getByText('1 January 2025 at 00:30:00')).toBeTruthy();
  });

  it('MYORD-08 shows each refund with its returned units, and the total after refunds (issue 29.13)', async () => {
    const refunded: OrderSummary = {
      ...newer,
      deliveryStatus: 'DELIVERED',
      refunds: [
        {
          _id: '7d1c0000-0000-4000-8000-000000000001',
          // 23:15 in UTC is the next day in Oslo (summer time).
          refundedAt: '2025-06-30T23:15:00.000Z',
          kind: 'return',
          amount: 89.55,
          orderItems: [{ _id: '6c1c0000-0000-4000-8000-000000000001', quantity: 1 }],
        },
        {
          _id: '7d1c0000-0000-4000-8000-000000000002',
          refundedAt: '2025-07-02T10:00:00.000Z',
          kind: 'goodwill',
          amount: 20,
          orderItems: [],
        },
      ],
      refunded: 109.55,
      totalAfterRefunds: 349.95,
    };
    renderOrders({ orders: [refunded] });
    const card = await orderCard();
    expect(totalsOf(card)).toEqual([
      ['Shipping', nok(79)],
      ['Discount (SAVE18)', `-${nok(18)}`],
      ['with Discount', nok(459.5)],
      ['Return refunded 1 July 20251 × Cotton kurta', `-${nok(89.55)}`],
      ['Refunded 2 July 2025', `-${nok(20)}`],
      ['Total after refunds', nok(349.95)],
    ]);
  });

  it("MYORD-03 the English statuses, the back office's pickup states too, read with underscores as spaces (issue 13)", async () => {
    for (const status of deliveryStatuses) {
      expect(english[`orders.deliveryStatus.${status}`]).toBe(status.replaceAll('_', ' '));
    }
    renderOrders({ orders: [{ ...older, deliveryStatus: 'PICKED_UP' }] });
    expect((await orderCard()).textContent).toContain('Status: PICKED UP');
  });

  it("MYORD-04..08 MYORD-10 the table lists S.N, product, quantity, price and sub-total, and the total 'with Discount'", async () => {
    renderOrders({ orders: [newer] });
    const card = await orderCard();
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['S.N', 'Product', 'Quantity', 'Price', 'Sub-Total']);
    expect(rowsOf(card)).toEqual([
      ['1', 'Cotton kurtaColor: Red, Size: M', '3', nok(99.5), nok(298.5)],
      ['2', 'Forest honey', '1', nok(100), nok(100)],
    ]);
    const image = card.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/uploads/products/kurta.webp');
    expect(nok(459.5)).toBe('NOK\u00a0459.50');
    expect(nok(100)).toBe('NOK\u00a0100');
    expect(totalsOf(card).at(-1)).toEqual(['with Discount', nok(459.5)]);
  });

  it('shows the order number, and lists shipping and the coupon under the lines so they add up to the total (issue 10.7, MYORD-08)', async () => {
    renderOrders({ orders: [newer, older] });
    const first = await orderCard(0);
    expect(within(first).getByRole('heading', { name: 'Order 10002' })).toBeTruthy();
    expect(first.getAttribute('aria-label')).toBe(
      `Order 10002 of ${formatOrderDate('en', newer.createdAt)}`,
    );
    expect(totalsOf(first)).toEqual([
      ['Shipping', nok(79)],
      ['Discount (SAVE18)', `-${nok(18)}`],
      ['with Discount', nok(459.5)],
    ]);
    const second = await orderCard(1);
    expect(within(second).getByRole('heading', { name: 'Order 10001' })).toBeTruthy();
    expect(totalsOf(second)).toEqual([
      ['Store Pickup', nok(0)],
      ['with Discount', nok(100)],
    ]);
  });

  it('MYORD-06 a variant shows at most two key: value pairs, in the shared order (issue 29.12)', () => {
    expect(variantText({ Size: 'M', Color: 'Red', Fit: 'Slim' })).toBe('Color: Red, Fit: Slim');
    expect(variantText({ Size: 'M', Colour: 'Blue' })).toBe('Colour: Blue, Size: M');
    expect(variantText(undefined)).toBe('');
  });

  it('MYORD-07 the sub-total is price × quantity without drift', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
  });

  it('MYORD-09 MYORD-10 amounts are converted with the selected currency rate', async () => {
    const store = signedInStore();
    store.dispatch(
      selectCurrency.fulfilled({ value: 0.1, code: 'EUR', countryCode: 'DEU' }, 'id', {
        currencyCode: 'EUR',
        countryCode: 'DEU',
      }),
    );
    renderOrders({ orders: [older] }, store);
    const card = await orderCard();
    const eur = formatPrice(100, 0.1, 'EUR');
    expect(eur).toBe('EUR\u00a010');
    expect(rowsOf(card)[0]).toEqual(['1', 'Forest honey', '1', eur, eur]);
    expect(totalsOf(card).at(-1)).toEqual(['with Discount', eur]);
  });

  it('shows an empty state with a link home', async () => {
    renderOrders({ orders: [] });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
  });

  it('shows a spinner while loading and the server message when loading fails', async () => {
    renderOrders(answer(500, { message: 'Orders are resting' }));
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Orders are resting'));
  });

  it('speaks bokmål on a Norwegian page: its words, statuses, kroner and Oslo dates (issue 31.1, 31.4)', async () => {
    const refunded: OrderSummary = {
      ...newer,
      refunds: [
        {
          _id: '7d1c0000-0000-4000-8000-000000000001',
          refundedAt: '2025-06-30T23:15:00.000Z',
          kind: 'return',
          amount: 89.55,
          orderItems: [{ _id: '6c1c0000-0000-4000-8000-000000000001', quantity: 1 }],
        },
      ],
      refunded: 89.55,
      totalAfterRefunds: 369.95,
    };
    renderOrders({ orders: [refunded, older] }, signedInStore(), await loadLanguage('nb'));
    expect(screen.getByRole('heading', { name: 'Mine bestillinger' })).toBeTruthy();
    const first = await orderCard(0);
    expect(within(first).getByRole('heading', { name: 'Bestilling 10002' })).toBeTruthy();
    expect(first.getAttribute('aria-label')).toBe('Bestilling 10002, 5. mars 2025 kl. 14.07');
    expect(within(first).getByText('5. mars 2025 kl. 14.07')).toBeTruthy();
    expect(first.textContent).toContain('Status: Klar til henting');
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nr.', 'Produkt', 'Antall', 'Pris', 'Delsum']);
    expect(totalsOf(first)).toEqual([
      ['Frakt', '79\u00a0kr'],
      ['Rabatt (SAVE18)', '-18\u00a0kr'],
      ['Totalt med rabatt', '459,50\u00a0kr'],
      ['Retur refundert 1. juli 20251 × Cotton kurta', '-89,55\u00a0kr'],
      ['Totalt etter refusjoner', '369,95\u00a0kr'],
    ]);
    const second = await orderCard(1);
    expect(second.textContent).toContain('Status: Levert');
    expect(totalsOf(second)[0]).toEqual(['Hent i butikk', '0\u00a0kr']);
  });

  it('says in bokmål that there are no orders yet (issue 31.1)', async () => {
    renderOrders({ orders: [] }, signedInStore(), await loadLanguage('nb'));
    expect(await screen.findByText('Du har ikke lagt inn noen bestillinger ennå.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fortsett å handle' }).getAttribute('href')).toBe('/');
  });
});
