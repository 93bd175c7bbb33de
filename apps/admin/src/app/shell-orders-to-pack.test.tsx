import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '@shop/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toasts.js';
import { LanguageProvider } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { storeSession } from '../lib/session.js';
import { Shell } from './shell.js';

// Issue 34.1: the navigation shows beside Orders how many orders wait to be packed.

const staff: AdminSession = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Sam Staff',
  email: 'sam@example.no',
  provider: 'local',
  accessToken: 'access',
  refreshToken: 'refresh',
  currencyCode: 'NOK',
  role: 'staff',
  locale: 'nb',
};

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(undefined);
});

describe('the orders to pack in the navigation (issue 34.1)', () => {
  it('puts the count right after Orders, with its label in the member’s language', async () => {
    storeSession(staff);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/admin/orders/to-pack'
          ? Response.json({ count: 3 })
          : new Response(null, { status: 204 }),
      ),
    );
    const router = createMemoryRouter(
      [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>page</p> }] }],
      { initialEntries: ['/'] },
    );
    render(
      <LanguageProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </LanguageProvider>,
    );

    const badge = await screen.findByRole('link', { name: '3 ordrer å pakke' });
    const sections = screen.getByRole('navigation', { name: 'Seksjoner' });
    const links = within(sections).getAllByRole('link');
    const orders = links.findIndex((link) => link.textContent === 'Ordrer');
    expect(orders).toBeGreaterThanOrEqual(0);
    expect(links[orders + 1]).toBe(badge);
    expect(badge.getAttribute('href')).toBe('/orders?toPack=true');
  });
});
