import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  nameEn: 'Woodwork',
  englishFallbacks: [],
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
  brand: '',
  gtin: '',
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
  en: { name: 'Sheesham Serving Board', description: '', information: [], options: [] },
  englishFallbacks: ['description'],
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The product's and the categories' calls; the categories answer only when `categoriesAnswer` runs. */
function stubServer(product: (stock: number) => AdminProduct = board) {
  const server = { stock: 23, categoriesAnswer: () => {}, saved: undefined as unknown };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === `/api/admin/products/${board(0).id}` && init?.method === 'PUT') {
        server.saved = JSON.parse(String(init.body));
        return json({ ...product(server.stock), version: 4 });
      }
      if (path === `/api/admin/products/${board(0).id}`) return json(product(server.stock));
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

/** The board with a specification and an option, bokmål beside the English given. */
const boardIn =
  (en: AdminProduct['en']) =>
  (stock: number): AdminProduct => {
    const plain = board(stock);
    return {
      ...plain,
      name: 'Serveringsbrett i sheesham',
      description: '<p>Et brett.</p>',
      information: [{ informationKey: 'Materiale', informationValue: 'Sheesham' }],
      options: [{ name: 'Størrelse', values: ['Liten'] }],
      items: plain.items.map((item) => ({ ...item, variants: { Størrelse: 'Liten' } })),
      en,
    };
  };

describe('the product editor in both languages (issue 31.5)', () => {
  it('speaks bokmål to a Norwegian staff member', async () => {
    const server = stubServer();
    renderWithQueries(editor(), { locale: 'nb' });
    server.categoriesAnswer();
    expect(await screen.findByLabelText('Navn')).toBeTruthy();
    expect(screen.getByLabelText('Navn på engelsk')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tekniske spesifikasjoner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Varenummer' })).toBeTruthy();
    // The English description is empty while the bokmål one is not.
    expect(screen.getByText('Viser norsk tekst')).toBeTruthy();
  });

  it('marks each English text left empty as showing the Norwegian one', async () => {
    const server = stubServer(
      boardIn({
        name: '',
        description: '',
        information: [],
        options: [{ name: '', values: [''] }],
      }),
    );
    renderWithQueries(editor());
    server.categoriesAnswer();
    const nameEn = await screen.findByLabelText<HTMLInputElement>('Name in English');
    expect(nameEn.value).toBe('');
    // Name, description, specifications and the option.
    expect(screen.getAllByText('Shows the Norwegian text')).toHaveLength(4);
    fireEvent.change(nameEn, { target: { value: 'Sheesham Serving Board' } });
    expect(screen.getAllByText('Shows the Norwegian text')).toHaveLength(3);
  });

  it('saves the English texts beside the bokmål ones', async () => {
    const server = stubServer(
      boardIn({
        name: 'Serving board',
        description: '<p>A board.</p>',
        information: [],
        options: [{ name: '', values: [''] }],
      }),
    );
    renderWithQueries(editor());
    server.categoriesAnswer();
    fireEvent.change(await screen.findByLabelText('Name in English'), {
      target: { value: 'Sheesham Serving Board' },
    });
    fireEvent.change(screen.getByLabelText('Specification 1 in English'), {
      target: { value: 'Material' },
    });
    fireEvent.change(screen.getByLabelText('Value of specification 1 in English'), {
      target: { value: 'Sheesham wood' },
    });
    fireEvent.change(screen.getByLabelText('Option 1 in English'), { target: { value: 'Size' } });
    fireEvent.change(screen.getByLabelText('Values of option 1 in English, separated by commas'), {
      target: { value: 'Small' },
    });
    expect(screen.queryByText('Shows the Norwegian text')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saved).toBeDefined());
    expect(server.saved).toMatchObject({
      name: 'Serveringsbrett i sheesham',
      options: [{ name: 'Størrelse', values: ['Liten'] }],
      en: {
        name: 'Sheesham Serving Board',
        description: '<p>A board.</p>',
        information: [{ informationKey: 'Material', informationValue: 'Sheesham wood' }],
        options: [{ name: 'Size', values: ['Small'] }],
      },
    });
  });
});

/** The board in two sizes, each an item of its own. */
const boardInSizes = (stock: number): AdminProduct => {
  const plain = board(stock);
  const [first] = plain.items;
  if (!first) throw new Error('the board has no item');
  return {
    ...plain,
    options: [{ name: 'Size', values: ['Small', 'Large'] }],
    items: [
      { ...first, variants: { Size: 'Small' } },
      {
        ...first,
        id: '77777777-7777-4777-8777-777777777777',
        sku: 'BOARD-2',
        variants: { Size: 'Large' },
        isDefault: false,
      },
    ],
    en: { ...plain.en, options: [{ name: '', values: ['', ''] }] },
  };
};

describe('faster catalogue edits in the editor (issue 34.3)', () => {
  it('sets the price and an SKU prefix of the chosen items at once, saved with the product', async () => {
    const server = stubServer(boardInSizes);
    renderWithQueries(editor());
    server.categoriesAnswer();
    const chooseAll = await screen.findByRole('checkbox', { name: 'Choose all items' });
    expect(screen.queryByRole('group', { name: 'Set for the chosen items' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Size Large' }));
    const bulk = screen.getByRole('group', { name: 'Set for the chosen items' });
    expect(within(bulk).getByText('1 item chosen')).toBeTruthy();
    fireEvent.change(
      within(bulk).getByRole('textbox', { name: 'Price in kroner for the chosen items' }),
      {
        target: { value: '449,50' },
      },
    );
    fireEvent.click(within(bulk).getByRole('button', { name: 'Set' }));
    expect(screen.getByLabelText<HTMLInputElement>('Price of Size Large in kroner').value).toBe(
      '449,50',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Price of Size Small in kroner').value).toBe(
      '399',
    );

    fireEvent.click(chooseAll);
    expect(within(bulk).getByText('2 items chosen')).toBeTruthy();
    fireEvent.change(
      within(bulk).getByRole('combobox', { name: 'What to set for the chosen items' }),
      {
        target: { value: 'skuPrefix' },
      },
    );
    const prefix = within(bulk).getByRole('textbox', {
      name: 'SKU prefix, such as TSH for the chosen items',
    });
    fireEvent.change(prefix, { target: { value: '--' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Set' }));
    expect(within(bulk).getByRole('alert').textContent).toBe(
      'Enter a prefix with a letter or digit, such as TSH',
    );
    fireEvent.change(prefix, { target: { value: 'brd' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Set' }));
    expect(within(bulk).queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saved).toBeDefined());
    expect(server.saved).toMatchObject({
      items: [
        { variants: { Size: 'Small' }, sku: 'BRD-SMALL', priceOre: 39_900 },
        { variants: { Size: 'Large' }, sku: 'BRD-LARGE', priceOre: 44_950 },
      ],
    });
  });

  it('duplicates the product and opens the copy', async () => {
    const copy: AdminProduct = {
      ...board(0),
      id: '88888888-8888-4888-8888-888888888888',
      name: 'Sheesham Serving Board (kopi)',
      slug: 'sheesham-serving-board-kopi',
      status: 'draft',
      version: 1,
    };
    const duplicated: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === `/api/admin/products/${board(0).id}/duplicate` && init?.method === 'POST') {
          duplicated.push(path);
          return new Response(JSON.stringify(copy), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          });
        }
        if (path === `/api/admin/products/${board(0).id}`) return json(board(23));
        if (path === `/api/admin/products/${copy.id}`) return json(copy);
        if (path === '/api/admin/categories') return json({ categories: [woodwork, honey] });
        return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      }),
    );
    renderWithQueries(editor());
    expect(
      await screen.findByRole('heading', { name: 'Sheesham Serving Board', level: 1 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(
      await screen.findByRole('heading', { name: 'Sheesham Serving Board (kopi)', level: 1 }),
    ).toBeTruthy();
    expect(duplicated).toHaveLength(1);
    expect(
      screen.getByText('“Sheesham Serving Board (kopi)” made as a draft, without stock.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('draft');
  });
});

describe('the product editor’s preview (issue 34.4)', () => {
  const previewPath = '/preview/eyJwIjoiYm9hcmQifQ.c2lnbmVk';

  /** The board, as a draft, and the preview link's call answered by `preview`. */
  function stubPreview(preview: () => Response) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === `/api/admin/products/${board(0).id}/preview` && init?.method === 'POST') {
          asked.push(path);
          return preview();
        }
        if (path === `/api/admin/products/${board(0).id}`)
          return json({ ...board(23), status: 'draft' });
        if (path === '/api/admin/categories') return json({ categories: [woodwork, honey] });
        return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      }),
    );
    return asked;
  }

  /** The tab `window.open` gives: the page's own `about:blank`, until it is pointed elsewhere. */
  function stubTab() {
    const tab = {
      opener: window as Window | null,
      location: { href: 'about:blank' },
      close: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    return { tab, open };
  }

  afterEach(() => vi.restoreAllMocks());

  it('(issue 34.4) opens a tab at the click and points it at the preview link the server made', async () => {
    const asked = stubPreview(
      () =>
        new Response(JSON.stringify({ path: previewPath, expiresAt: '2026-12-07T18:00:00.000Z' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { tab, open } = stubTab();
    renderWithQueries(editor());
    const button = await screen.findByRole('button', { name: 'Preview' });
    expect(button.getAttribute('title')).toContain('The link works for 60 minutes');
    fireEvent.click(button);
    // In the click itself, before any answer: a pop-up blocker lets only that through.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.location.href).toBe('about:blank');
    await waitFor(() =>
      expect(tab.location.href).toBe(new URL(previewPath, window.location.origin).href),
    );
    expect(asked).toHaveLength(1);
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('(issue 34.4) closes the tab and says why when the server refuses the link', async () => {
    stubPreview(
      () => new Response(JSON.stringify({ message: 'Product not found' }), { status: 404 }),
    );
    const { tab } = stubTab();
    renderWithQueries(editor());
    fireEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe('about:blank');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });
});
