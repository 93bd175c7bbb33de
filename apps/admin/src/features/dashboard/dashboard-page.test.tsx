import { act, fireEvent, screen, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import type { AdminDashboard } from '@shop/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import DashboardPage from './dashboard-page.js';

const noSales = { orders: 0, grossOre: 0, refundedOre: 0 };

const dashboard = (expiringReservations: number): AdminDashboard => ({
  sales: { today: noSales, last7Days: noSales, last30Days: noSales },
  daily: [{ date: '2026-05-04', ...noSales }],
  ordersToPack: 4,
  failedCharges: 0,
  expiringReservations,
  lowStockItems: 0,
  pendingReviews: 0,
  newEnquiries: 0,
});

/** Where a tile leads: the address the orders list would read its filters from. */
function OrdersAddress() {
  const { pathname, search } = useLocation();
  return <p>{`Opened ${pathname}${search}`}</p>;
}

function renderDashboard(answer: AdminDashboard, locale: 'en' | 'nb' = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer)),
  );
  return renderWithQueries(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/orders" element={<OrdersAddress />} />
      </Routes>
    </MemoryRouter>,
    { locale },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

describe('the dashboard left open (issue 34.1)', () => {
  it('issue 34.1: follows the server when the tab comes back into focus, and asks again every 30 seconds, as the badge does', async () => {
    const answer = dashboard(0);
    const { client } = renderDashboard(answer);
    const tile = await screen.findByRole('link', { name: /Orders to pack/ });
    expect(within(tile).getByText('4')).toBeTruthy();
    const query = client.getQueryCache().find({ queryKey: ['dashboard'] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(30_000);

    answer.ordersToPack = 5;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(tile).findByText('5')).toBeTruthy();
  });
});

describe('the dashboard’s reservations close to expiry (issue 32.3)', () => {
  it('issue 32.3: counts them in bokmål, as a warning, and opens the orders list filtered to them', async () => {
    renderDashboard(dashboard(3), 'nb');
    const tile = await screen.findByRole('link', { name: /Reservasjoner som snart utløper/ });
    expect(tile.getAttribute('href')).toBe('/orders?reservationExpiring=true');
    expect(within(tile).getByText('3').classList.contains('text-danger')).toBe(true);
    expect(tile.closest('.card')?.classList.contains('border-danger')).toBe(true);
    expect(screen.getByText('Reservert for over 5 dager siden: send eller kanseller')).toBeTruthy();
    fireEvent.click(tile);
    expect(await screen.findByText('Opened /orders?reservationExpiring=true')).toBeTruthy();
  });

  it('issue 32.3: shows none calmly, like the failed charges', async () => {
    renderDashboard(dashboard(0));
    const tile = await screen.findByRole('link', { name: /Reservations close to expiry/ });
    expect(within(tile).getByText('0').classList.contains('text-danger')).toBe(false);
    expect(tile.closest('.card')?.classList.contains('border-danger')).toBe(false);
    expect(screen.getByText('Reserved over 5 days ago: ship or cancel')).toBeTruthy();
  });
});
