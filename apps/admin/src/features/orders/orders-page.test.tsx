import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminOrderList } from '@shop/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import OrdersPage from './orders-page.js';

const list: AdminOrderList = {
  orders: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      number: 10042,
      createdAt: '2026-04-27T10:00:00.000Z',
      customerName: 'Kari Nordmann',
      customerEmail: 'kari@example.no',
      itemCount: 2,
      grandTotalOre: 49_900,
      paymentStatus: 'AUTHORISED',
      deliveryStatus: 'PENDING',
      deliveryMethod: 'home',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

/** The orders list at `address`; answers the paths it asked the server, in order. */
function renderOrders(address: string, locale: 'en' | 'nb' = 'en') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return Response.json(list);
    }),
  );
  renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/orders" element={<OrdersPage />} />
      </Routes>
    </MemoryRouter>,
    { locale },
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('the orders list and reserved payments (issue 32.3)', () => {
  it('issue 32.3: asks for the reservations close to expiry the address names, and says so', async () => {
    const asked = renderOrders('/orders?reservationExpiring=true');
    expect(await screen.findByText('#10042')).toBeTruthy();
    expect(asked).toEqual(['/api/admin/orders?reservationExpiring=true&page=1&pageSize=25']);
    expect(
      screen.getByText(
        'Showing orders whose reservation may soon lapse: reserved or failed to capture, ordered over 5 days ago. Ship or cancel them.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(asked.at(-1)).toBe('/api/admin/orders?page=1&pageSize=25'));
    expect(screen.queryByText(/reservation may soon lapse/)).toBeNull();
  });

  it.each([
    ['nb', 'Reservert – trekkes ved sending'],
    ['en', 'Reserved – captured when shipped'],
  ] as const)(
    'issue 32.3: reads a reserved payment as captured when shipped (%s), in the list and its filter',
    async (locale, label) => {
      renderOrders('/orders', locale);
      expect(await screen.findByText(label, { selector: '.badge' })).toBeTruthy();
      expect(screen.getByRole('option', { name: label })).toBeTruthy();
    },
  );
});
