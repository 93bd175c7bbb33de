import { act, screen, waitFor } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import { OrdersToPackBadge } from './orders-to-pack-badge.js';

// Issue 34.1: beside Orders, how many orders wait to be packed, kept up to date without a reload.

/** The server's count, changed by the test between calls; answers the paths asked. */
function stubCount(initial: number) {
  const server = { count: initial, asked: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      server.asked.push(path);
      return Response.json({ count: server.count });
    }),
  );
  return server;
}

function renderBadge(locale: 'en' | 'nb' = 'en') {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/dashboard']}>
      <OrdersToPackBadge />
    </MemoryRouter>,
    { locale },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

describe('the badge of orders to pack (issue 34.1)', () => {
  it('shows the count with its label in bokmål, linking to the list filtered to those orders', async () => {
    const server = stubCount(3);
    renderBadge('nb');
    const link = await screen.findByRole('link', { name: '3 ordrer å pakke' });
    expect(link.textContent).toBe('3');
    expect(link.getAttribute('href')).toBe('/orders?toPack=true');
    expect(server.asked).toEqual(['/api/admin/orders/to-pack']);
  });

  it('says one order in the singular, in English', async () => {
    stubCount(1);
    renderBadge();
    expect(await screen.findByRole('link', { name: '1 order to pack' })).toBeTruthy();
  });

  it('follows the server when the tab comes back into focus, and asks again every 30 seconds', async () => {
    const server = stubCount(2);
    const { client } = renderBadge();
    expect(await screen.findByRole('link', { name: '2 orders to pack' })).toBeTruthy();
    const query = client.getQueryCache().find({ queryKey: ['orders', 'to-pack'] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(30_000);

    server.count = 5;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('link', { name: '5 orders to pack' })).toBeTruthy();
    expect(server.asked).toHaveLength(2);
  });

  it('shows nothing while nothing waits to be packed', async () => {
    stubCount(0);
    const { client } = renderBadge();
    await waitFor(() => expect(client.getQueryData(['orders', 'to-pack'])).toEqual({ count: 0 }));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
