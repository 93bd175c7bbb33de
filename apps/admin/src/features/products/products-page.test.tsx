import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminProductList, AdminProductRow } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import ProductsPage from './products-page.js';

// The product list (issue 34.3): each row's picture, price and stock, and bulk actions on the
// products chosen on the page.

const honey: AdminCategory = {
  id: '44444444-4444-4444-8444-444444444444',
  parentId: null,
  level: 1,
  name: 'Honey',
  nameEn: 'Honey',
  englishFallbacks: [],
  slug: 'honey',
  slugLocked: false,
  image: '',
  position: 0,
  hidden: false,
  productCount: 2,
  totalProductCount: 2,
};
const rawHoney: AdminCategory = {
  ...honey,
  id: '77777777-7777-4777-8777-777777777777',
  parentId: honey.id,
  level: 2,
  name: 'Raw Honey',
  slug: 'raw-honey',
};

const row = (id: string, name: string, extra: Partial<AdminProductRow> = {}): AdminProductRow => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  status: 'draft',
  categoryPath: ['Honey'],
  heroImage: '',
  priceOre: 12_950,
  totalStock: 7,
  itemCount: 1,
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...extra,
});

const board = row('11111111-1111-4111-8111-111111111111', 'Serving Board', {
  heroImage: '/products/board_800w.webp',
  priceOre: 123_450,
  totalStock: 23,
  itemCount: 3,
});
const jar = row('22222222-2222-4222-8222-222222222222', 'Honey Jar', { totalStock: 0 });
const tray = row('33333333-3333-4333-8333-333333333333', 'Tea Tray');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The list's, the categories' and the bulk calls; `bulk` holds what each bulk call sent. */
function stubServer(changed = 2) {
  const server = { lists: [] as string[], bulk: [] as unknown[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/admin/products/bulk' && init?.method === 'POST') {
        server.bulk.push(JSON.parse(String(init.body)));
        return json({ changed });
      }
      if (path.startsWith('/api/admin/products')) {
        server.lists.push(path);
        const list: AdminProductList = {
          products: [board, jar, tray],
          total: 3,
          page: 1,
          pageSize: 25,
        };
        return json(list);
      }
      if (path === '/api/admin/categories') return json({ categories: [honey, rawHoney] });
      return json({ message: 'Not found' }, 404);
    }),
  );
  return server;
}

const page = (locale: 'en' | 'nb' = 'en') =>
  renderWithQueries(
    <ToastProvider>
      <ConfirmProvider>
        <MemoryRouter initialEntries={['/products']}>
          <Routes>
            <Route path="/products" element={<ProductsPage />} />
          </Routes>
        </MemoryRouter>
      </ConfirmProvider>
    </ToastProvider>,
    { locale },
  );

const rowOf = (name: string) => {
  const link = screen.getByRole('link', { name });
  const found = link.closest('tr');
  if (!found) throw new Error(`no row of ${name}`);
  return found;
};

afterEach(() => vi.unstubAllGlobals());

describe('the product list (issue 34.3)', () => {
  it('shows each product’s small picture, price in kroner and total stock', async () => {
    stubServer();
    const { container } = page('nb');
    await screen.findByRole('link', { name: 'Serving Board' });
    const boardRow = rowOf('Serving Board');
    // The narrowest stored size of the hero picture, not the picture itself.
    const picture = boardRow.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/uploads/products/board_320w.webp');
    expect(within(boardRow).getByText(/^1\s234,50\skr$/)).toBeTruthy();
    expect(within(boardRow).getByText('23')).toBeTruthy();
    expect(within(rowOf('Honey Jar')).getByText('Utsolgt')).toBeTruthy();
    expect(rowOf('Honey Jar').querySelector('img')).toBeNull();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('sends the search, which finds by SKU too, to the server', async () => {
    const server = stubServer();
    page();
    await screen.findByRole('link', { name: 'Serving Board' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'BOARD-OAK' } });
    fireEvent.submit(screen.getByRole('searchbox').closest('form') as HTMLFormElement);
    await waitFor(() => expect(server.lists.at(-1)).toContain('q=BOARD-OAK'));
  });

  it('chooses rows, or all on the page, and publishes the chosen ones', async () => {
    const server = stubServer();
    page();
    await screen.findByRole('link', { name: 'Serving Board' });
    expect(screen.queryByRole('region', { name: 'Action for the chosen products' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Serving Board' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Tea Tray' }));
    const bar = screen.getByRole('region', { name: 'Action for the chosen products' });
    expect(within(bar).getByText('2 products chosen')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Choose all products on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    // Nothing is sent before an action is chosen.
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    expect(within(bar).getByRole('alert').textContent).toBe('Choose an action');
    fireEvent.change(
      within(bar).getByRole('combobox', { name: 'What to do with the chosen products' }),
      {
        target: { value: 'publish' },
      },
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    await screen.findByText('2 products changed.');
    expect(server.bulk).toEqual([{ ids: [board.id, tray.id], action: 'publish' }]);
    // Done: the choice is cleared and the list loads again.
    expect(screen.queryByRole('region', { name: 'Action for the chosen products' })).toBeNull();
    await waitFor(() => expect(server.lists.length).toBeGreaterThan(1));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose all products on this page' }));
    expect(screen.getByText('3 products chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose all products on this page' }));
    expect(screen.queryByText('3 products chosen')).toBeNull();
  });

  it('moves the chosen products to a category and sets a discount on their items', async () => {
    const server = stubServer();
    page();
    await screen.findByRole('link', { name: 'Serving Board' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose all products on this page' }));
    const bar = screen.getByRole('region', { name: 'Action for the chosen products' });
    const action = within(bar).getByRole('combobox', {
      name: 'What to do with the chosen products',
    });

    fireEvent.change(action, { target: { value: 'move' } });
    fireEvent.change(within(bar).getByRole('combobox', { name: 'Category to move them to' }), {
      target: { value: rawHoney.id },
    });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.bulk).toHaveLength(1));
    expect(server.bulk[0]).toEqual({
      ids: [board.id, jar.id, tray.id],
      action: 'move',
      categoryId: rawHoney.id,
    });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose Honey Jar' }));
    const again = screen.getByRole('region', { name: 'Action for the chosen products' });
    fireEvent.change(
      within(again).getByRole('combobox', { name: 'What to do with the chosen products' }),
      { target: { value: 'discount' } },
    );
    const percent = within(again).getByRole('spinbutton', { name: 'Discount in percent' });
    fireEvent.change(percent, { target: { value: '150' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Apply' }));
    expect(within(again).getByRole('alert').textContent).toBe(
      'Enter a whole percent from 0 to 100',
    );
    fireEvent.change(percent, { target: { value: '30' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.bulk).toHaveLength(2));
    expect(server.bulk[1]).toEqual({ ids: [jar.id], action: 'discount', discountPercent: 30 });
  });

  it('asks before archiving, and archives nothing when the answer is no', async () => {
    const server = stubServer(1);
    page();
    await screen.findByRole('link', { name: 'Serving Board' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Honey Jar' }));
    const bar = screen.getByRole('region', { name: 'Action for the chosen products' });
    fireEvent.change(
      within(bar).getByRole('combobox', { name: 'What to do with the chosen products' }),
      {
        target: { value: 'archive' },
      },
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive 1 product?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.bulk).toEqual([]);

    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }),
    );
    await screen.findByText('1 product changed.');
    expect(server.bulk).toEqual([{ ids: [jar.id], action: 'archive' }]);
  });
});
