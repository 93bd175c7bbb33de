import type { ProductCsvImportResult, ProductCsvRowChange } from '@shop/shared';

const counted = (counts: ProductCsvImportResult['products'], noun: 'product' | 'item'): string => {
  const total = counts.created + counts.updated + counts.unchanged;
  const parts = [
    counts.created > 0 ? `${counts.created} created` : '',
    counts.updated > 0 ? `${counts.updated} updated` : '',
    counts.unchanged > 0 ? `${counts.unchanged} unchanged` : '',
  ].filter(Boolean);
  return `${total} ${noun}${total === 1 ? '' : 's'}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
};

/** "2 products (1 created, 1 updated); 5 items (4 created, 1 updated)". */
export const importSummary = (result: ProductCsvImportResult): string =>
  `${counted(result.products, 'product')}; ${counted(result.items, 'item')}`;

/** Whether the import would change anything at all. */
export const importChanges = (result: ProductCsvImportResult): boolean =>
  result.rows.some((row) => row.action !== 'unchanged');

/** One changed column as the preview shows it: "price 149.00 → 159.50", "stock 4" for new. */
export function describeChange(change: ProductCsvRowChange['changes'][number]): string {
  const value = (text: string) => (text === '' ? '(empty)' : text);
  return change.from === null
    ? `${change.column} ${value(change.to)}`
    : `${change.column} ${value(change.from)} → ${value(change.to)}`;
}
