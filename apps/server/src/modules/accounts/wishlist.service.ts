import { and, desc, eq } from 'drizzle-orm';
import { type Locale, shopLocale } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { itemCards, type ProductCardInOre, purchasableItemExists } from '../catalog/index.js';
import { wishlistItems } from './accounts.tables.js';

/** Adds the item to the user's wishlist, or takes it off when it is already there (SESSION-12). */
export async function toggleWishlist(
  db: Database,
  userId: string,
  productId: string,
): Promise<'added' | 'removed'> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    if (removed.length > 0) return 'removed';
    if (!(await purchasableItemExists(tx, productId)))
      throw new NotFoundError('errors.catalog.productNotFound');
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
    return 'added';
  });
}

/** The wishlist as product cards, the latest addition first. */
export async function listWishlist(
  db: Database,
  userId: string,
  locale: Locale,
): Promise<ProductCardInOre[]> {
  const entries = await db
    .select({ itemId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  const cards = await itemCards(
    db,
    entries.map((entry) => entry.itemId),
    locale,
  );
  return entries.flatMap((entry) => cards.get(entry.itemId) ?? []);
}

/** Every wishlist entry with when it was added, on sale or not (a customer's data export). */
export async function wishlistEntries(
  db: Database,
  userId: string,
): Promise<{ itemId: string; productName: string | null; addedAt: string }[]> {
  const entries = await db
    .select({ itemId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  const cards = await itemCards(
    db,
    entries.map((entry) => entry.itemId),
    shopLocale,
  );
  return entries.map((entry) => ({
    itemId: entry.itemId,
    productName: cards.get(entry.itemId)?.name ?? null,
    addedAt: entry.createdAt.toISOString(),
  }));
}
