import type { ProductCsvImportResult } from '@shop/shared';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';
import { describeChange, importChanges, importSummary } from './products-csv.js';

/** The products' translator in a language, as the import page has it. */
const translator = (locale: 'en' | 'nb') =>
  renderHook(() => useT<typeof en>(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider locale={locale}>{children}</LanguageProvider>
    ),
  }).result.current;

const result = (
  products: ProductCsvImportResult['products'],
  items: ProductCsvImportResult['items'],
  actions: ('create' | 'update' | 'unchanged')[] = [],
): ProductCsvImportResult => ({
  dryRun: true,
  products,
  items,
  rows: actions.map((action, index) => ({
    row: index + 2,
    productSlug: 'tee',
    sku: `TEE-${index}`,
    action,
    changes: [],
  })),
});

describe('the CSV import and export helpers (issue 12)', () => {
  it('sums up what an import does', () => {
    const t = translator('en');
    expect(
      importSummary(
        t,
        result({ created: 1, updated: 1, unchanged: 0 }, { created: 4, updated: 1, unchanged: 3 }),
      ),
    ).toBe('2 products (1 created, 1 updated); 8 items (4 created, 1 updated, 3 unchanged)');
    expect(
      importSummary(
        t,
        result({ created: 0, updated: 0, unchanged: 1 }, { created: 0, updated: 0, unchanged: 1 }),
      ),
    ).toBe('1 product (1 unchanged); 1 item (1 unchanged)');
  });

  it('knows when a file changes nothing', () => {
    const counts = { created: 0, updated: 0, unchanged: 2 };
    expect(importChanges(result(counts, counts, ['unchanged', 'unchanged']))).toBe(false);
    expect(importChanges(result(counts, counts, ['unchanged', 'update']))).toBe(true);
  });

  it('shows a change with its old and new value, a new value alone', () => {
    const t = translator('en');
    expect(describeChange(t, { column: 'price', from: '149.00', to: '159.50' })).toBe(
      'price 149.00 → 159.50',
    );
    expect(describeChange(t, { column: 'stock', from: null, to: '4' })).toBe('stock 4');
    expect(describeChange(t, { column: 'options', from: 'Size=S', to: '' })).toBe(
      'options Size=S → (empty)',
    );
  });

  it('says it in bokmål to a Norwegian staff member', () => {
    const t = translator('nb');
    expect(
      importSummary(
        t,
        result({ created: 1, updated: 1, unchanged: 0 }, { created: 4, updated: 1, unchanged: 3 }),
      ),
    ).toBe('2 produkter (1 opprettet, 1 oppdatert); 8 varer (4 opprettet, 1 oppdatert, 3 uendret)');
    expect(describeChange(t, { column: 'options', from: 'Size=S', to: '' })).toBe(
      'options Size=S → (tom)',
    );
  });
});
