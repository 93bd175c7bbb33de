import type { ProductCsvImportResult, ProductCsvRowChange } from '@shop/shared';
import type { Translate } from '../../lib/i18n.js';
import type en from './i18n/en.json';

type T = Translate<keyof typeof en>;

const counted = (
  t: T,
  counts: ProductCsvImportResult['products'],
  noun: 'product' | 'item',
): string => {
  const total = counts.created + counts.updated + counts.unchanged;
  const parts = (['created', 'updated', 'unchanged'] as const)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => t('products.import.part', { kind, count: counts[kind] }));
  return parts.length > 0
    ? t('products.import.countedWith', { noun, total, parts: parts.join(', ') })
    : t('products.import.counted', { noun, total });
};

/** "2 products (1 created, 1 updated); 5 items (4 created, 1 updated)". */
export const importSummary = (t: T, result: ProductCsvImportResult): string =>
  t('products.import.summary', {
    products: counted(t, result.products, 'product'),
    items: counted(t, result.items, 'item'),
  });

/** Whether the import would change anything at all. */
export const importChanges = (result: ProductCsvImportResult): boolean =>
  result.rows.some((row) => row.action !== 'unchanged');

/**
 * One changed column as the preview shows it: "price 149.00 → 159.50", "stock 4" for new. The
 * column keeps the file's name, the one the staff member writes in the file.
 */
export function describeChange(t: T, change: ProductCsvRowChange['changes'][number]): string {
  const value = (text: string) => (text === '' ? t('products.import.emptyValue') : text);
  return change.from === null
    ? t('products.import.changeNew', { column: change.column, to: value(change.to) })
    : t('products.import.change', {
        column: change.column,
        from: value(change.from),
        to: value(change.to),
      });
}
