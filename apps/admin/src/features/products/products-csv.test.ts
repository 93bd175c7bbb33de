import type { ProductCsvImportResult } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { describeChange, importChanges, importSummary } from './products-csv.js';

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
    expect(
      importSummary(
        result({ created: 1, updated: 1, unchanged: 0 }, { created: 4, updated: 1, unchanged: 3 }),
      ),
    ).toBe('2 products (1 created, 1 updated); 8 items (4 created, 1 updated, 3 unchanged)');
    expect(
      importSummary(
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
    expect(describeChange({ column: 'price', from: '149.00', to: '159.50' })).toBe(
      'price 149.00 → 159.50',
    );
    expect(describeChange({ column: 'stock', from: null, to: '4' })).toBe('stock 4');
    expect(describeChange({ column: 'options', from: 'Size=S', to: '' })).toBe(
      'options Size=S → (empty)',
    );
  });
});
