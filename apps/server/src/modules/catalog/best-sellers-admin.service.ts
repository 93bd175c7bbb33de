import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AdminBestSellers, shopLocale } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { InvalidError } from '../../domain-errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { listFeaturedFamilies } from './catalog.service.js';
import { products } from './catalog.tables.js';
import { productOnSale } from './product-card.js';

async function pinnedIds(db: Database | Transaction): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(isNotNull(products.bestSellingPin))
    .orderBy(asc(products.bestSellingPin));
  return rows.map((row) => row.id);
}

/** The pinned products in their order, and 'Best Selling Products' as the home page shows it now. */
export async function getBestSellers(db: Database): Promise<AdminBestSellers> {
  const [pinned, shown] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        onSale: sql<boolean>`${productOnSale}`,
      })
      .from(products)
      .where(isNotNull(products.bestSellingPin))
      .orderBy(asc(products.bestSellingPin)),
    listFeaturedFamilies(db, shopLocale),
  ]);
  return {
    pinned: pinned.map((row) => ({ ...row, onSale: Boolean(row.onSale) })),
    shown: shown.map((family) => ({
      id: family.productId,
      name: family.card.name,
      soldCount: family.soldCount,
      pinned: family.pinned,
    })),
  };
}

/**
 * Replaces the pinned products with `productIds`, in that order ([] unpins all). Each must exist
 * and not be archived; a draft may be pinned and shows once it is published. Two saves take
 * turns, so the pins are always one save's list.
 */
export async function setBestSellers(
  db: Database,
  actor: Actor,
  productIds: readonly string[],
): Promise<AdminBestSellers> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('best_selling_pins'))`);
    const found =
      productIds.length === 0
        ? []
        : await tx
            .select({ id: products.id, name: products.name, status: products.status })
            .from(products)
            .where(inArray(products.id, [...productIds]));
    const missing = productIds.length - found.length;
    if (missing > 0)
      throw new InvalidError('errors.products.someNotFound', {
        values: { count: missing },
        field: 'productIds',
      });
    const archived = found.filter((product) => product.status === 'archived');
    if (archived.length > 0)
      throw new InvalidError('errors.bestSellers.archived', {
        values: {
          names: archived.map((product) => product.name).join(', '),
          count: archived.length,
        },
        field: 'productIds',
      });
    const before = await pinnedIds(tx);
    if (before.length === productIds.length && before.every((id, i) => productIds[i] === id))
      return;
    await tx
      .update(products)
      .set({ bestSellingPin: null })
      .where(isNotNull(products.bestSellingPin));
    for (const [position, id] of productIds.entries())
      await tx.update(products).set({ bestSellingPin: position }).where(eq(products.id, id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'best-sellers',
      // The home page's list as a whole has no record of its own; the log names it.
      entityId: 'home',
      changes: changedFields({ productIds: before }, { productIds }),
    });
  });
  return getBestSellers(db);
}
