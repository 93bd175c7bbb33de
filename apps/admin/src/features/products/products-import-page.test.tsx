import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCsvMessages } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import ProductsImportPage from './products-import-page.js';

// The CSV import page names the file's columns, the English name's among them, and says in the
// staff member's language what a refused file has wrong (issue 31).

const page = () => (
  <ToastProvider>
    <ConfirmProvider>
      <MemoryRouter initialEntries={['/products/import']}>
        <ProductsImportPage />
      </MemoryRouter>
    </ConfirmProvider>
  </ToastProvider>
);

/** The columns as the page lists them under its heading, in their order. */
const listedColumns = () =>
  Array.from(
    screen
      .getByText('The columns')
      .closest('details')
      ?.querySelector('p')
      ?.querySelectorAll('code') ?? [],
    (code) => code.textContent,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the CSV import page (issue 31)', () => {
  it('lists product_name_en after product_name and says what it holds, in English', () => {
    renderWithQueries(page());
    expect(listedColumns()?.slice(0, 3)).toEqual([
      'product_slug',
      'product_name',
      'product_name_en',
    ]);
    expect(
      screen.getByText((_, element) =>
        Boolean(
          element?.tagName === 'P' &&
          element.textContent?.startsWith(
            'product_name is the Norwegian name, product_name_en the English one: where it is left empty, the English shop shows the Norwegian name.',
          ),
        ),
      ),
    ).toBeTruthy();
  });

  it('says it in bokmål, and a product’s rows that disagree on the English name too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: productCsvMessages.refused(1),
              errors: [
                {
                  row: 3,
                  column: 'product_name_en',
                  message: productCsvMessages.differs('product_name_en', 2),
                },
              ],
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderWithQueries(page(), { locale: 'nb' });
    expect(
      screen.getByText((_, element) =>
        Boolean(
          element?.tagName === 'P' &&
          element.textContent?.startsWith(
            'product_name er det norske navnet, product_name_en det engelske: der det står tomt, viser den engelske nettbutikken det norske navnet.',
          ),
        ),
      ),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('CSV-fil'), {
      target: { files: [new File(['product_slug,sku\n'], 'produkter.csv', { type: 'text/csv' })] },
    });
    const errors = await screen.findByRole('table', { name: 'Feil i filen' });
    expect(within(errors).getAllByRole('row')[1]?.textContent).toBe(
      '3product_name_enproduct_name_en er ikke den samme som i rad 2 for samme produkt: alle radene for et produkt må ha samme product_name_en',
    );
  });
});
