import { fireEvent, screen, within } from '@testing-library/react';
import type { InventoryPage } from '@shop/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import InventoryPageView from './inventory-page.js';

const page: InventoryPage = {
  items: [
    {
      itemId: '11111111-1111-4111-8111-111111111111',
      productId: '22222222-2222-4222-8222-222222222222',
      productName: 'Akasiehonning',
      variants: {},
      sku: 'HONEY-500',
      stock: 2,
      orderLimit: 5,
      lowStockThreshold: null,
      effectiveThreshold: 3,
      low: true,
      out: false,
      disabled: false,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

afterEach(() => vi.unstubAllGlobals());

describe('the inventory in Norwegian (issue 31)', () => {
  it('names the columns, the stock state and the adjustment in bokmål', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(page)),
    );
    renderWithQueries(
      <MemoryRouter>
        <InventoryPageView />
      </MemoryRouter>,
      { locale: 'nb' },
    );
    expect(screen.getByRole('heading', { name: 'Lager', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Lite på lager')).toBeTruthy();
    expect(screen.getByText('Enkeltvare')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Maks per bestilling' })).toBeTruthy();
    expect(screen.getByPlaceholderText('3 (butikken)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Juster' }));
    const dialog = screen.getByRole('dialog', { name: 'Juster beholdningen av Akasiehonning' });
    expect(within(dialog).getByRole('option', { name: 'Varemottak' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lagre justeringen' }));
    expect(await within(dialog).findByText('Skriv inn et heltall.')).toBeTruthy();
  });
});
