import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminProduct } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import ProductEditorPage from './product-editor-page.js';

// The product editor on the back office's query layer (issue 30.7), as a person opens it: the
// category it is in, and the stock of this moment, whatever was loaded before.

const woodwork: AdminCategory = {
  id: '33333333-3333-4333-8333-333333333333',
  parentId: null,
  level: 1,
  name: 'Woodwork',
  slug: 'woodwork',
  slugLocked: false,
  image: '',
  position: 0,
  hidden: false,
  productCount: 1,
  totalProductCount: 1,
};
const honey: AdminCategory = {
  ...woodwork,
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Honey',
  slug: 'honey',
  position: 1,
};

const board = (stock: number): AdminProduct => ({
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Sheesham Serving Board',
  slug: 'sheesham-serving-board',
  status: 'published',
  categoryId: woodwork.id,
  categoryPath: [{ id: woodwork.id, name: woodwork.name }],
  heroImage: '/uploads/board.webp',
  gallery: [],
  imageAlts: {},
  description: '<p>A board.</p>',
  information: [],
  vatPercent: 25,
  weightGrams: 800,
  options: [],
  items: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      variants: {},
      sku: 'BOARD-1',
      priceOre: 39_900,
      discountPercent: 0,
      sellingPriceOre: 39_900,
      stock,
      orderLimit: 5,
      weightGrams: 800,
      disabled: false,
      archivedAt: null,
      lowStockThreshold: null,
      heroImage: null,
      gallery: [],
      isDefault: true,
    },
  ],
  related: [],
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The product's and the categories' calls; the categories answer only when `categoriesAnswer` runs. */
function stubServer() {
  const server = { stock: 23, categoriesAnswer: () => {} };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === `/api/admin/products/${board(0).id}`) return json(board(server.stock));
      if (path === '/api/admin/categories') {
        await new Promise<void>((resolve) => (server.categoriesAnswer = resolve));
        return json({ categories: [woodwork, honey] });
      }
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }),
  );
  return server;
}

const editor = () => (
  <ToastProvider>
    <ConfirmProvider>
      <MemoryRouter initialEntries={[`/products/${board(0).id}`]}>
        <Routes>
          <Route path="/products/:productId" element={<ProductEditorPage />} />
        </Routes>
      </MemoryRouter>
    </ConfirmProvider>
  </ToastProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe('the product editor (issue 30.7)', () => {
  it('shows the product’s category when the product loads before the category list', async () => {
    const server = stubServer();
    const { client } = renderWithQueries(editor());
    // The product is in; only the category list is still on its way.
    await waitFor(() => expect(client.isFetching()).toBe(1));
    await act(async () => {});
    server.categoriesAnswer();
    const category = await screen.findByLabelText<HTMLSelectElement>('Category');
    expect(category.value).toBe(woodwork.id);
    expect(category.selectedOptions[0]?.textContent).toBe('Woodwork');
  });

  it('opens again on the stock of this moment, not on the answer it loaded before', async () => {
    const server = stubServer();
    const first = renderWithQueries(editor());
    server.categoriesAnswer();
    expect(await screen.findByText('23')).toBeTruthy();
    first.unmount();

    server.stock = 24;
    render(<QueryClientProvider client={first.client}>{editor()}</QueryClientProvider>);
    expect(await screen.findByText('24')).toBeTruthy();
    expect(screen.queryByText('23')).toBeNull();
  });
});
