import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProductMessages, type AdminCategory, type AdminProduct } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import ProductEditorPage from './product-editor-page.js';

// A product's brand and GTIN in the editor (issue 34.6), for the product feeds: shown as stored,
// checked before sending (a GTIN's check digit), and saved with the product.

const honey: AdminCategory = {
  id: '33333333-3333-4333-8333-333333333333',
  parentId: null,
  level: 1,
  name: 'Honning',
  nameEn: 'Honey',
  englishFallbacks: [],
  slug: 'honning',
  slugLocked: false,
  image: '',
  position: 0,
  hidden: false,
  productCount: 1,
  totalProductCount: 1,
};

const acacia: AdminProduct = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Akasiehonning',
  slug: 'akasiehonning',
  status: 'published',
  categoryId: honey.id,
  categoryPath: [{ id: honey.id, name: honey.name }],
  heroImage: '/products/acacia.webp',
  gallery: [],
  imageAlts: {},
  description: '<p>Mild.</p>',
  information: [],
  brand: 'Bie & Co',
  gtin: '4006381333931',
  vatPercent: 15,
  weightGrams: 500,
  options: [],
  items: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      variants: {},
      sku: 'HONEY-1',
      priceOre: 14_900,
      discountPercent: 0,
      sellingPriceOre: 14_900,
      stock: 12,
      orderLimit: 10,
      weightGrams: 500,
      disabled: false,
      archivedAt: null,
      lowStockThreshold: null,
      heroImage: null,
      gallery: [],
      isDefault: true,
    },
  ],
  related: [],
  en: { name: 'Acacia Honey', description: '<p>Mild.</p>', information: [], options: [] },
  englishFallbacks: [],
  version: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The product's and the categories' calls; a PUT is kept as sent and answered as saved. */
function stubServer() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === `/api/admin/products/${acacia.id}` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return json({ ...acacia, brand: body.brand, gtin: body.gtin, version: 3 });
      }
      if (path === `/api/admin/products/${acacia.id}`) return json(acacia);
      if (path === '/api/admin/categories') return json({ categories: [honey] });
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }),
  );
  return sent;
}

const editor = () => (
  <ToastProvider>
    <ConfirmProvider>
      <MemoryRouter initialEntries={[`/products/${acacia.id}`]}>
        <Routes>
          <Route path="/products/:productId" element={<ProductEditorPage />} />
        </Routes>
      </MemoryRouter>
    </ConfirmProvider>
  </ToastProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe('brand and GTIN in the product editor (issue 34.6)', () => {
  it('issue 34.6: shows the stored brand and GTIN, in bokmål to a Norwegian staff member', async () => {
    stubServer();
    renderWithQueries(editor(), { locale: 'nb' });
    expect((await screen.findByLabelText<HTMLInputElement>('Merke')).value).toBe('Bie & Co');
    expect(screen.getByLabelText<HTMLInputElement>('GTIN (EAN-strekkodenummer)').value).toBe(
      '4006381333931',
    );
    expect(screen.getByText(/feedene oppgir da butikkens navn/)).toBeTruthy();
  });

  it('issue 34.6: refuses a GTIN whose check digit is wrong before sending, beside the field', async () => {
    const sent = stubServer();
    renderWithQueries(editor());
    const gtin = await screen.findByLabelText<HTMLInputElement>('GTIN (EAN barcode number)');
    fireEvent.change(gtin, { target: { value: '4006381333932' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(adminProductMessages.gtinCheckDigit)).toBeTruthy();
    expect(gtin.classList.contains('is-invalid')).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('issue 34.6: saves the brand and GTIN typed, with the product', async () => {
    const sent = stubServer();
    renderWithQueries(editor());
    fireEvent.change(await screen.findByLabelText('Brand'), { target: { value: 'Fjordbie' } });
    fireEvent.change(screen.getByLabelText('GTIN (EAN barcode number)'), {
      target: { value: '7038 0100 6930 7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // As typed: the server drops the spaces, as the shared rule the form checked with does.
    expect(sent[0]).toMatchObject({ brand: 'Fjordbie', gtin: '7038 0100 6930 7' });
  });
});
