import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  PRICE_SALE_ITEMS_SHOWN,
  PRICE_SALE_START_GRACE_MS,
  sellingPriceOre,
  type AdminPriceSale,
  type AdminPriceSaleDetail,
  type AdminPriceSaleItem,
  type AdminPriceSaleList,
  type PriceSaleStatus,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { categories, productItems, products } from './catalog.tables.js';
import { priceSaleItems, priceSaleProducts, priceSales } from './price-sales.tables.js';

/**
 * Sales: a discount put on many products' items at a start and taken off at an end. A sale works
 * through `product_items.discount_percent`, which every price of the shop reads; what each item
 * had before is kept in `price_sale_items`, so the end puts exactly that back, except on an item
 * whose discount someone changed during the sale (their change stays).
 *
 * Every write of sales, and every start and end, runs in a transaction under one advisory lock.
 * Two sweeps (two server processes, or a sweep and the owner's "End now") therefore take turns,
 * and each reads the sale's status again after the lock: a sale starts and ends exactly once.
 * The overlap rule below is checked under the same lock, so two owners cannot each save one half
 * of an overlap.
 */

type Executor = Database | Transaction;
type PriceSale = typeof priceSales.$inferSelect;

/** Rows written per statement: a big category stays far below the driver's parameter limit. */
const CHUNK = 1000;

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) =>
    rows.slice(index * CHUNK, (index + 1) * CHUNK),
  );

async function lockSales(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_sales'))`);
}

/** The products a sale covers: its category's (subcategories included) or its chosen ones. */
function coveredProducts(sale: Pick<PriceSale, 'id' | 'categoryId'>): SQL | undefined {
  const target = sale.categoryId
    ? or(
        eq(products.categoryId, sale.categoryId),
        eq(products.subCategoryId, sale.categoryId),
        eq(products.subCategory2Id, sale.categoryId),
      )
    : sql`${products.id} in (select ${priceSaleProducts.productId} from ${priceSaleProducts} where ${priceSaleProducts.saleId} = ${sale.id})`;
  return and(target, ne(products.status, 'archived'));
}

/**
 * The items a sale puts its discount on: those of its products that can still be sold, and not
 * one another active sale holds (a product moved into the category meanwhile), so an item is
 * only ever one sale's to put back.
 */
const coveredItems = (sale: Pick<PriceSale, 'id' | 'categoryId'>) =>
  and(
    coveredProducts(sale),
    isNull(productItems.archivedAt),
    sql`not exists (select 1 from ${priceSaleItems} inner join ${priceSales} on ${priceSales.id} = ${priceSaleItems.saleId}
      where ${priceSaleItems.productItemId} = ${productItems.id} and ${priceSales.status} = 'active' and ${priceSales.id} <> ${sale.id})`,
  );

/** A product form opened before the change refuses to save the old discounts over it. */
async function bumpVersions(tx: Transaction, productIds: ReadonlySet<string>): Promise<void> {
  for (const ids of chunks([...productIds]))
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1` })
      .where(inArray(products.id, ids));
}

/** Puts the sale's discount on its items, remembering each item's own. */
async function startSale(tx: Transaction, sale: PriceSale, now: Date): Promise<PriceSale> {
  const items = await tx
    .select({
      id: productItems.id,
      productId: productItems.productId,
      discountPercent: productItems.discountPercent,
    })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(coveredItems(sale))
    .orderBy(productItems.id)
    .for('update', { of: productItems });
  for (const part of chunks(items)) {
    await tx.insert(priceSaleItems).values(
      part.map((item) => ({
        saleId: sale.id,
        productItemId: item.id,
        previousDiscountPercent: item.discountPercent,
      })),
    );
    const changing = part.filter((item) => item.discountPercent !== sale.discountPercent);
    if (changing.length > 0)
      await tx
        .update(productItems)
        .set({ discountPercent: sale.discountPercent })
        .where(
          inArray(
            productItems.id,
            changing.map((item) => item.id),
          ),
        );
  }
  await bumpVersions(
    tx,
    new Set(
      items
        .filter((item) => item.discountPercent !== sale.discountPercent)
        .map((item) => item.productId),
    ),
  );
  return setStatus(tx, sale.id, { status: 'active', appliedAt: now, updatedAt: now });
}

/**
 * Puts back each item's own discount, where the item still has the sale's: a discount set by
 * hand during the sale is the newer word and stays.
 */
async function revertSale(tx: Transaction, sale: PriceSale): Promise<number> {
  const rows = await tx
    .select({
      id: productItems.id,
      productId: productItems.productId,
      discountPercent: productItems.discountPercent,
      previous: priceSaleItems.previousDiscountPercent,
    })
    .from(priceSaleItems)
    .innerJoin(productItems, eq(productItems.id, priceSaleItems.productItemId))
    .where(eq(priceSaleItems.saleId, sale.id))
    .orderBy(productItems.id)
    .for('update', { of: productItems });
  const back = rows.filter(
    (row) => row.discountPercent === sale.discountPercent && row.previous !== row.discountPercent,
  );
  const byDiscount = new Map<number, string[]>();
  for (const row of back)
    byDiscount.set(row.previous, [...(byDiscount.get(row.previous) ?? []), row.id]);
  for (const [discountPercent, ids] of byDiscount)
    for (const part of chunks(ids))
      await tx.update(productItems).set({ discountPercent }).where(inArray(productItems.id, part));
  await bumpVersions(tx, new Set(back.map((row) => row.productId)));
  return back.length;
}

async function setStatus(
  tx: Transaction,
  id: string,
  values: Partial<Pick<PriceSale, 'status' | 'appliedAt' | 'endedAt' | 'updatedAt'>>,
): Promise<PriceSale> {
  const [saved] = await tx.update(priceSales).set(values).where(eq(priceSales.id, id)).returning();
  if (!saved) throw new NotFoundError('errors.priceSales.notFound');
  return saved;
}

/** When a sale is due: an active one at its end, a scheduled one at its start. */
const dueAt = sql`case when ${priceSales.status} = 'active' then ${priceSales.endsAt} else ${priceSales.startsAt} end`;

/**
 * Starts the scheduled sales whose start has come and ends the active ones whose end has, in the
 * order they are due (an end before a start at the same moment, so back-to-back sales hand the
 * products over). One transaction per sale. A sale whose whole time passed while no sweep ran
 * (the shop was down) ends without touching a price. Safe to run from several processes at
 * once; answers what it did, so the caller knows whether prices changed.
 */
export async function runDueSales(
  db: Database,
  now: Date,
): Promise<{ started: number; ended: number }> {
  const done = { started: 0, ended: 0 };
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await lockSales(tx);
      const [due] = await tx
        .select()
        .from(priceSales)
        .where(
          or(
            and(eq(priceSales.status, 'active'), lte(priceSales.endsAt, now)),
            and(eq(priceSales.status, 'scheduled'), lte(priceSales.startsAt, now)),
          ),
        )
        .orderBy(dueAt, desc(sql`${priceSales.status} = 'active'`), asc(priceSales.createdAt))
        .limit(1);
      if (!due) return undefined;
      if (due.status === 'active') {
        await revertSale(tx, due);
        await setStatus(tx, due.id, { status: 'ended', endedAt: now, updatedAt: now });
        return 'ended' as const;
      }
      if (due.endsAt && due.endsAt <= now) {
        await setStatus(tx, due.id, { status: 'ended', endedAt: now, updatedAt: now });
        return 'ended' as const;
      }
      await startSale(tx, due, now);
      return 'started' as const;
    });
    if (!step) return done;
    done[step] += 1;
  }
}

/**
 * Before categories are deleted: refused while a scheduled or active sale is on one of them; a
 * sale over keeps its record and its items, and forgets the category.
 */
export async function releaseSaleCategories(
  tx: Transaction,
  categoryIds: readonly string[],
): Promise<void> {
  if (categoryIds.length === 0) return;
  await lockSales(tx);
  const onThem = and(
    inArray(priceSales.categoryId, [...categoryIds]),
    inArray(priceSales.status, ['scheduled', 'active']),
  );
  const [live] = await tx.select({ name: priceSales.name }).from(priceSales).where(onThem).limit(1);
  if (live)
    throw new ConflictError('errors.priceSales.categoryInSale', { values: { sale: live.name } });
  await tx
    .update(priceSales)
    .set({ categoryId: null })
    .where(inArray(priceSales.categoryId, [...categoryIds]));
}

/** The category and its ancestors, nearest first. */
async function lineage(tx: Transaction, categoryId: string): Promise<string[]> {
  const chain: string[] = [];
  for (let id: string | null = categoryId; id !== null && !chain.includes(id);) {
    chain.push(id);
    const [row]: { parentId: string | null }[] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, id));
    id = row?.parentId ?? null;
  }
  return chain;
}

/**
 * Refuses a sale that covers a product another scheduled or active sale covers at some moment
 * of its time, so that no item is ever two sales' to put back. Category sales also clash when
 * one category holds the other, whatever products they have today: products added before the
 * start belong to both.
 */
async function assertNoOverlap(tx: Transaction, sale: PriceSale): Promise<void> {
  const startsAt = sale.startsAt ?? sale.createdAt;
  const others = await tx
    .select()
    .from(priceSales)
    .where(
      and(
        ne(priceSales.id, sale.id),
        inArray(priceSales.status, ['scheduled', 'active']),
        sale.endsAt
          ? or(isNull(priceSales.startsAt), lt(priceSales.startsAt, sale.endsAt))
          : undefined,
        or(isNull(priceSales.endsAt), gt(priceSales.endsAt, startsAt)),
      ),
    )
    .orderBy(asc(priceSales.createdAt));
  const ownLineage = sale.categoryId ? await lineage(tx, sale.categoryId) : [];
  for (const other of others) {
    const status = other.status === 'active' ? 'active' : 'scheduled';
    if (sale.categoryId && other.categoryId) {
      const otherLineage = await lineage(tx, other.categoryId);
      if (ownLineage.includes(other.categoryId) || otherLineage.includes(sale.categoryId))
        throw new ConflictError('errors.priceSales.overlapCategory', {
          values: { other: other.name, status },
        });
    }
    const held = sql`${products.id} in (select ${productItems.productId} from ${priceSaleItems}
      inner join ${productItems} on ${productItems.id} = ${priceSaleItems.productItemId}
      where ${priceSaleItems.saleId} = ${other.id})`;
    const [shared] = await tx
      .select({ name: products.name, total: sql<number>`count(*) over ()` })
      .from(products)
      .where(and(coveredProducts(sale), or(coveredProducts(other), held)))
      .orderBy(asc(products.name))
      .limit(1);
    if (shared)
      throw new ConflictError('errors.priceSales.overlap', {
        values: { other: other.name, status, count: Number(shared.total), example: shared.name },
      });
  }
}

interface Coverage {
  productCount: number;
  itemCount: number;
}

/**
 * What a sale covers: the items it changed once it started; while scheduled, what it would take
 * now; nothing for one cancelled (or over) before it started.
 */
async function coverageOf(db: Executor, sale: PriceSale): Promise<Coverage> {
  const counted = {
    productCount: sql<number>`count(distinct ${productItems.productId})::int`,
    itemCount: sql<number>`count(*)::int`,
  };
  if (sale.appliedAt) {
    const [row] = await db
      .select(counted)
      .from(priceSaleItems)
      .innerJoin(productItems, eq(productItems.id, priceSaleItems.productItemId))
      .where(eq(priceSaleItems.saleId, sale.id));
    return { productCount: Number(row?.productCount ?? 0), itemCount: Number(row?.itemCount ?? 0) };
  }
  if (sale.status !== 'scheduled') return { productCount: 0, itemCount: 0 };
  const [row] = await db
    .select(counted)
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(coveredItems(sale));
  return { productCount: Number(row?.productCount ?? 0), itemCount: Number(row?.itemCount ?? 0) };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function toAdminPriceSale(db: Executor, sale: PriceSale): Promise<AdminPriceSale> {
  const [category] = sale.categoryId
    ? await db
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.id, sale.categoryId))
    : [];
  return {
    id: sale.id,
    name: sale.name,
    discountPercent: sale.discountPercent,
    categoryId: sale.categoryId,
    categoryName: category?.name ?? null,
    status: sale.status,
    startsAt: iso(sale.startsAt),
    endsAt: iso(sale.endsAt),
    appliedAt: iso(sale.appliedAt),
    endedAt: iso(sale.endedAt),
    ...(await coverageOf(db, sale)),
    createdByEmail: sale.createdByEmail,
    createdAt: sale.createdAt.toISOString(),
    updatedAt: sale.updatedAt.toISOString(),
  };
}

/** `GET /api/admin/price-sales`: newest first. */
export async function listPriceSales(
  db: Database,
  query: { status?: PriceSaleStatus | undefined; page: number; pageSize: number },
): Promise<AdminPriceSaleList> {
  const where = query.status ? eq(priceSales.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(priceSales)
      .where(where)
      .orderBy(desc(priceSales.createdAt), asc(priceSales.name))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(priceSales)
      .where(where),
  ]);
  return {
    sales: await Promise.all(rows.map((row) => toAdminPriceSale(db, row))),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findSale(db: Executor, id: string): Promise<PriceSale> {
  const [row] = await db.select().from(priceSales).where(eq(priceSales.id, id));
  if (!row) throw new NotFoundError('errors.priceSales.notFound');
  return row;
}

const itemOrder = [asc(products.name), asc(productItems.position), asc(productItems.id)];

type ItemPrices = 'discountBefore' | 'discountDuring' | 'sellingBeforeOre' | 'sellingDuringOre';

/** The first items a sale covers, with the prices before and during it. */
async function itemsOf(db: Executor, sale: PriceSale): Promise<AdminPriceSaleItem[]> {
  const fields = {
    productId: products.id,
    productName: products.name,
    productSlug: products.slug,
    itemId: productItems.id,
    sku: productItems.sku,
    variants: productItems.variants,
    priceOre: productItems.priceOre,
    currentDiscount: productItems.discountPercent,
  };
  const row = (
    item: Omit<AdminPriceSaleItem, ItemPrices>,
    discountBefore: number,
  ): AdminPriceSaleItem => ({
    ...item,
    discountBefore,
    discountDuring: sale.discountPercent,
    sellingBeforeOre: sellingPriceOre(item.priceOre, discountBefore),
    sellingDuringOre: sellingPriceOre(item.priceOre, sale.discountPercent),
  });
  if (sale.appliedAt) {
    const rows = await db
      .select({ ...fields, previous: priceSaleItems.previousDiscountPercent })
      .from(priceSaleItems)
      .innerJoin(productItems, eq(productItems.id, priceSaleItems.productItemId))
      .innerJoin(products, eq(products.id, productItems.productId))
      .where(eq(priceSaleItems.saleId, sale.id))
      .orderBy(...itemOrder)
      .limit(PRICE_SALE_ITEMS_SHOWN);
    return rows.map(({ previous, ...item }) => row(item, previous));
  }
  if (sale.status !== 'scheduled') return [];
  const rows = await db
    .select(fields)
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(coveredItems(sale))
    .orderBy(...itemOrder)
    .limit(PRICE_SALE_ITEMS_SHOWN);
  return rows.map((item) => row(item, item.currentDiscount));
}

/** `GET /api/admin/price-sales/{id}`: the sale with the items it covers (the first ones). */
export async function getPriceSale(db: Database, id: string): Promise<AdminPriceSaleDetail> {
  const sale = await findSale(db, id);
  const [summary, items, chosen] = await Promise.all([
    toAdminPriceSale(db, sale),
    itemsOf(db, sale),
    db
      .select({ id: priceSaleProducts.productId })
      .from(priceSaleProducts)
      .where(eq(priceSaleProducts.saleId, id)),
  ]);
  return { ...summary, items, productIds: chosen.map((row) => row.id) };
}

export interface PriceSaleInput {
  name: string;
  discountPercent: number;
  categoryId: string | null;
  productIds: string[];
  startsAt: string | null;
  endsAt: string | null;
}

async function assertTargetExists(tx: Transaction, body: PriceSaleInput): Promise<void> {
  if (body.categoryId) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, body.categoryId));
    if (!category)
      throw new InvalidError('errors.priceSales.categoryNotFound', { field: 'categoryId' });
    return;
  }
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, body.productIds));
  const missing = body.productIds.length - found.length;
  if (missing > 0)
    throw new InvalidError('errors.products.someNotFound', {
      values: { count: missing },
      field: 'productIds',
    });
}

/**
 * `POST /api/admin/price-sales`. Without a start, or with one up to a minute ago (the form was
 * filled a moment ago), the sale applies at once; with a later start it waits for the sweep.
 * Refused when it overlaps another sale on the same products.
 */
export async function createPriceSale(
  db: Database,
  actor: Actor,
  body: PriceSaleInput,
  now: Date,
): Promise<AdminPriceSale> {
  const requestedStart = body.startsAt === null ? null : new Date(body.startsAt);
  const endsAt = body.endsAt === null ? null : new Date(body.endsAt);
  if (requestedStart && requestedStart.getTime() < now.getTime() - PRICE_SALE_START_GRACE_MS)
    throw new InvalidError('errors.priceSales.startInPast', { field: 'startsAt' });
  if (endsAt && endsAt <= now)
    throw new InvalidError('errors.priceSales.endInPast', { field: 'endsAt' });
  const startsNow = requestedStart === null || requestedStart <= now;
  return db.transaction(async (tx) => {
    await lockSales(tx);
    await assertTargetExists(tx, body);
    const [inserted] = await tx
      .insert(priceSales)
      .values({
        name: body.name,
        discountPercent: body.discountPercent,
        categoryId: body.categoryId,
        startsAt: startsNow ? now : requestedStart,
        endsAt,
        status: 'scheduled',
        createdByEmail: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('the sale was not stored');
    if (body.productIds.length > 0)
      await tx
        .insert(priceSaleProducts)
        .values(body.productIds.map((productId) => ({ saleId: inserted.id, productId })));
    await assertNoOverlap(tx, inserted);
    const sale = startsNow ? await startSale(tx, inserted, now) : inserted;
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'price-sale',
      entityId: sale.id,
      changes: changedFields(
        {},
        {
          name: sale.name,
          discountPercent: sale.discountPercent,
          categoryId: sale.categoryId,
          productIds: body.productIds,
          startsAt: iso(sale.startsAt),
          endsAt: iso(sale.endsAt),
          status: sale.status,
        },
      ),
    });
    return toAdminPriceSale(tx, sale);
  });
}

/**
 * `POST /api/admin/price-sales/{id}/end`: a scheduled sale is cancelled; an active one ends now
 * and its items get their own discounts back (those changed by hand meanwhile keep theirs).
 */
export async function endPriceSale(
  db: Database,
  actor: Actor,
  id: string,
  now: Date,
): Promise<AdminPriceSale> {
  return db.transaction(async (tx) => {
    await lockSales(tx);
    const before = await findSale(tx, id);
    if (before.status === 'ended') throw new ConflictError('errors.priceSales.alreadyEnded');
    if (before.status === 'cancelled')
      throw new ConflictError('errors.priceSales.alreadyCancelled');
    const status = before.status === 'active' ? 'ended' : 'cancelled';
    const restored = before.status === 'active' ? await revertSale(tx, before) : 0;
    const sale = await setStatus(tx, id, { status, endedAt: now, updatedAt: now });
    await recordAudit(tx, {
      actor,
      action: status === 'ended' ? 'end' : 'cancel',
      entity: 'price-sale',
      entityId: id,
      changes: {
        ...changedFields({ status: before.status }, { status }),
        ...(status === 'ended' ? { itemsPutBack: { from: null, to: restored } } : {}),
      },
    });
    return toAdminPriceSale(tx, sale);
  });
}
