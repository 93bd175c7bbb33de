import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  copyName,
  copyNameSuffix,
  toProductSlug,
  type AdminProduct,
  type AdminProductList,
  type ProductBulkResult,
  type ProductRef,
  type ProductSave,
  type adminProductListQuerySchema,
  type productBulkRequestSchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { getSetting } from '../settings/index.js';
import {
  categories,
  productItems,
  productRelations,
  productSlugRedirects,
  products,
} from './catalog.tables.js';
import { changeStock } from './inventory.service.js';
import { sanitizeProductDescription } from './product-description.js';

/**
 * The back office's products: the list, one product with all its items, and the saves that
 * keep a product's item matrix, default item, slug history and audit trail consistent.
 */

type Executor = Database | Transaction;
type ListQuery = z.output<typeof adminProductListQuerySchema>;
type BulkRequest = z.output<typeof productBulkRequestSchema>;

/** How many products the related picker suggests at once. */
const LOOKUP_LIMIT = 10;

const top = alias(categories, 'top_category');
const sub = alias(categories, 'sub_category');
const sub2 = alias(categories, 'sub2_category');
const defaultItem = alias(productItems, 'default_item');

/** `%word%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An item of the product (`products` of the outer query) that is for sale, with `extra`. */
const saleItemExists = (extra: SQL) => sql`exists (
  select 1 from ${productItems}
  where ${productItems.productId} = ${products.id}
    and not ${productItems.disabled} and ${productItems.archivedAt} is null and ${extra})`;

/** Stock above the item's low-stock threshold, or the shop's when the item sets none. */
const aboveThreshold = (shopThreshold: number) =>
  sql`${productItems.stock} > coalesce(${productItems.lowStockThreshold}, ${shopThreshold})`;

export function listConditions(
  query: Pick<ListQuery, 'q' | 'categoryId' | 'status' | 'stock'>,
  shopThreshold: number,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q !== '') {
    const pattern = containing(query.q);
    // One set of ids per way a product is found, each read through its trigram index
    // (migration 0040): as an OR with a per-product SKU lookup, every product was read.
    conditions.push(
      sql`${products.id} in (
        select ${products.id} from ${products} where ${ilike(products.name, pattern)}
        union
        select ${products.id} from ${products} where ${ilike(products.slug, pattern)}
        union
        select ${productItems.productId} from ${productItems} where ${ilike(productItems.sku, pattern)}
      )`,
    );
  }
  if (query.categoryId)
    conditions.push(
      or(
        eq(products.categoryId, query.categoryId),
        eq(products.subCategoryId, query.categoryId),
        eq(products.subCategory2Id, query.categoryId),
      ),
    );
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.stock === 'out')
    conditions.push(sql`not ${saleItemExists(sql`${productItems.stock} > 0`)}`);
  if (query.stock === 'low')
    conditions.push(
      and(
        saleItemExists(sql`${productItems.stock} > 0`),
        sql`not ${saleItemExists(aboveThreshold(shopThreshold))}`,
      ),
    );
  if (query.stock === 'in') conditions.push(saleItemExists(aboveThreshold(shopThreshold)));
  return and(...conditions);
}

/** The back office's product list: searched, filtered, sorted and paged in SQL. */
export async function listAdminProducts(db: Database, query: ListQuery): Promise<AdminProductList> {
  const where = listConditions(query, await getSetting(db, 'lowStockThreshold'));
  const ascending = (query.order ?? (query.sort === 'updated' ? 'desc' : 'asc')) === 'asc';
  const direction = ascending ? asc : desc;
  const sortColumn =
    query.sort === 'name'
      ? products.name
      : query.sort === 'price'
        ? products.listPriceOre
        : products.updatedAt;
  const totalStock = sql<number>`(select coalesce(sum(${productItems.stock}), 0)::int from ${productItems}
    where ${productItems.productId} = ${products.id} and not ${productItems.disabled} and ${productItems.archivedAt} is null)`;
  const itemCount = sql<number>`(select count(*)::int from ${productItems}
    where ${productItems.productId} = ${products.id} and ${productItems.archivedAt} is null)`;

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        status: products.status,
        heroImage: products.heroImage,
        updatedAt: products.updatedAt,
        priceOre: defaultItem.priceOre,
        top: top.name,
        sub: sub.name,
        sub2: sub2.name,
        totalStock,
        itemCount,
      })
      .from(products)
      .leftJoin(
        defaultItem,
        and(eq(defaultItem.productId, products.id), eq(defaultItem.isDefault, true)),
      )
      .leftJoin(top, eq(top.id, products.categoryId))
      .leftJoin(sub, eq(sub.id, products.subCategoryId))
      .leftJoin(sub2, eq(sub2.id, products.subCategory2Id))
      .where(where)
      .orderBy(direction(sortColumn), asc(products.name), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      status: row.status,
      categoryPath: [row.top, row.sub, row.sub2].filter((name): name is string => name !== null),
      heroImage: row.heroImage,
      priceOre: row.priceOre ?? 0,
      totalStock: Number(row.totalStock),
      itemCount: Number(row.itemCount),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Search-as-you-type for the related-products picker: names first that start with the words. */
export async function lookupProducts(db: Database, q: string): Promise<ProductRef[]> {
  const pattern = containing(q);
  return db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(q === '' ? undefined : or(ilike(products.name, pattern), ilike(products.slug, pattern)))
    .orderBy(
      sql`${products.name} ilike ${`${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} desc`,
      asc(products.name),
    )
    .limit(LOOKUP_LIMIT);
}

async function categoryPathOf(
  db: Executor,
  family: Pick<typeof products.$inferSelect, 'categoryId' | 'subCategoryId' | 'subCategory2Id'>,
) {
  const ids = [family.categoryId, family.subCategoryId, family.subCategory2Id].filter(
    (id): id is string => id !== null,
  );
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** A product's English texts as the back office edits them, and which of them fall back. */
function englishOf(
  family: typeof products.$inferSelect,
): Pick<AdminProduct, 'en' | 'englishFallbacks'> {
  const en = {
    name: family.nameEn ?? '',
    description: family.descriptionEn ?? '',
    information: family.informationEn ?? [],
    options: family.options.map((option, index) => ({
      name: family.optionsEn?.[index]?.name ?? '',
      values: option.values.map(
        (_, valueIndex) => family.optionsEn?.[index]?.values[valueIndex] ?? '',
      ),
    })),
  };
  const englishFallbacks: AdminProduct['englishFallbacks'] = [];
  if (en.name === '') englishFallbacks.push('name');
  if (en.description === '' && family.description !== '') englishFallbacks.push('description');
  if (en.information.length === 0 && family.information.length > 0)
    englishFallbacks.push('information');
  if (en.options.some((option) => option.name === '' || option.values.includes('')))
    englishFallbacks.push('options');
  return { en, englishFallbacks };
}

/**
 * The English columns of a save: null where nothing is written, so English pages show the
 * bokmål; none at all when the save carries no English, which keeps the product's.
 */
function englishValues(input: ProductSave) {
  const { en } = input;
  if (en === undefined) return {};
  const description = sanitizeProductDescription(en.description);
  const information = en.information.filter((row) => row.informationKey !== '');
  const options = input.options.map((option, index) => ({
    name: en.options[index]?.name ?? '',
    values: option.values.map((_, valueIndex) => en.options[index]?.values[valueIndex] ?? ''),
  }));
  const anyOption = options.some(
    (option) => option.name !== '' || option.values.some((value) => value !== ''),
  );
  return {
    nameEn: en.name || null,
    descriptionEn: description.trim() === '' ? null : description,
    informationEn: information.length > 0 ? information : null,
    optionsEn: anyOption ? options : null,
  };
}

/** One product as the back office edits it, with every item, archived ones last. */
export async function getAdminProduct(db: Executor, id: string): Promise<AdminProduct> {
  const [family] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!family) throw new NotFoundError('errors.catalog.productNotFound');
  const [items, categoryPath, related] = await Promise.all([
    db
      .select()
      .from(productItems)
      .where(eq(productItems.productId, id))
      .orderBy(sql`${productItems.archivedAt} is not null`, asc(productItems.position)),
    categoryPathOf(db, family),
    db
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.relatedId))
      .where(eq(productRelations.productId, id))
      .orderBy(asc(productRelations.position)),
  ]);
  return {
    id: family.id,
    name: family.name,
    slug: family.slug,
    status: family.status,
    categoryId: family.subCategory2Id ?? family.subCategoryId ?? family.categoryId,
    categoryPath,
    heroImage: family.heroImage,
    gallery: family.gallery,
    imageAlts: altsOfUsedImages(family.imageAlts, [
      family.heroImage,
      ...family.gallery,
      ...items.flatMap((item) => [item.heroImage ?? '', ...item.gallery]),
    ]),
    description: family.description,
    information: family.information,
    brand: family.brand ?? '',
    gtin: family.gtin ?? '',
    vatPercent: family.vatPercent,
    weightGrams: family.weightGrams,
    options: family.options,
    items: items.map((item) => ({
      id: item.id,
      variants: item.variants,
      sku: item.sku,
      priceOre: item.priceOre,
      discountPercent: item.discountPercent,
      sellingPriceOre: item.sellingPriceOre ?? item.priceOre,
      stock: item.stock,
      orderLimit: item.orderLimit,
      weightGrams: item.weightGrams,
      disabled: item.disabled,
      archivedAt: item.archivedAt?.toISOString() ?? null,
      lowStockThreshold: item.lowStockThreshold,
      heroImage: item.heroImage,
      gallery: item.gallery,
      isDefault: item.isDefault,
    })),
    related,
    ...englishOf(family),
    version: family.version,
    createdAt: family.createdAt.toISOString(),
    updatedAt: family.updatedAt.toISOString(),
  };
}

/** The category and its parents, top first: the product's three category columns. */
async function resolveCategory(db: Executor, categoryId: string) {
  const parent = alias(categories, 'parent');
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      parentId: categories.parentId,
      parentName: parent.name,
      grandparentId: parent.parentId,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!row) throw new InvalidError('errors.catalog.categoryNotFound', { field: 'categoryId' });
  const path = [row.grandparentId, row.parentId, row.id].filter((id): id is string => id !== null);
  const names = await db
    .select({ id: categories.id, name: categories.name, nameEn: categories.nameEn })
    .from(categories)
    .where(inArray(categories.id, path));
  // Search knows a product by its categories' names in both languages.
  const nameOf = new Map(
    names.map((level) => [
      level.id,
      level.nameEn && level.nameEn !== level.name ? `${level.name} ${level.nameEn}` : level.name,
    ]),
  );
  return {
    categoryId: path[0] ?? row.id,
    subCategoryId: path[1] ?? null,
    subCategory2Id: path[2] ?? null,
    keywords: path.map((id) => nameOf.get(id)).join(' '),
  };
}

const describeCombination = (names: string[], values: readonly string[]) =>
  names.map((name, index) => `${name} ${values[index]}`).join(', ') || 'the product';

/**
 * The items must be the options' matrix: every combination of values exactly once, each item
 * naming every option and nothing else. A product without options has exactly one item.
 */
function checkMatrix(input: ProductSave): void {
  const names = input.options.map((option) => option.name);
  const seen = new Set<string>();
  input.items.forEach((item, index) => {
    const field = `items.${index}.variants`;
    const keys = Object.keys(item.variants);
    const unknown = keys.find((key) => !names.includes(key));
    if (unknown !== undefined)
      throw new InvalidError('errors.products.itemUnknownOption', {
        values: { item: index + 1, option: unknown },
        field,
      });
    const values = input.options.map((option) => {
      const value = item.variants[option.name];
      if (value === undefined)
        throw new InvalidError('errors.products.itemMissingValue', {
          values: { item: index + 1, option: option.name },
          field,
        });
      if (!option.values.includes(value))
        throw new InvalidError('errors.products.itemUnknownValue', {
          values: { item: index + 1, value, option: option.name },
          field,
        });
      return value;
    });
    const key = JSON.stringify(values);
    if (seen.has(key))
      throw new InvalidError('errors.products.combinationTwice', {
        values: { combination: describeCombination(names, values) },
        field,
      });
    seen.add(key);
  });
  const combinations = input.options.reduce<string[][]>(
    (partial, option) => partial.flatMap((values) => option.values.map((v) => [...values, v])),
    [[]],
  );
  const missing = combinations.find((values) => !seen.has(JSON.stringify(values)));
  if (missing)
    throw new InvalidError('errors.products.combinationMissing', {
      values: { combination: describeCombination(names, missing) },
      field: 'items',
    });
}

/** The index of the default item: the chosen one, else the first enabled, else the first. */
function defaultIndex(input: ProductSave): number {
  const chosen = input.items.flatMap((item, index) => (item.isDefault ? [index] : []));
  if (chosen.length > 1)
    throw new InvalidError('errors.products.defaultTwice', {
      field: `items.${chosen[1]}.isDefault`,
    });
  const [index] = chosen;
  if (index !== undefined) {
    if (input.items[index]?.disabled)
      throw new InvalidError('errors.products.defaultDisabled', {
        field: `items.${index}.isDefault`,
      });
    return index;
  }
  const enabled = input.items.findIndex((item) => !item.disabled);
  return enabled === -1 ? 0 : enabled;
}

/** SKUs must be unique across the shop; `ownIds` are items this save may take them from. */
async function checkSkus(tx: Transaction, input: ProductSave, ownIds: readonly string[]) {
  const given = input.items.flatMap((item, index) => (item.sku ? [{ sku: item.sku, index }] : []));
  const seen = new Map<string, number>();
  for (const { sku, index } of given) {
    const key = sku.toUpperCase();
    if (seen.has(key))
      throw new InvalidError('errors.products.skuTwice', {
        values: { sku },
        field: `items.${index}.sku`,
      });
    seen.set(key, index);
  }
  if (given.length === 0) return;
  const [clash] = await tx
    .select({ sku: productItems.sku })
    .from(productItems)
    .where(
      and(
        sql`upper(${productItems.sku}) in (${sql.join(
          given.map(({ sku }) => sql`${sku.toUpperCase()}`),
          sql`, `,
        )})`,
        ownIds.length > 0 ? notInArray(productItems.id, [...ownIds]) : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    const index = seen.get(clash.sku.toUpperCase()) ?? 0;
    const sku = input.items[index]?.sku ?? clash.sku;
    throw new InvalidError('errors.products.skuUsed', {
      values: { sku },
      field: `items.${index}.sku`,
    });
  }
}

async function checkRelated(tx: Transaction, relatedIds: readonly string[], selfId?: string) {
  const ids = [...new Set(relatedIds)];
  if (selfId && ids.includes(selfId))
    throw new InvalidError('errors.products.relatedSelf', { field: 'relatedIds' });
  if (ids.length === 0) return ids;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids));
  if (found.length !== ids.length)
    throw new InvalidError('errors.products.relatedNotFound', { field: 'relatedIds' });
  return ids;
}

/** Whether a slug is taken by another product, now or as one of its old slugs. */
async function slugTaken(tx: Transaction, slug: string, selfId: string | undefined) {
  const [owner] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), selfId ? ne(products.id, selfId) : undefined))
    .limit(1);
  return owner !== undefined;
}

/**
 * A free slug from the name: the name's slug, else with -2, -3 … Old slugs of other products
 * are avoided too, so their links keep leading to them.
 */
async function uniqueSlug(tx: Transaction, name: string, selfId: string | undefined) {
  const base = toProductSlug(name);
  const rows = await tx
    .select({ slug: products.slug, id: products.id })
    .from(products)
    .where(or(eq(products.slug, base), sql`${products.slug} ~ ${`^${base}-[0-9]+$`}`))
    .union(
      tx
        .select({ slug: productSlugRedirects.slug, id: productSlugRedirects.productId })
        .from(productSlugRedirects)
        .where(
          or(
            eq(productSlugRedirects.slug, base),
            sql`${productSlugRedirects.slug} ~ ${`^${base}-[0-9]+$`}`,
          ),
        ),
    );
  const taken = new Set(rows.filter((row) => row.id !== selfId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1)
    if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** Whether a slug is the one the name gives (with any -N), i.e. it was never set by hand. */
const followsName = (slug: string, name: string) => {
  const base = toProductSlug(name);
  return slug === base || new RegExp(`^${base}-[0-9]+$`).test(slug);
};

async function chooseSlug(
  tx: Transaction,
  input: ProductSave,
  current?: { id: string; slug: string; name: string },
): Promise<string> {
  if (input.slug !== undefined) {
    if (await slugTaken(tx, input.slug, current?.id))
      throw new InvalidError('errors.products.slugTaken', {
        values: { slug: input.slug },
        field: 'slug',
      });
    return input.slug;
  }
  if (current && !followsName(current.slug, current.name)) return current.slug;
  if (current && followsName(current.slug, input.name)) return current.slug;
  return uniqueSlug(tx, input.name, current?.id);
}

/**
 * The alt texts of the pictures in `used`, in path order: one of a picture the product no
 * longer shows, and an empty one, is not kept.
 */
function altsOfUsedImages(
  alts: Readonly<Record<string, string>>,
  used: readonly string[],
): Record<string, string> {
  const paths = new Set(used);
  return Object.fromEntries(
    Object.entries(alts)
      .filter(([path, alt]) => paths.has(path) && alt !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The product's own columns as a save sets them. */
function familyValues(input: ProductSave, category: Awaited<ReturnType<typeof resolveCategory>>) {
  return {
    ...(input.imageAlts === undefined
      ? {}
      : {
          imageAlts: altsOfUsedImages(input.imageAlts, [
            input.heroImage,
            ...input.gallery,
            ...input.items.flatMap((item) => [item.heroImage ?? '', ...item.gallery]),
          ]),
        }),
    name: input.name,
    ...englishValues(input),
    categoryId: category.categoryId,
    subCategoryId: category.subCategoryId,
    subCategory2Id: category.subCategory2Id,
    keywords: category.keywords,
    heroImage: input.heroImage,
    gallery: input.gallery,
    options: input.options,
    information: input.information,
    description: sanitizeProductDescription(input.description),
    // Absent (a CSV import) keeps the product's; '' stores none.
    ...(input.brand === undefined ? {} : { brand: input.brand || null }),
    ...(input.gtin === undefined ? {} : { gtin: input.gtin || null }),
    vatPercent: input.vatPercent,
    weightGrams: input.weightGrams,
    status: input.status,
  };
}

function itemValues(input: ProductSave, index: number, isDefault: boolean) {
  const item = input.items[index];
  if (!item) throw new Error(`no item ${index}`);
  return {
    variants: item.variants,
    ...(item.sku ? { sku: item.sku } : {}),
    priceOre: item.priceOre,
    discountPercent: item.discountPercent,
    orderLimit: item.orderLimit,
    weightGrams: item.weightGrams ?? input.weightGrams,
    disabled: item.disabled,
    lowStockThreshold: item.lowStockThreshold,
    heroImage: item.heroImage,
    gallery: item.gallery,
    position: index,
    isDefault,
  };
}

async function storeRelated(tx: Transaction, productId: string, relatedIds: readonly string[]) {
  await tx.delete(productRelations).where(eq(productRelations.productId, productId));
  if (relatedIds.length > 0)
    await tx
      .insert(productRelations)
      .values(relatedIds.map((relatedId, position) => ({ productId, relatedId, position })));
}

/** What the audit log compares: the product as edited, without its bookkeeping. */
function auditView(product: AdminProduct): Record<string, unknown> {
  const bookkeeping = new Set(['version', 'createdAt', 'updatedAt']);
  return Object.fromEntries(Object.entries(product).filter(([field]) => !bookkeeping.has(field)));
}

export async function createProduct(
  db: Database,
  actor: Actor,
  input: ProductSave,
): Promise<AdminProduct> {
  return db.transaction((tx) => createProductIn(tx, actor, input));
}

/** Creates a product in the caller's transaction, so a CSV import stores many or none. */
export async function createProductIn(
  tx: Transaction,
  actor: Actor,
  input: ProductSave,
): Promise<AdminProduct> {
  checkMatrix(input);
  const chosenDefault = defaultIndex(input);
  const existingIndex = input.items.findIndex((item) => item.id !== undefined);
  if (existingIndex !== -1)
    throw new InvalidError('errors.products.itemNotFound', { field: `items.${existingIndex}.id` });
  const category = await resolveCategory(tx, input.categoryId);
  await checkSkus(tx, input, []);
  const relatedIds = await checkRelated(tx, input.relatedIds);
  const slug = await chooseSlug(tx, input);
  const [created] = await tx
    .insert(products)
    .values({ ...familyValues(input, category), slug })
    .returning({ id: products.id });
  if (!created) throw new Error('the product was not stored');
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
  await insertItems(
    tx,
    actor,
    input.items.map((item, index) => ({
      values: { ...itemValues(input, index, index === chosenDefault), productId: created.id },
      openingStock: item.stock ?? 0,
    })),
  );
  await storeRelated(tx, created.id, relatedIds);
  const product = await getAdminProduct(tx, created.id);
  await recordAudit(tx, {
    actor,
    action: 'create',
    entity: 'product',
    entityId: created.id,
    changes: changedFields({}, auditView(product)),
  });
  return product;
}

/**
 * What catalogue edits must know of the orders that name a product, which are the orders
 * module's: a sold item is archived, never deleted, and a sold product is never deleted. The
 * orders module answers it; app.ts wires the answer in.
 */
export interface ProductSales {
  /** Of the given items of a product family, those that any order line names. */
  itemIdsWithOrders(
    db: Database | Transaction,
    productId: string,
    itemIds: readonly string[],
  ): Promise<Set<string>>;
  /** How many order lines, of any order, name an item of the product family. */
  orderLineCountOfProduct(db: Database | Transaction, productId: string): Promise<number>;
}

export async function updateProduct(
  db: Database,
  actor: Actor,
  id: string,
  input: ProductSave,
  sales: ProductSales,
): Promise<AdminProduct> {
  return db.transaction((tx) => updateProductIn(tx, actor, id, input, sales));
}

/** Saves a product in the caller's transaction, so a CSV import stores many or none. */
export async function updateProductIn(
  tx: Transaction,
  actor: Actor,
  id: string,
  input: ProductSave,
  sales: ProductSales,
): Promise<AdminProduct> {
  if (input.version === undefined)
    throw new InvalidError('errors.products.versionRequired', { field: 'version' });
  const version = input.version;
  checkMatrix(input);
  const chosenDefault = defaultIndex(input);
  const before = await getAdminProduct(tx, id);
  if (before.version !== version) throw new ConflictError('errors.products.conflict');
  const existing = new Map(before.items.map((item) => [item.id, item]));
  input.items.forEach((item, index) => {
    if (item.id === undefined) return;
    const current = existing.get(item.id);
    if (!current)
      throw new InvalidError('errors.products.itemNotFound', { field: `items.${index}.id` });
    if (item.stock !== undefined && item.stock !== current.stock)
      throw new InvalidError('errors.products.stockOfExistingItem', {
        values: { sku: current.sku },
        field: `items.${index}.stock`,
      });
  });
  const category = await resolveCategory(tx, input.categoryId);
  const keptIds = input.items.flatMap((item) => (item.id ? [item.id] : []));
  await checkSkus(tx, input, keptIds);
  const relatedIds = await checkRelated(tx, input.relatedIds, id);
  const slug = await chooseSlug(tx, input, before);

  // The version check and the write are one statement: of two saves from the same version,
  // the second finds no row and changes nothing.
  const [saved] = await tx
    .update(products)
    .set({
      ...familyValues(input, category),
      slug,
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  if (!saved) throw new ConflictError('errors.products.conflict');

  if (slug !== before.slug) {
    await tx
      .insert(productSlugRedirects)
      .values({ slug: before.slug, productId: id })
      .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId: id } });
    await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
  }

  const removed = before.items
    .filter((item) => item.archivedAt === null && !keptIds.includes(item.id))
    .map((item) => item.id);
  const ordered = await sales.itemIdsWithOrders(tx, id, removed);
  const unsold = removed.filter((itemId) => !ordered.has(itemId));
  if (unsold.length > 0) await tx.delete(productItems).where(inArray(productItems.id, unsold));
  if (ordered.size > 0)
    await tx
      .update(productItems)
      .set({ archivedAt: sql`now()`, disabled: true, isDefault: false })
      .where(inArray(productItems.id, [...ordered]));

  // One default per product is a unique index: clear the old one before setting the new.
  const defaultId = input.items[chosenDefault]?.id;
  await tx
    .update(productItems)
    .set({ isDefault: false })
    .where(
      and(
        eq(productItems.productId, id),
        eq(productItems.isDefault, true),
        defaultId ? ne(productItems.id, defaultId) : undefined,
      ),
    );
  // SKUs are unique: moved out of the way first, so two items may swap theirs in one save.
  const renamed = input.items.filter(
    (item) => item.id && item.sku && existing.get(item.id)?.sku !== item.sku,
  );
  if (renamed.length > 0)
    await tx
      .update(productItems)
      .set({ sku: sql`'~' || ${productItems.id}::text` })
      .where(
        inArray(
          productItems.id,
          renamed.map((item) => item.id ?? ''),
        ),
      );
  for (const [index, item] of input.items.entries()) {
    if (!item.id) continue;
    await tx
      .update(productItems)
      .set({ ...itemValues(input, index, index === chosenDefault), archivedAt: null })
      .where(eq(productItems.id, item.id));
  }
  await insertItems(
    tx,
    actor,
    input.items.flatMap((item, index) =>
      item.id
        ? []
        : [
            {
              values: { ...itemValues(input, index, index === chosenDefault), productId: id },
              openingStock: item.stock ?? 0,
            },
          ],
    ),
  );
  await storeRelated(tx, id, relatedIds);

  const after = await getAdminProduct(tx, id);
  await recordAudit(tx, {
    actor,
    action: 'update',
    entity: 'product',
    entityId: id,
    changes: changedFields(auditView(before), auditView(after)),
  });
  return after;
}

/**
 * New items start at 0 and get their opening stock through the ledger, so even an item's first
 * figure is a ledger row that says who set it.
 */
async function insertItems(
  tx: Transaction,
  actor: Actor,
  added: readonly { values: typeof productItems.$inferInsert; openingStock: number }[],
): Promise<void> {
  for (const item of added) {
    const [row] = await tx
      .insert(productItems)
      .values({ ...item.values, stock: 0 })
      .returning({ id: productItems.id });
    if (!row) throw new Error('the item was not stored');
    if (item.openingStock > 0)
      await changeStock(tx, row.id, item.openingStock, {
        reason: 'received',
        actor,
        note: 'Opening stock of a new item',
      });
  }
}

/** Deletes a product nobody has ordered; one with orders is archived instead (409 says so). */
export async function deleteProduct(
  db: Database,
  actor: Actor,
  id: string,
  sales: ProductSales,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getAdminProduct(tx, id);
    const lines = await sales.orderLineCountOfProduct(tx, id);
    if (lines > 0)
      throw new ConflictError('errors.products.soldDelete', { values: { count: lines } });
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'product',
      entityId: id,
      changes: changedFields(auditView(before), {
        name: null,
        slug: null,
        status: null,
      }),
    });
  });
}

/** What the SKUs of a copy's items end with: the bokmål of the copy's name, as the shop's data. */
const COPY_SKU_SUFFIX = '-KOPI';

/**
 * SKUs for a copy's items: SKUs are unique across the shop (a unique index, and the CSV import
 * finds items by them), so each is the original's with -KOPI, or -KOPI2, -KOPI3 … when a copy
 * made before has those; cut to 64 characters. An item whose cut SKU would equal another's gets
 * none here, so the database's default gives it a generated one.
 */
async function copySkus(tx: Transaction, skus: readonly string[]): Promise<(string | undefined)[]> {
  if (skus.length === 0) return [];
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? COPY_SKU_SUFFIX : `${COPY_SKU_SUFFIX}${number}`;
    const candidates = skus.map((sku) => `${sku.slice(0, 64 - suffix.length)}${suffix}`);
    const [clash] = await tx
      .select({ sku: productItems.sku })
      .from(productItems)
      .where(
        sql`upper(${productItems.sku}) in (${sql.join(
          candidates.map((sku) => sql`${sku.toUpperCase()}`),
          sql`, `,
        )})`,
      )
      .limit(1);
    if (clash) continue;
    const uses = new Map<string, number>();
    for (const sku of candidates)
      uses.set(sku.toUpperCase(), (uses.get(sku.toUpperCase()) ?? 0) + 1);
    return candidates.map((sku) => (uses.get(sku.toUpperCase()) === 1 ? sku : undefined));
  }
}

/**
 * A draft copy of a product in one transaction (issue 34.3): its texts in both languages, its
 * category places, options, specifications, pictures (the same uploaded paths, which nothing
 * deletes while a product uses them) and related products, and its live items with their
 * prices, discounts, weights and pictures. Not copied: stock (counted goods: the copy's items
 * start at 0 and get stock through the inventory, so no ledger row is written), what the shop
 * learnt of the original (sold count, best-seller pin), its GTIN and its archived items. The name gets
 * " (kopi)" / " (copy)" and the slug follows it, made unique with -2, -3 … as any new product's.
 */
export async function duplicateProduct(
  db: Database,
  actor: Actor,
  id: string,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    if (!source) throw new NotFoundError('errors.catalog.productNotFound');
    const items = await tx
      .select()
      .from(productItems)
      .where(and(eq(productItems.productId, id), sql`${productItems.archivedAt} is null`))
      .orderBy(asc(productItems.position));
    const related = await tx
      .select({ relatedId: productRelations.relatedId, position: productRelations.position })
      .from(productRelations)
      .where(eq(productRelations.productId, id));

    const name = copyName(source.name, copyNameSuffix.nb);
    const slug = await uniqueSlug(tx, name, undefined);
    const [created] = await tx
      .insert(products)
      .values({
        slug,
        name,
        nameEn: source.nameEn === null ? null : copyName(source.nameEn, copyNameSuffix.en),
        categoryId: source.categoryId,
        subCategoryId: source.subCategoryId,
        subCategory2Id: source.subCategory2Id,
        heroImage: source.heroImage,
        gallery: source.gallery,
        imageAlts: source.imageAlts,
        options: source.options,
        optionsEn: source.optionsEn,
        information: source.information,
        informationEn: source.informationEn,
        description: source.description,
        descriptionEn: source.descriptionEn,
        // The same maker; not the GTIN, which names one trade item: a copy is another product,
        // and two products with one barcode number would be refused by the feeds' readers.
        brand: source.brand,
        vatPercent: source.vatPercent,
        keywords: source.keywords,
        weightGrams: source.weightGrams,
        status: 'draft',
      })
      .returning({ id: products.id });
    if (!created) throw new Error('the copy was not stored');

    const skus = await copySkus(
      tx,
      items.map((item) => item.sku),
    );
    // An archived default is not copied: the copy's first item for sale is its default then.
    const hasDefault = items.some((item) => item.isDefault);
    const firstForSale = Math.max(
      items.findIndex((item) => !item.disabled),
      0,
    );
    if (items.length > 0)
      await tx.insert(productItems).values(
        items.map((item, index) => ({
          productId: created.id,
          variants: item.variants,
          ...(skus[index] ? { sku: skus[index] } : {}),
          priceOre: item.priceOre,
          discountPercent: item.discountPercent,
          stock: 0,
          orderLimit: item.orderLimit,
          weightGrams: item.weightGrams,
          disabled: item.disabled,
          lowStockThreshold: item.lowStockThreshold,
          heroImage: item.heroImage,
          gallery: item.gallery,
          position: item.position,
          isDefault: hasDefault ? item.isDefault : index === firstForSale,
        })),
      );
    if (related.length > 0)
      await tx
        .insert(productRelations)
        .values(related.map((row) => ({ ...row, productId: created.id })));

    const copy = await getAdminProduct(tx, created.id);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'product',
      entityId: created.id,
      // A copy is a create whose fields name where they came from.
      changes: changedFields({}, { ...auditView(copy), copiedFrom: { id, slug: source.slug } }),
    });
    return copy;
  });
}

/** The statuses the status actions of the list set. */
const bulkStatus = { publish: 'published', unpublish: 'draft', archive: 'archived' } as const;

/**
 * A bulk action of the product list (issue 34.3), all or nothing in one transaction: unknown
 * products or an unknown category are a 400 and change nothing. A product already so is left
 * alone; each changed one is audited and its version raised, so an editor open on it is refused
 * its stale save (409) instead of putting back what the action set. The action sets fields, it
 * merges no form, so a product saved meanwhile is still changed. Caches clear on their own (the
 * catalogue's row triggers and the back office's write hook).
 */
export async function bulkUpdateProducts(
  db: Database,
  actor: Actor,
  request: BulkRequest,
): Promise<ProductBulkResult> {
  const ids = [...new Set(request.ids)];
  return db.transaction(async (tx) => {
    // Locked in id order, so two bulk actions over the same products queue instead of deadlocking.
    const rows = await tx
      .select({
        id: products.id,
        status: products.status,
        categoryId: products.categoryId,
        subCategoryId: products.subCategoryId,
        subCategory2Id: products.subCategory2Id,
      })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
    if (rows.length !== ids.length)
      throw new InvalidError('errors.products.someNotFound', {
        values: { count: ids.length - rows.length },
        field: 'ids',
      });

    let changed: { id: string; changes: ReturnType<typeof changedFields> }[] = [];
    if (request.action === 'move') {
      const place = await resolveCategory(tx, request.categoryId);
      const names = await categoryNames(tx, [
        ...rows.flatMap((row) => [row.categoryId, row.subCategoryId, row.subCategory2Id]),
        place.categoryId,
        place.subCategoryId,
        place.subCategory2Id,
      ]);
      const pathOf = (row: Pick<typeof place, 'categoryId' | 'subCategoryId' | 'subCategory2Id'>) =>
        [row.categoryId, row.subCategoryId, row.subCategory2Id].flatMap((categoryId) =>
          categoryId === null ? [] : [names.get(categoryId) ?? categoryId],
        );
      const deepest = (
        row: Pick<typeof place, 'categoryId' | 'subCategoryId' | 'subCategory2Id'>,
      ) => row.subCategory2Id ?? row.subCategoryId ?? row.categoryId;
      changed = rows
        .filter(
          (row) =>
            row.categoryId !== place.categoryId ||
            row.subCategoryId !== place.subCategoryId ||
            row.subCategory2Id !== place.subCategory2Id,
        )
        .map((row) => ({
          id: row.id,
          changes: changedFields(
            { categoryId: deepest(row), categoryPath: pathOf(row) },
            { categoryId: deepest(place), categoryPath: pathOf(place) },
          ),
        }));
      await bumpProducts(tx, changed, {
        categoryId: place.categoryId,
        subCategoryId: place.subCategoryId,
        subCategory2Id: place.subCategory2Id,
        keywords: place.keywords,
      });
    } else if (request.action === 'discount') {
      const items = await tx
        .select({
          id: productItems.id,
          productId: productItems.productId,
          sku: productItems.sku,
          discountPercent: productItems.discountPercent,
        })
        .from(productItems)
        .where(and(inArray(productItems.productId, ids), sql`${productItems.archivedAt} is null`))
        .orderBy(asc(productItems.productId), asc(productItems.position));
      const to = request.discountPercent;
      changed = rows.flatMap((row) => {
        const own = items.filter((item) => item.productId === row.id);
        if (own.every((item) => item.discountPercent === to)) return [];
        // By SKU, as the inventory and the CSV name items.
        const from = Object.fromEntries(own.map((item) => [item.sku, item.discountPercent]));
        return [
          {
            id: row.id,
            changes: changedFields(
              { discountPercent: from },
              { discountPercent: Object.fromEntries(own.map((item) => [item.sku, to])) },
            ),
          },
        ];
      });
      if (changed.length > 0)
        await tx
          .update(productItems)
          .set({ discountPercent: to })
          .where(
            and(
              inArray(
                productItems.productId,
                changed.map((one) => one.id),
              ),
              sql`${productItems.archivedAt} is null`,
            ),
          );
      await bumpProducts(tx, changed, {});
    } else {
      const status = bulkStatus[request.action];
      changed = rows
        .filter((row) => row.status !== status)
        .map((row) => ({
          id: row.id,
          changes: changedFields({ status: row.status }, { status }),
        }));
      await bumpProducts(tx, changed, { status });
    }

    for (const one of changed)
      await recordAudit(tx, {
        actor,
        action: 'update',
        entity: 'product',
        entityId: one.id,
        changes: { ...one.changes, bulkAction: { from: null, to: request.action } },
      });
    return { changed: changed.length };
  });
}

/** Sets `values` on the products and raises their versions, as a save does. */
async function bumpProducts(
  tx: Transaction,
  changed: readonly { id: string }[],
  values: Partial<typeof products.$inferInsert>,
) {
  if (changed.length === 0) return;
  await tx
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(
      inArray(
        products.id,
        changed.map((one) => one.id),
      ),
    );
}

/** The bokmål names of categories by id. */
async function categoryNames(tx: Transaction, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
