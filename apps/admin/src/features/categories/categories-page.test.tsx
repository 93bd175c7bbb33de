import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import CategoriesPage from './categories-page.js';

// A category is named in bokmål and, beside it, in English (issue 31.5); the page speaks the
// staff member's language (issue 31.1).

const tea: AdminCategory = {
  id: '33333333-3333-4333-8333-333333333333',
  parentId: null,
  level: 1,
  name: 'Te',
  nameEn: '',
  englishFallbacks: ['name'],
  slug: 'te',
  slugLocked: false,
  image: '',
  position: 0,
  hidden: false,
  productCount: 2,
  totalProductCount: 2,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The category calls; answers the bodies sent, by method and path. */
function stubServer() {
  const sent: Record<string, unknown> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === '/api/admin/categories') return json({ categories: [tea] });
      sent[`${method} ${path}`] = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method === 'POST' && path === '/api/admin/categories') return json({ id: tea.id }, 201);
      if (method === 'PATCH') return json(tea);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

const page = () => (
  <ToastProvider>
    <ConfirmProvider>
      <CategoriesPage />
    </ConfirmProvider>
  </ToastProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe('the categories page', () => {
  it('speaks bokmål to a Norwegian staff member', async () => {
    stubServer();
    renderWithQueries(page(), { locale: 'nb' });
    expect(await screen.findByRole('heading', { name: 'Kategorier' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ny kategori' })).toBeTruthy();
    expect(await screen.findByText('Mangler engelsk navn')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Te/ }));
    expect(await screen.findByRole('heading', { name: 'Rediger «Te»' })).toBeTruthy();
    expect(screen.getByLabelText('Navn på engelsk')).toBeTruthy();
    expect(screen.getByText('Viser norsk tekst')).toBeTruthy();
    expect(
      screen.getByText('2 produkter direkte i kategorien, 2 med underkategoriene.'),
    ).toBeTruthy();
  });

  it('marks an empty English name and saves the one written', async () => {
    const sent = stubServer();
    renderWithQueries(page());
    fireEvent.click(await screen.findByRole('button', { name: /^Te/ }));
    const nameEn = await screen.findByLabelText<HTMLInputElement>('Name in English');
    expect(nameEn.value).toBe('');
    expect(screen.getByText('Shows the Norwegian text')).toBeTruthy();
    fireEvent.change(nameEn, { target: { value: 'Tea' } });
    expect(screen.queryByText('Shows the Norwegian text')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[`PATCH /api/admin/categories/${tea.id}`]).toBeDefined());
    expect(sent[`PATCH /api/admin/categories/${tea.id}`]).toEqual({ nameEn: 'Tea' });
  });

  it('creates a category with its English name', async () => {
    const sent = stubServer();
    renderWithQueries(page());
    fireEvent.click(await screen.findByRole('button', { name: 'New category' }));
    fireEvent.change(screen.getByLabelText('Name', { exact: true }), {
      target: { value: 'Kaffe' },
    });
    fireEvent.change(screen.getByLabelText('Name in English'), { target: { value: 'Coffee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent['POST /api/admin/categories']).toBeDefined());
    expect(sent['POST /api/admin/categories']).toEqual({
      name: 'Kaffe',
      nameEn: 'Coffee',
      parentId: null,
    });
  });
});
