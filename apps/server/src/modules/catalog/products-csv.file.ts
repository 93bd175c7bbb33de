import { parse } from 'csv-parse/sync';
import {
  PRODUCT_CSV_MAX_ROWS,
  productCsvColumns,
  productCsvMessages as messages,
  productCsvProductColumns,
  productCsvRequiredColumns,
  productEnglishInputSchema,
  productItemInputSchema,
  productOptionInputSchema,
  productSaveRequestSchema,
  productStatusValues,
  text,
  type ProductCsvColumn,
  type ProductCsvError,
  type ProductSave,
  type ProductStatus,
} from '@shop/shared';
import type { z } from 'zod';

/**
 * The CSV file of products and items as text: its cell formats, and reading an import's file
 * into checked rows grouped by product, before the shop's data is looked at.
 */

type Column = ProductCsvColumn;
type VatRate = ProductSave['vatPercent'];

// ---------------------------------------------------------------------------------------------
// Cell formats

/** Øre as kroner with two decimals, "199.50": integer arithmetic, never a float. */
export function formatPriceOre(ore: number): string {
  return `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
}

/**
 * Kroner as written by a person or a spreadsheet ("199", "199.5", "199,50", "1 299,00") in
 * øre, by string arithmetic so 0.1 + 0.2 never happens; undefined when it is not a price.
 */
export function parsePriceOre(cell: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cell.replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return undefined;
  const [, kroner = '0', ore = ''] = match;
  return Number(kroner) * 100 + Number(ore.padEnd(2, '0'));
}

const wholeNumber = (cell: string) => (/^\d{1,9}$/.test(cell) ? Number(cell) : undefined);

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function parseYesNo(cell: string): boolean | undefined {
  const value = cell.toLowerCase();
  if (['yes', 'true', '1', 'ja'].includes(value)) return true;
  if (['no', 'false', '0', 'nei'].includes(value)) return false;
  return undefined;
}

/** An item's option values in the order of the product's options: "Size=S; Colour=Red". */
export function formatOptions(
  variants: Readonly<Record<string, string>>,
  options: readonly { name: string }[] = [],
): string {
  const names = [
    ...options.map((option) => option.name).filter((name) => name in variants),
    ...Object.keys(variants).filter((name) => !options.some((option) => option.name === name)),
  ];
  return names.map((name) => `${name}=${variants[name]}`).join('; ');
}

/** "Size=S; Colour=Red" as name/value pairs in their order, or the message saying what is wrong. */
function parseOptions(cell: string): [string, string][] | string {
  if (cell === '') return [];
  const pairs: [string, string][] = [];
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    if (equals === -1) return messages.options;
    const name = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    for (const [schema, label] of [
      [productOptionInputSchema.shape.name, name],
      [productOptionInputSchema.shape.values.element, value],
    ] as const) {
      const checked = schema.safeParse(label);
      if (!checked.success) return checked.error.issues[0]?.message ?? messages.options;
    }
    if (value.includes('=')) return messages.optionCharacters;
    if (pairs.some(([other]) => other.toLowerCase() === name.toLowerCase()))
      return messages.optionTwice(name);
    pairs.push([name, value]);
  }
  return pairs;
}

/** One spelling of a category path for comparing: "garments>t-shirts". */
export const categoryKey = (path: string) =>
  path
    .split(/\s*[>›]\s*/)
    .map((name) => name.trim().toLowerCase())
    .join('>');

// A cell that starts like a formula is run by a spreadsheet when the file is opened; a leading
// apostrophe makes it text there, and the import takes the apostrophe off again.
const formulaStart = /^[=+\-@\t\r]/;
export const guardFormula = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);
const unguardFormula = (cell: string) =>
  cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;

// ---------------------------------------------------------------------------------------------
// Reading the file

/** What the import found wrong, by row and column, in the order found. */
export class Problems {
  readonly list: ProductCsvError[] = [];
  add(row: number, column: Column | null, message: string): void {
    this.list.push({ row, column, message });
  }
  get sorted(): ProductCsvError[] {
    const order = (column: string | null) =>
      column === null ? -1 : productCsvColumns.indexOf(column as Column);
    return [...this.list].sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  }
}

/** A file that cannot be read at all: the import answers this one error. */
export class FileRefused extends Error {
  constructor(
    message: string,
    readonly row = 1,
  ) {
    super(message);
  }
}

/** The file's text: UTF-8 (with or without a BOM), else Windows-1252 as Excel's plain "CSV". */
function decode(body: Buffer | string): string {
  let content: string;
  if (typeof body === 'string') content = body;
  else {
    if (body.includes(0)) throw new FileRefused(messages.notText);
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      content = new TextDecoder('windows-1252').decode(body);
    }
  }
  if (content.includes('\u0000')) throw new FileRefused(messages.notText);
  content = content.replace(/^\ufeff/, '');
  if (content.trim() === '') throw new FileRefused(messages.empty);
  return content;
}

/** `;` when the header row holds more of them than commas: Excel in Norway writes that way. */
function delimiterOf(content: string): ',' | ';' {
  const header = content.slice(0, content.search(/\r?\n|$/));
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The file's records, each with its row number as a spreadsheet shows it. */
function readRecords(content: string): { row: number; cells: string[] }[] {
  let records: string[][];
  try {
    records = parse(content, {
      delimiter: delimiterOf(content),
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const row =
      typeof error === 'object' && error !== null && 'records' in error
        ? Number(error.records) + 1
        : 1;
    throw new FileRefused(messages.unreadable(detail), Number.isFinite(row) ? row : 1);
  }
  return records.map((cells, index) => ({
    row: index + 1,
    cells: cells.map((cell) => unguardFormula(cell.trim())),
  }));
}

/** One row of the file, its cells checked; a value is undefined when its cell is empty. */
export interface CsvRow {
  row: number;
  slug: string;
  sku: string;
  /** The product's cells as written, to check that every row of a product agrees. */
  productCells: Partial<Record<Column, string>>;
  name?: string;
  /**
   * The English name: '' clears it, so English pages show the bokmål; undefined when the file
   * has no product_name_en column, which keeps the product's (a file from before it existed).
   */
  nameEn?: string;
  categoryPath?: string;
  status?: ProductStatus;
  vatPercent?: VatRate;
  /** Undefined when the file has no options column: the item keeps its values. */
  variants?: [string, string][];
  priceOre?: number;
  discountPercent?: number;
  stock?: number;
  orderLimit?: number;
  weightGrams?: number;
  disabled?: boolean;
}

const firstMessage = (result: { error?: { issues: { message: string }[] } }, fallback: string) =>
  result.error?.issues[0]?.message ?? fallback;

/** Checks one number cell with the save schema's own range and message. */
function numberCell(
  cell: string,
  column: Column,
  schema: z.ZodType,
  problems: Problems,
  row: number,
): number | undefined {
  if (cell === '') return undefined;
  const value = column === 'price' ? parsePriceOre(cell) : wholeNumber(cell);
  if (value === undefined) {
    problems.add(row, column, column === 'price' ? messages.price : messages.wholeNumber(column));
    return undefined;
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    problems.add(row, column, firstMessage(checked, messages.wholeNumber(column)));
    return undefined;
  }
  return value;
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const nameSchema = productSaveRequestSchema.shape.name;
const nameEnSchema = productEnglishInputSchema.shape.name;
export const itemShape = productItemInputSchema.shape;

function readRow(
  row: number,
  cellOf: (column: Column) => string | undefined,
  problems: Problems,
): CsvRow {
  const cells = new Map<Column, string>();
  for (const column of productCsvColumns) {
    const value = cellOf(column);
    if (value === undefined) continue;
    const checked = text().safeParse(value);
    if (checked.success) cells.set(column, value);
    else {
      problems.add(row, column, firstMessage(checked, messages.notText));
      cells.set(column, '');
    }
  }
  const cell = (column: Column) => cells.get(column) ?? '';
  const parsed: CsvRow = { row, slug: cell('product_slug'), sku: cell('sku'), productCells: {} };
  for (const column of productCsvProductColumns) {
    const value = cells.get(column);
    if (value !== undefined) parsed.productCells[column] = value;
  }

  if (parsed.slug === '') problems.add(row, 'product_slug', messages.required('product_slug'));
  else if (!slugPattern.test(parsed.slug) || parsed.slug.length > 100)
    problems.add(row, 'product_slug', messages.slug);
  if (parsed.sku === '') problems.add(row, 'sku', messages.required('sku'));
  else {
    const sku = itemShape.sku.safeParse(parsed.sku);
    if (!sku.success) problems.add(row, 'sku', firstMessage(sku, messages.required('sku')));
  }
  if (cell('product_name') !== '') {
    const name = nameSchema.safeParse(cell('product_name'));
    if (name.success) parsed.name = name.data;
    else problems.add(row, 'product_name', firstMessage(name, messages.required('product_name')));
  }
  const nameEn = cells.get('product_name_en');
  if (nameEn !== undefined) {
    const checked = nameEnSchema.safeParse(nameEn);
    if (checked.success) parsed.nameEn = checked.data;
    else problems.add(row, 'product_name_en', firstMessage(checked, messages.notText));
  }
  if (cell('category') !== '') parsed.categoryPath = cell('category');
  if (cell('status') !== '') {
    const status = cell('status').toLowerCase();
    if ((productStatusValues as readonly string[]).includes(status))
      parsed.status = status as ProductStatus;
    else problems.add(row, 'status', messages.status);
  }
  if (cell('vat_percent') !== '') {
    const vat = cell('vat_percent').replace(/\s*%$/, '');
    if (vat === '25' || vat === '15') parsed.vatPercent = Number(vat) as VatRate;
    else problems.add(row, 'vat_percent', messages.vat);
  }
  const options = cells.get('options');
  if (options !== undefined) {
    const pairs = parseOptions(options);
    if (typeof pairs === 'string') problems.add(row, 'options', pairs);
    else parsed.variants = pairs;
  }
  parsed.priceOre = numberCell(cell('price'), 'price', itemShape.priceOre, problems, row);
  parsed.discountPercent = numberCell(
    cell('discount_percent'),
    'discount_percent',
    itemShape.discountPercent,
    problems,
    row,
  );
  parsed.stock = numberCell(cell('stock'), 'stock', itemShape.stock, problems, row);
  parsed.orderLimit = numberCell(
    cell('order_limit'),
    'order_limit',
    itemShape.orderLimit,
    problems,
    row,
  );
  parsed.weightGrams = numberCell(
    cell('weight_grams'),
    'weight_grams',
    itemShape.weightGrams,
    problems,
    row,
  );
  if (cell('disabled') !== '') {
    const disabled = parseYesNo(cell('disabled'));
    if (disabled === undefined) problems.add(row, 'disabled', messages.disabled);
    else parsed.disabled = disabled;
  }
  return parsed;
}

/** The file's rows, each cell checked on its own; problems collects what is wrong. */
export function readFile(body: Buffer | string, problems: Problems): CsvRow[] {
  const [header, ...records] = readRecords(decode(body));
  if (!header) throw new FileRefused(messages.empty);
  const names = header.cells.map((name) => name.toLowerCase());
  const columns = new Map<Column, number>();
  names.forEach((name, index) => {
    if (name === '') return;
    if (!(productCsvColumns as readonly string[]).includes(name))
      problems.add(
        1,
        null,
        messages.unknownColumn(name.length > 40 ? `${name.slice(0, 40)}…` : name),
      );
    else if (columns.has(name as Column))
      problems.add(1, name as Column, messages.columnTwice(name));
    else columns.set(name as Column, index);
  });
  for (const column of productCsvRequiredColumns)
    if (!columns.has(column)) problems.add(1, column, messages.missingColumn(column));
  if (problems.list.length > 0) return [];

  const filled = records.filter((record) => record.cells.some((cell) => cell !== ''));
  if (filled.length === 0) throw new FileRefused(messages.empty);
  if (filled.length > PRODUCT_CSV_MAX_ROWS) throw new FileRefused(messages.tooManyRows);
  return filled.flatMap((record) => {
    const extra = record.cells.slice(header.cells.length);
    if (record.cells.length < header.cells.length || extra.some((cell) => cell !== '')) {
      problems.add(record.row, null, messages.cellCount(record.cells.length, header.cells.length));
      return [];
    }
    const cellOf = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? undefined : (record.cells[index] ?? '');
    };
    return [readRow(record.row, cellOf, problems)];
  });
}

// ---------------------------------------------------------------------------------------------
// Grouping the rows by product

/** The rows of one product, in file order. */
export interface ProductGroup {
  slug: string;
  rows: CsvRow[];
  first: CsvRow;
}

export function groupRows(rows: readonly CsvRow[], problems: Problems): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  const skuRows = new Map<string, number>();
  for (const row of rows) {
    const key = row.sku.toUpperCase();
    const earlier = skuRows.get(key);
    if (row.sku !== '' && earlier !== undefined)
      problems.add(row.row, 'sku', messages.skuTwiceInFile(row.sku, earlier));
    else skuRows.set(key, row.row);
    if (row.slug === '') continue;
    const group = groups.get(row.slug);
    if (!group) {
      groups.set(row.slug, { slug: row.slug, rows: [row], first: row });
      continue;
    }
    group.rows.push(row);
    for (const column of productCsvProductColumns) {
      const mine = row.productCells[column] ?? '';
      const theirs = group.first.productCells[column] ?? '';
      const same =
        column === 'category'
          ? categoryKey(mine) === categoryKey(theirs)
          : column === 'product_name' || column === 'product_name_en'
            ? mine === theirs
            : mine.toLowerCase() === theirs.toLowerCase();
      if (!same) problems.add(row.row, column, messages.differs(column, group.first.row));
    }
  }
  return [...groups.values()];
}
