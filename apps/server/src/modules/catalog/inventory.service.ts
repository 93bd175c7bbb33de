import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  stockAdjustmentSignError,
  type InventoryItem,
  type InventoryItemUpdate,
  type InventoryPage,
  type InventorySort,
  type StockAdjustmentReason,
  type StockAdjustmentResult,
  type StockChangeReason,
  type StockLedgerEntry,
  type StockLedgerPage,
  type StockState,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { getSetting } from '../settings/index.js';
import { productItems, products, stockLedger } from './catalog.tables.js';

/**
 * Stock and its ledger. Every change of an item's stock goes through `changeStock`, which
 * changes the figure with one atomic update and writes the ledger row with the figures that
 * update returned, in the caller's transaction: the ledger always explains the stock, and the
 * row lock the update holds until the transaction ends puts the ledger rows of one item in the
 * order the changes were made (by id; `at` is when each transaction began).
 */

type Executor = Database | Transaction;

/** What a change of stock is recorded with besides the figures. */
export interface StockChangeContext {
  reason: StockChangeReason;
  orderId?: string | null;
  actor?: Actor;
  note?: string;
}

type LedgerRow = typeof stockLedger.$inferSelect;

function toLedgerEntry(row: LedgerRow): StockLedgerEntry {
  return {
    id: row.id,
    itemId: row.itemId,
    at: row.at.toISOString(),
    reason: row.reason,
    change: row.change,
    stockBefore: row.stockBefore,
    stockAfter: row.stockAfter,
    orderId: row.orderId,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    note: row.note,
  };
}

/**
 * Adds `change` (negative to take away) to an item's stock and writes its ledger row. Answers
 * undefined, changing nothing, when the item does not exist or its stock would go below 0.
 */
export async function changeStock(
  tx: Transaction,
  itemId: string,
  change: number,
  context: StockChangeContext,
): Promise<StockLedgerEntry | undefined> {
  const [updated] = await tx
    .update(productItems)
    .set({ stock: sql`${productItems.stock} + ${change}` })
    .where(and(eq(productItems.id, itemId), sql`${productItems.stock} + ${change} >= 0`))
    .returning({ stock: productItems.stock });
  if (!updated) return undefined;
  const [row] = await tx
    .insert(stockLedger)
    .values({
      itemId,
      reason: context.reason,
      change,
      stockBefore: updated.stock - change,
      stockAfter: updated.stock,
      orderId: context.orderId ?? null,
      actorId: context.actor?.id ?? null,
      actorEmail: context.actor?.email ?? null,
      note: context.note ?? '',
    })
    .returning();
  if (!row) throw new Error('stock ledger insert returned no row');
  return toLedgerEntry(row);
}

/**
 * Takes sold quantities off the items' stock with an `order` ledger row each, inside the
 * transaction that stores the order; the caller has locked and checked the items with
 * `findPurchasableItems(tx, ids, {lock})`, so running short here is a programming error.
 */
export async function takeStock(
  tx: Transaction,
  lines: readonly { itemId: string; qty: number }[],
  orderId: string,
): Promise<void> {
  for (const line of lines) {
    const entry = await changeStock(tx, line.itemId, -line.qty, { reason: 'order', orderId });
    if (!entry) throw new Error(`item ${line.itemId} ran short while its order was stored`);
  }
}

/**
 * Puts quantities back on the items' stock, as a cancelled or returned order does, with a
 * ledger row each naming the order. Items deleted since are skipped: there is no stock to keep.
 */
export async function restock(
  tx: Transaction,
  lines: readonly { itemId: string; qty: number }[],
  context: { reason: 'cancellation' | 'return'; orderId: string; actor?: Actor; note?: string },
): Promise<void> {
  for (const line of lines) if (line.qty > 0) await changeStock(tx, line.itemId, line.qty, context);
}

const inventoryColumns = {
  itemId: productItems.id,
  productId: products.id,
  productName: products.name,
  variants: productItems.variants,
  sku: productItems.sku,
  stock: productItems.stock,
  orderLimit: productItems.orderLimit,
  lowStockThreshold: productItems.lowStockThreshold,
  disabled: productItems.disabled,
};

type InventoryRow = Omit<InventoryItem, 'effectiveThreshold' | 'low' | 'out'>;

function toInventoryItem(row: InventoryRow, shopThreshold: number): InventoryItem {
  const effectiveThreshold = row.lowStockThreshold ?? shopThreshold;
  return {
    ...row,
    effectiveThreshold,
    low: row.stock <= effectiveThreshold,
    out: row.stock === 0,
  };
}

/** `%` and `_` typed by a person are letters to look for, not patterns. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function inventoryOrder(sort: InventorySort): SQL[] {
  const descending = sort.startsWith('-');
  const direction = (column: SQL | AnyColumn) => (descending ? desc(column) : asc(column));
  const byName = [
    direction(sql`lower(${products.name})`),
    asc(products.id),
    asc(productItems.position),
  ];
  switch (sort.replace(/^-/, '')) {
    case 'sku':
      return [direction(productItems.sku)];
    case 'stock':
      return [direction(productItems.stock), ...byName];
    default:
      return byName;
  }
}

/**
 * The inventory page: every item not archived, with its stock, order limit and low-stock flags,
 * searched by product name or SKU, filtered by stock state, sorted and paged in the database.
 */
export async function listInventory(
  db: Executor,
  query: { q: string; state: StockState; page: number; pageSize: number; sort: InventorySort },
): Promise<InventoryPage> {
  const shopThreshold = await getSetting(db, 'lowStockThreshold');
  const conditions: SQL[] = [isNull(productItems.archivedAt)];
  if (query.q !== '') {
    const pattern = likePattern(query.q);
    const matches = or(ilike(products.name, pattern), ilike(productItems.sku, pattern));
    if (matches) conditions.push(matches);
  }
  if (query.state === 'out') conditions.push(eq(productItems.stock, 0));
  if (query.state === 'low')
    conditions.push(
      sql`${productItems.stock} <= coalesce(${productItems.lowStockThreshold}, ${shopThreshold})`,
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(inventoryColumns)
      .from(productItems)
      .innerJoin(products, eq(products.id, productItems.productId))
      .where(where)
      .orderBy(...inventoryOrder(query.sort), asc(productItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(productItems)
      .innerJoin(products, eq(products.id, productItems.productId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => toInventoryItem(row, shopThreshold)),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findInventoryItem(db: Executor, itemId: string): Promise<InventoryItem> {
  const [row] = await db
    .select(inventoryColumns)
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(eq(productItems.id, itemId));
  if (!row) throw new NotFoundError('errors.inventory.itemNotFound');
  return toInventoryItem(row, await getSetting(db, 'lowStockThreshold'));
}

/** Locks an item for a change by hand; archived items keep their figures for the record. */
async function lockItemForChange(tx: Transaction, itemId: string) {
  const [item] = await tx
    .select({
      stock: productItems.stock,
      orderLimit: productItems.orderLimit,
      lowStockThreshold: productItems.lowStockThreshold,
      archivedAt: productItems.archivedAt,
      productId: productItems.productId,
    })
    .from(productItems)
    .where(eq(productItems.id, itemId))
    .for('update');
  if (!item) throw new NotFoundError('errors.inventory.itemNotFound');
  if (item.archivedAt) throw new ConflictError('errors.inventory.itemArchived');
  return item;
}

/**
 * A staff member changes an item's order limit or its own low-stock threshold (null: the shop's
 * default). The product's version is raised, so a product form opened before refuses to save
 * the old values over these.
 */
export async function updateInventoryItem(
  db: Database,
  actor: Actor,
  itemId: string,
  input: InventoryItemUpdate,
): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    const before = await lockItemForChange(tx, itemId);
    const after = {
      ...(input.orderLimit !== undefined ? { orderLimit: input.orderLimit } : {}),
      ...(input.lowStockThreshold !== undefined
        ? { lowStockThreshold: input.lowStockThreshold }
        : {}),
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) {
      await tx.update(productItems).set(after).where(eq(productItems.id, itemId));
      await tx
        .update(products)
        .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, before.productId));
      await recordAudit(tx, { actor, action: 'update', entity: 'item', entityId: itemId, changes });
    }
    return findInventoryItem(tx, itemId);
  });
}

/**
 * A stock adjustment by hand: a change by a number of units, or a count that sets the figure,
 * with a ledger row and an audit row. A change is one atomic update that refuses to go below 0,
 * so an order taking stock at the same moment is never lost; a count locks the item first, as
 * its change depends on the figure counted against.
 */
export async function adjustStock(
  db: Database,
  actor: Actor,
  itemId: string,
  input: { change?: number; setTo?: number; reason: StockAdjustmentReason; note: string },
): Promise<StockAdjustmentResult> {
  return db.transaction(async (tx) => {
    const field = input.setTo === undefined ? 'change' : 'setTo';
    let change: number;
    if (input.setTo !== undefined) {
      const { stock } = await lockItemForChange(tx, itemId);
      if (input.setTo === stock)
        throw new InvalidError('errors.inventory.unchanged', { values: { stock }, field });
      change = input.setTo - stock;
    } else {
      const [item] = await tx
        .select({ archivedAt: productItems.archivedAt })
        .from(productItems)
        .where(eq(productItems.id, itemId));
      if (!item) throw new NotFoundError('errors.inventory.itemNotFound');
      if (item.archivedAt) throw new ConflictError('errors.inventory.itemArchived');
      change = input.change ?? 0;
    }
    const signError = stockAdjustmentSignError(input.reason, change);
    if (signError)
      throw new InvalidError(
        input.reason === 'received'
          ? 'errors.inventory.receivedAdds'
          : 'errors.inventory.damagedRemoves',
        { field },
      );
    const entry = await changeStock(tx, itemId, change, {
      reason: input.reason,
      actor: { id: actor.id, email: actor.email },
      note: input.note,
    });
    if (!entry) {
      const [current] = await tx
        .select({ stock: productItems.stock })
        .from(productItems)
        .where(eq(productItems.id, itemId));
      if (!current) throw new NotFoundError('errors.inventory.itemNotFound');
      throw new InvalidError('errors.inventory.belowZero', {
        values: { stock: current.stock },
        field,
      });
    }
    await recordAudit(tx, {
      actor,
      action: 'adjust-stock',
      entity: 'item',
      entityId: itemId,
      // The reason and the note are the ledger row's; the audit log says who changed the figure.
      changes: { stock: { from: entry.stockBefore, to: entry.stockAfter } },
    });
    return { stock: entry.stockAfter, entry };
  });
}

/**
 * Blots a deleted customer's strings (`erase`) out of the notes of the stock changes their
 * orders made, such as the reason staff gave for cancelling one.
 */
export async function eraseFromStockNotes(
  tx: Transaction,
  orderIds: string[],
  erase: (text: string) => string,
): Promise<void> {
  if (orderIds.length === 0) return;
  const entries = await tx
    .select({ id: stockLedger.id, note: stockLedger.note })
    .from(stockLedger)
    .where(inArray(stockLedger.orderId, orderIds));
  for (const entry of entries) {
    const note = erase(entry.note);
    if (note !== entry.note)
      await tx.update(stockLedger).set({ note }).where(eq(stockLedger.id, entry.id));
  }
}

/** An item's stock ledger, newest change first. */
export async function stockLedgerOf(
  db: Executor,
  itemId: string,
  paging: { page: number; pageSize: number },
): Promise<StockLedgerPage> {
  const [item] = await db
    .select({ id: productItems.id })
    .from(productItems)
    .where(eq(productItems.id, itemId));
  if (!item) throw new NotFoundError('errors.inventory.itemNotFound');
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.itemId, itemId))
      .orderBy(desc(stockLedger.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.$count(stockLedger, eq(stockLedger.itemId, itemId)),
  ]);
  return {
    entries: rows.map(toLedgerEntry),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
