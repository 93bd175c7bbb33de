import { z } from 'zod';
import { adminErrorSchema } from './admin.js';
import { adminProductListQuerySchema } from './admin-products.js';
import { answerText } from './common.js';

/**
 * The back office's CSV of products and their items: one row per item that is not archived,
 * found again on import by its SKU. The header names are fixed; their order is free.
 * `product_name` is the bokmål name, `product_name_en` the English one ('' where none is
 * written, so English pages show the bokmål).
 */
export const productCsvColumns = [
  'product_slug',
  'product_name',
  'product_name_en',
  'category',
  'status',
  'vat_percent',
  'sku',
  'options',
  'price',
  'discount_percent',
  'stock',
  'order_limit',
  'weight_grams',
  'disabled',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** The columns every import needs: a row is an item of a product, found by these two. */
export const productCsvRequiredColumns = ['product_slug', 'sku'] as const;

/** Columns whose value is the product's, so every row of one product must agree on them. */
export const productCsvProductColumns = [
  'product_name',
  'product_name_en',
  'category',
  'status',
  'vat_percent',
] as const;

/** The most a CSV file sent to the import may weigh. */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;

/** The most rows (items) one import may hold. */
export const PRODUCT_CSV_MAX_ROWS = 20_000;

/** How a category path is written in the file: the names from the top, e.g. Garments > Men. */
export const CATEGORY_PATH_SEPARATOR = ' > ';

export const productCsvMessages = {
  refused: (count: number) =>
    `The file was not imported: ${count === 1 ? 'one row has an error' : `${count} errors were found`}. Nothing was changed.`,
  empty: 'The file is empty: export the products first and use that file as the pattern.',
  notText: 'This is not a CSV text file. Save the sheet as CSV (UTF-8) and try again.',
  tooLarge: `The file is larger than ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`,
  tooManyRows: `The file has more than ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en')} rows: split it into smaller files.`,
  contentType: 'Send the file as text/csv.',
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  unknownColumn: (name: string) =>
    `Unknown column ${name}: the columns are ${productCsvColumns.join(', ')}`,
  columnTwice: (name: string) => `The column ${name} is given twice`,
  missingColumn: (name: string) => `The column ${name} is required`,
  cellCount: (found: number, expected: number) =>
    `This row has ${found} cells, the header ${expected}: check the delimiter and the quotes`,
  required: (column: string) => `${column} is required`,
  requiredForNew: (column: string, what: 'product' | 'item') =>
    `${column} is required for a new ${what}`,
  slug: 'A slug is lower-case letters and digits with single dashes, such as hemp-t-shirt',
  price: 'Write the price in kroner with at most two decimals, such as 199.50 or 199,50',
  wholeNumber: (column: string) => `${column} must be a whole number, such as 5`,
  status: 'status must be draft, published or archived',
  vat: 'vat_percent must be 25 or 15',
  disabled: 'disabled must be yes or no',
  options:
    'Write the options as Name=Value pairs separated by semicolons, such as Size=S; Colour=Red',
  optionTwice: (name: string) => `The option ${name} is given twice`,
  optionCharacters: 'An option name cannot hold = or ;, and a value cannot hold ;',
  unknownCategory: (path: string) =>
    `There is no category ${path}: write the names from the top category down, such as Garments > T-Shirts`,
  ambiguousCategory: (path: string) =>
    `More than one category is ${path}: rename one of them in the categories page first`,
  differs: (column: string, row: number) =>
    `${column} differs from row ${row} of the same product: every row of a product must give the same ${column}`,
  skuTwiceInFile: (sku: string, row: number) => `SKU ${sku} is given in row ${row} too`,
  skuOfOtherProduct: (sku: string, slug: string) =>
    `SKU ${sku} belongs to the product ${slug}: an item cannot move to another product`,
  skuArchived: (sku: string) =>
    `SKU ${sku} is an archived item, kept for its orders: give this item another SKU`,
  stockBelowZero: 'Stock cannot go below 0',
  stockNote: 'CSV import',
} as const;

export const productCsvExportQuerySchema = adminProductListQuerySchema.pick({
  q: true,
  categoryId: true,
  status: true,
  stock: true,
});
export type ProductCsvExportQuery = z.input<typeof productCsvExportQuerySchema>;

export const productCsvImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('true')
    .transform((value) => value === 'true')
    .describe('true (the default): check and preview, write nothing. false: import.'),
});
export type ProductCsvImportQuery = z.input<typeof productCsvImportQuerySchema>;

export const productCsvRowActions = ['create', 'update', 'unchanged'] as const;
export type ProductCsvRowAction = (typeof productCsvRowActions)[number];

/** One row of the file and what the import does (or would do) with it. */
export const productCsvRowChangeSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  productSlug: answerText(),
  sku: answerText(),
  action: z.enum(productCsvRowActions),
  /** Each changed column, with the values as the file writes them; from is null for a new one. */
  changes: z.array(
    z.object({ column: answerText(), from: answerText().nullable(), to: answerText() }),
  ),
});
export type ProductCsvRowChange = z.infer<typeof productCsvRowChangeSchema>;

const countsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

export const productCsvImportResultSchema = z.object({
  /** True when nothing was written: the preview of what the import would do. */
  dryRun: z.boolean(),
  products: countsSchema,
  items: countsSchema,
  rows: z.array(productCsvRowChangeSchema),
});
export type ProductCsvImportResult = z.infer<typeof productCsvImportResultSchema>;

export const productCsvErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The column the error is about; null when it is about the whole row or file. */
  column: answerText().nullable(),
  message: answerText(),
});
export type ProductCsvError = z.infer<typeof productCsvErrorSchema>;

/** A refused import: every error found, by row and column; nothing was written. */
export const productCsvImportErrorSchema = adminErrorSchema.extend({
  errors: z.array(productCsvErrorSchema).optional(),
});
export type ProductCsvImportError = z.infer<typeof productCsvImportErrorSchema>;
