import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CATEGORY_PATH_SEPARATOR,
  productCsvColumns,
  productCsvMessages as messages,
  productCsvProductColumns,
  productSaveRequestSchema,
  type AdminProduct,
  type ProductCsvColumn,
  type ProductCsvError,
  type ProductCsvImportResult,
  type ProductCsvRowChange,
  type ProductSave,
  type productCsvExportQuerySchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../domain-errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { getSetting } from '../settings/index.js';
import { categories, productItems, products } from './catalog.tables.js';
import { changeStock } from './inventory.service.js';
import {
  createProductIn,
  getAdminProduct,
  listConditions,
  type ProductSales,
  updateProductIn,
} from './products-admin.service.js';
import {
  categoryKey,
  FileRefused,
  formatOptions,
  formatPriceOre,
  groupRows,
  guardFormula,
  itemShape,
  Problems,
  readFile,
  yesNo,
  type CsvRow,
  type ProductGroup,
} from './products-csv.file.js';

/**
 * The catalogue as a CSV file and back: one row per item that is not archived. An import is
 * checked whole before anything is written, then stored through the product save path in one
 * transaction, so a file with one wrong row changes nothing; a dry run takes the same path and
 * rolls back, answering what the import would change.
 */

type Column = ProductCsvColumn;
type ExportQuery = z.output<typeof productCsvExportQuerySchema>;
type VatRate = ProductSave['vatPercent'];
type ItemInput = ProductSave['items'][number];

// ---------------------------------------------------------------------------------------------
// Export

/** Every category's path of names from the top, by id. */
async function categoryPaths(db: Database | Transaction): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string[]>();
  for (const row of rows) {
    const names: string[] = [];
    // Three levels at most; the bound keeps a broken parent chain from looping.
    for (let at: typeof row | undefined = row; at && names.length < 10;) {
      names.unshift(at.name);
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
    paths.set(row.id, names);
  }
  return paths;
}

/** The products the list's filters find, as the CSV file: UTF-8 with a BOM, CRLF line ends. */
export async function exportProductsCsv(db: Database, query: ExportQuery): Promise<string> {
  const [paths, shopThreshold] = await Promise.all([
    categoryPaths(db),
    getSetting(db, 'lowStockThreshold'),
  ]);
  const rows = await db
    .select({
      slug: products.slug,
      name: products.name,
      nameEn: products.nameEn,
      categoryId: sql<string>`coalesce(${products.subCategory2Id}, ${products.subCategoryId}, ${products.categoryId})`,
      status: products.status,
      vatPercent: products.vatPercent,
      options: products.options,
      sku: productItems.sku,
      variants: productItems.variants,
      priceOre: productItems.priceOre,
      discountPercent: productItems.discountPercent,
      stock: productItems.stock,
      orderLimit: productItems.orderLimit,
      weightGrams: productItems.weightGrams,
      disabled: productItems.disabled,
    })
    .from(products)
    .innerJoin(
      productItems,
      and(eq(productItems.productId, products.id), isNull(productItems.archivedAt)),
    )
    .where(listConditions(query, shopThreshold))
    .orderBy(asc(products.name), asc(products.id), asc(productItems.position));
  const cells = rows.map((row) => {
    const values: Record<Column, string> = {
      product_slug: row.slug,
      product_name: row.name,
      product_name_en: row.nameEn ?? '',
      category: (paths.get(row.categoryId) ?? []).join(CATEGORY_PATH_SEPARATOR),
      status: row.status,
      vat_percent: String(row.vatPercent),
      sku: row.sku,
      options: formatOptions(row.variants, row.options),
      price: formatPriceOre(row.priceOre),
      discount_percent: String(row.discountPercent),
      stock: String(row.stock),
      order_limit: String(row.orderLimit),
      weight_grams: String(row.weightGrams),
      disabled: yesNo(row.disabled),
    };
    return productCsvColumns.map((column) => guardFormula(values[column]));
  });
  const csv = stringify([[...productCsvColumns], ...cells], { record_delimiter: '\r\n' });
  return `\ufeff${csv}`;
}

// ---------------------------------------------------------------------------------------------
// Checking the rows against the shop

interface ExistingItem {
  id: string;
  sku: string;
  productId: string;
  productSlug: string;
  archived: boolean;
}

/** Values as one JSON parameter, so thousands of SKUs need no thousands of placeholders. */
const jsonList = (values: readonly string[]) =>
  sql`(select value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const uuidList = (values: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * The products and items the file names, locked for the import: items first and by id, as an
 * order locks them, then the products, so an import and a sale never wait on each other.
 */
async function lockExisting(tx: Transaction, groups: readonly ProductGroup[]) {
  const slugs = groups.map((group) => group.slug);
  const skus = groups.flatMap((group) => group.rows.map((row) => row.sku.toUpperCase()));
  const found = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(sql`${products.slug} in ${jsonList(slugs)}`);
  const productIds = found.map((product) => product.id);
  const items = await tx
    .select({
      id: productItems.id,
      sku: productItems.sku,
      productId: productItems.productId,
      productSlug: products.slug,
      archivedAt: productItems.archivedAt,
    })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(
      sql`upper(${productItems.sku}) in ${jsonList(skus)} or ${productItems.productId} in ${uuidList(productIds)}`,
    )
    .orderBy(asc(productItems.id))
    .for('update', { of: productItems });
  if (productIds.length > 0)
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('update');
  const productBySlug = new Map(found.map((product) => [product.slug, product.id]));
  const itemBySku = new Map<string, ExistingItem>(
    items.map((item) => [item.sku.toUpperCase(), { ...item, archived: item.archivedAt !== null }]),
  );
  return { productBySlug, itemBySku };
}

/** Category ids by the key of their path of names; two ids under one key are ambiguous. */
async function categoryIndex(tx: Transaction) {
  const paths = await categoryPaths(tx);
  const byKey = new Map<string, string[]>();
  for (const [id, names] of paths) {
    const key = categoryKey(names.join(CATEGORY_PATH_SEPARATOR));
    byKey.set(key, [...(byKey.get(key) ?? []), id]);
  }
  return { paths, byKey };
}

type Lookup = Awaited<ReturnType<typeof lockExisting>> & {
  categories: Awaited<ReturnType<typeof categoryIndex>>;
};

/** What one product of the file becomes: the save, and which row is which item of it. */
interface ProductPlan {
  group: ProductGroup;
  before?: AdminProduct;
  save: ProductSave;
  /** The row of each item of the save (undefined for an item the file does not name). */
  itemRows: (CsvRow | undefined)[];
  /** The existing item a row updates. */
  matched: Map<CsvRow, AdminProduct['items'][number]>;
  categoryPath: string[];
}

/**
 * The product's options from its items' values: its own options and values first, in their
 * order, then new ones as the file names them; values no item has any more are dropped. An
 * option name is matched whatever its case and spelt as the product spells it.
 */
function deriveOptions(before: AdminProduct | undefined, items: ItemInput[]) {
  const options = (before?.options ?? []).map((option) => ({
    name: option.name,
    known: option.values,
    used: new Set<string>(),
  }));
  for (const item of items) {
    const entries = Object.entries(item.variants).map(([name, value]): [string, string] => {
      let option = options.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      if (!option) {
        option = { name, known: [], used: new Set() };
        options.push(option);
      }
      option.used.add(value);
      return [option.name, value];
    });
    item.variants = Object.fromEntries(entries);
  }
  return options
    .map((option) => ({
      name: option.name,
      values: [
        ...option.known.filter((value) => option.used.has(value)),
        ...[...option.used].filter((value) => !option.known.includes(value)),
      ],
    }))
    .filter((option) => option.values.length > 0);
}

/**
 * The product's English options for its options as the file leaves them. The English follow
 * the bokmål by position, and the file may add or drop values, so each English text is found
 * by the bokmål name and value it translates.
 */
function englishOptions(
  before: AdminProduct | undefined,
  options: ProductSave['options'],
): NonNullable<ProductSave['en']>['options'] {
  return options.map((option) => {
    const index = before?.options.findIndex((known) => known.name === option.name) ?? -1;
    const known = index === -1 ? undefined : before?.options[index];
    const english = index === -1 ? undefined : before?.en.options[index];
    return {
      name: english?.name ?? '',
      values: option.values.map((value) => {
        const at = known?.values.indexOf(value) ?? -1;
        return (at === -1 ? undefined : english?.values[at]) ?? '';
      }),
    };
  });
}

const fieldColumns: Record<string, Column> = {
  name: 'product_name',
  en: 'product_name_en',
  slug: 'product_slug',
  categoryId: 'category',
  vatPercent: 'vat_percent',
  status: 'status',
  options: 'options',
  items: 'options',
  id: 'sku',
  sku: 'sku',
  variants: 'options',
  priceOre: 'price',
  discountPercent: 'discount_percent',
  stock: 'stock',
  orderLimit: 'order_limit',
  weightGrams: 'weight_grams',
  disabled: 'disabled',
  isDefault: 'disabled',
};

/** The row and column of a save's field (`items.2.sku`), and its message in the file's words. */
function locate(plan: ProductPlan, field: string | undefined, message: string): ProductCsvError {
  const first = plan.group.first.row;
  const itemField = /^items\.(\d+)(?:\.(\w+))?/.exec(field ?? '');
  if (!itemField) {
    const column = field ? (fieldColumns[field.split('.')[0] ?? ''] ?? null) : null;
    return { row: first, column, message };
  }
  const index = Number(itemField[1]);
  const row = plan.itemRows[index];
  const sku = plan.save.items[index]?.sku ?? '';
  return {
    row: row?.row ?? first,
    column: fieldColumns[itemField[2] ?? 'items'] ?? null,
    message: message.replace(
      /^Item \d+/,
      row ? 'This item' : `The item ${sku}, which the file does not name,`,
    ),
  };
}

/** Checks one product's rows against the shop and builds its save; undefined when wrong. */
async function planProduct(
  tx: Transaction,
  group: ProductGroup,
  lookup: Lookup,
  problems: Problems,
): Promise<ProductPlan | undefined> {
  const found = problems.list.length;
  const productId = lookup.productBySlug.get(group.slug);
  const { first } = group;
  for (const row of group.rows) {
    const item = lookup.itemBySku.get(row.sku.toUpperCase());
    if (item && item.productId !== productId)
      problems.add(row.row, 'sku', messages.skuOfOtherProduct(row.sku, item.productSlug));
    else if (item?.archived) problems.add(row.row, 'sku', messages.skuArchived(row.sku));
    else if (!item && row.priceOre === undefined)
      problems.add(row.row, 'price', messages.requiredForNew('price', 'item'));
  }
  let categoryId: string | undefined;
  if (first.categoryPath !== undefined) {
    const ids = lookup.categories.byKey.get(categoryKey(first.categoryPath)) ?? [];
    if (ids.length === 1) categoryId = ids[0];
    else
      problems.add(
        first.row,
        'category',
        ids.length === 0
          ? messages.unknownCategory(first.categoryPath)
          : messages.ambiguousCategory(first.categoryPath),
      );
  }
  if (productId === undefined) {
    if (first.name === undefined)
      problems.add(first.row, 'product_name', messages.requiredForNew('product_name', 'product'));
    if (first.categoryPath === undefined)
      problems.add(first.row, 'category', messages.requiredForNew('category', 'product'));
  }
  if (problems.list.length > found) return undefined;

  const before = productId === undefined ? undefined : await getAdminProduct(tx, productId);
  const rowBySku = new Map(group.rows.map((row) => [row.sku.toUpperCase(), row]));
  const matched = new Map<CsvRow, AdminProduct['items'][number]>();
  const items: ItemInput[] = [];
  const itemRows: (CsvRow | undefined)[] = [];
  for (const item of before?.items ?? []) {
    if (item.archivedAt !== null) continue;
    const row = rowBySku.get(item.sku.toUpperCase());
    if (row) matched.set(row, item);
    const disabled = row?.disabled ?? item.disabled;
    items.push({
      id: item.id,
      variants: row?.variants ? Object.fromEntries(row.variants) : { ...item.variants },
      sku: row?.sku ?? item.sku,
      priceOre: row?.priceOre ?? item.priceOre,
      discountPercent: row?.discountPercent ?? item.discountPercent,
      orderLimit: row?.orderLimit ?? item.orderLimit,
      weightGrams: row?.weightGrams ?? item.weightGrams,
      disabled,
      lowStockThreshold: item.lowStockThreshold,
      heroImage: item.heroImage,
      gallery: item.gallery,
      // Disabling the default item hands the part to the first item for sale.
      isDefault: item.isDefault && !disabled,
    });
    itemRows.push(row);
  }
  for (const row of group.rows) {
    if (matched.has(row)) continue;
    items.push({
      variants: Object.fromEntries(row.variants ?? []),
      sku: row.sku,
      priceOre: row.priceOre ?? 0,
      discountPercent: row.discountPercent ?? 0,
      stock: row.stock ?? 0,
      orderLimit: row.orderLimit ?? itemShape.orderLimit.parse(undefined),
      weightGrams: row.weightGrams,
      disabled: row.disabled ?? false,
      lowStockThreshold: null,
      heroImage: null,
      gallery: [],
      isDefault: false,
    });
    itemRows.push(row);
  }
  const options = deriveOptions(before, items);
  const en =
    first.nameEn === undefined
      ? undefined
      : {
          name: first.nameEn,
          description: before?.en.description ?? '',
          information: before?.en.information ?? [],
          options: englishOptions(before, options),
        };
  const resolvedCategory = categoryId ?? before?.categoryId ?? '';
  const save: ProductSave = {
    name: first.name ?? before?.name ?? '',
    slug: group.slug,
    categoryId: resolvedCategory,
    description: before?.description ?? '',
    information: before?.information ?? [],
    // A stored rate is one a save accepted: 25 or 15.
    vatPercent: first.vatPercent ?? ((before?.vatPercent ?? 25) as VatRate),
    weightGrams:
      before?.weightGrams ??
      first.weightGrams ??
      productSaveRequestSchema.shape.weightGrams.parse(undefined),
    relatedIds: before?.related.map((related) => related.id) ?? [],
    status:
      first.status ?? before?.status ?? productSaveRequestSchema.shape.status.parse(undefined),
    heroImage: before?.heroImage ?? '',
    gallery: before?.gallery ?? [],
    imageAlts: before?.imageAlts ?? {},
    options,
    items,
    en,
    version: before?.version,
  };
  const plan: ProductPlan = {
    group,
    before,
    save,
    itemRows,
    matched,
    categoryPath: lookup.categories.paths.get(resolvedCategory) ?? [],
  };
  for (const [part, schema] of [
    ['options', productSaveRequestSchema.shape.options],
    ['items', productSaveRequestSchema.shape.items],
  ] as const) {
    const checked = schema.safeParse(save[part]);
    for (const issue of checked.error?.issues.slice(0, 1) ?? []) {
      const error = locate(plan, [part, ...issue.path].join('.'), issue.message);
      problems.add(error.row, error.column as Column | null, error.message);
    }
  }
  return problems.list.length > found ? undefined : plan;
}

// ---------------------------------------------------------------------------------------------
// What changes

type ItemView = Pick<
  ItemInput,
  'sku' | 'variants' | 'priceOre' | 'discountPercent' | 'orderLimit' | 'disabled'
> & { stock: number; weightGrams: number };

function itemCells(
  item: ItemView,
  options: ProductSave['options'],
): Partial<Record<Column, string>> {
  return {
    sku: item.sku ?? '',
    options: formatOptions(item.variants, options),
    price: formatPriceOre(item.priceOre),
    discount_percent: String(item.discountPercent),
    stock: String(item.stock),
    order_limit: String(item.orderLimit),
    weight_grams: String(item.weightGrams),
    disabled: yesNo(item.disabled),
  };
}

/** The product's columns; `nameEn` undefined leaves product_name_en out, as a file may. */
function productCells(
  product: { name: string; nameEn?: string; status: string; vatPercent: number },
  categoryPath: readonly string[],
): Partial<Record<Column, string>> {
  return {
    product_name: product.name,
    ...(product.nameEn === undefined ? {} : { product_name_en: product.nameEn }),
    category: categoryPath.join(CATEGORY_PATH_SEPARATOR),
    status: product.status,
    vat_percent: String(product.vatPercent),
  };
}

function differences(
  before: Partial<Record<Column, string>> | undefined,
  after: Partial<Record<Column, string>>,
): ProductCsvRowChange['changes'] {
  return productCsvColumns.flatMap((column) => {
    const to = after[column];
    if (to === undefined) return [];
    const from = before ? (before[column] ?? null) : null;
    return from === to ? [] : [{ column, from, to }];
  });
}

/** Each row's change, in file order; the product's own columns on its first row. */
function rowChanges(plan: ProductPlan): ProductCsvRowChange[] {
  const { before, save, group } = plan;
  // A new product without an English name has no English name to show as a change.
  const nameEn = !before && save.en?.name === '' ? undefined : save.en?.name;
  const productChanges = differences(
    before &&
      productCells(
        { ...before, nameEn: before.en.name },
        before.categoryPath.map((level) => level.name),
      ),
    productCells({ ...save, nameEn }, plan.categoryPath),
  );
  return group.rows.map((row) => {
    const index = plan.itemRows.indexOf(row);
    const item = save.items[index];
    if (!item) throw new Error(`row ${row.row} has no item`);
    const existing = plan.matched.get(row);
    const after = itemCells(
      {
        ...item,
        stock: row.stock ?? existing?.stock ?? 0,
        weightGrams: item.weightGrams ?? save.weightGrams,
      },
      save.options,
    );
    if (existing === undefined && after.options === '') delete after.options;
    const changes = [
      ...(row === group.first ? productChanges : []),
      ...differences(existing && itemCells(existing, before?.options ?? []), after),
    ];
    const action = existing === undefined ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    return { row: row.row, productSlug: group.slug, sku: row.sku, action, changes };
  });
}

// ---------------------------------------------------------------------------------------------
// The import

export type ProductCsvImportOutcome =
  | { ok: true; result: ProductCsvImportResult }
  | { ok: false; message: string; errors: ProductCsvError[] };

/** The most errors one answer lists: a file of the wrong kind can have one on every row. */
const LISTED_ERRORS = 500;

const refused = (errors: ProductCsvError[]): ProductCsvImportOutcome => ({
  ok: false,
  message: messages.refused(errors.length),
  errors: errors.slice(0, LISTED_ERRORS),
});

/** Stores one product through the save path, in a savepoint so the next product can be tried. */
async function storeProduct(
  tx: Transaction,
  actor: Actor,
  plan: ProductPlan,
  changes: ProductCsvRowChange[],
  problems: Problems,
  sales: ProductSales,
): Promise<void> {
  const { before, save } = plan;
  const saveNeeded =
    !before ||
    changes.some(
      (change) =>
        change.action === 'create' || change.changes.some((changed) => changed.column !== 'stock'),
    );
  try {
    if (saveNeeded)
      await tx.transaction((savepoint) =>
        before
          ? updateProductIn(savepoint, actor, before.id, save, sales)
          : createProductIn(savepoint, actor, save),
      );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const found = locate(plan, error.field, error.message);
    problems.add(found.row, found.column as Column | null, found.message);
    return;
  }
  for (const [row, item] of plan.matched) {
    if (row.stock === undefined || row.stock === item.stock) continue;
    const entry = await changeStock(tx, item.id, row.stock - item.stock, {
      reason: 'import',
      actor,
      note: messages.stockNote,
    });
    if (!entry) {
      problems.add(row.row, 'stock', messages.stockBelowZero);
      continue;
    }
    await recordAudit(tx, {
      actor,
      action: 'import-stock',
      entity: 'item',
      entityId: item.id,
      changes: { stock: { from: entry.stockBefore, to: entry.stockAfter } },
    });
  }
}

function summary(
  dryRun: boolean,
  stored: readonly { plan: ProductPlan; changes: ProductCsvRowChange[] }[],
): ProductCsvImportResult {
  const result: ProductCsvImportResult = {
    dryRun,
    products: { created: 0, updated: 0, unchanged: 0 },
    items: { created: 0, updated: 0, unchanged: 0 },
    rows: stored.flatMap(({ changes }) => changes).sort((a, b) => a.row - b.row),
  };
  for (const { plan, changes } of stored) {
    if (!plan.before) result.products.created += 1;
    else if (changes.some((row) => row.action !== 'unchanged')) result.products.updated += 1;
    else result.products.unchanged += 1;
  }
  const productColumns: readonly string[] = productCsvProductColumns;
  for (const row of result.rows) {
    const counts = result.items;
    if (row.action === 'create') counts.created += 1;
    else if (row.changes.some((change) => !productColumns.includes(change.column)))
      counts.updated += 1;
    else counts.unchanged += 1;
  }
  return result;
}

/** Thrown to roll the import's transaction back with what to answer. */
class RolledBack extends Error {
  constructor(readonly outcome: ProductCsvImportOutcome) {
    super('rolled back');
  }
}

/**
 * Imports a CSV file of products and items: every row checked before anything is written, then
 * every product saved in one transaction. Any error, or `dryRun`, rolls it all back; the answer
 * says what changed (or would change) row by row, or every error by row and column.
 */
export async function importProductsCsv(
  db: Database,
  actor: Actor,
  body: Buffer | string,
  options: { dryRun: boolean; sales: ProductSales },
): Promise<ProductCsvImportOutcome> {
  const problems = new Problems();
  let groups: ProductGroup[];
  try {
    groups = groupRows(readFile(body, problems), problems);
  } catch (error) {
    if (error instanceof FileRefused)
      return refused([{ row: error.row, column: null, message: error.message }]);
    throw error;
  }
  if (groups.length === 0) return refused(problems.sorted);
  try {
    return await db.transaction(async (tx) => {
      const lookup: Lookup = {
        ...(await lockExisting(tx, groups)),
        categories: await categoryIndex(tx),
      };
      const wrongRows = new Set(problems.list.map((problem) => problem.row));
      const stored: { plan: ProductPlan; changes: ProductCsvRowChange[] }[] = [];
      for (const group of groups) {
        if (group.rows.some((row) => wrongRows.has(row.row))) continue;
        const plan = await planProduct(tx, group, lookup, problems);
        if (!plan) continue;
        const changes = rowChanges(plan);
        await storeProduct(tx, actor, plan, changes, problems, options.sales);
        stored.push({ plan, changes });
      }
      const outcome =
        problems.list.length > 0
          ? refused(problems.sorted)
          : { ok: true as const, result: summary(options.dryRun, stored) };
      if (!outcome.ok || options.dryRun) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
}
