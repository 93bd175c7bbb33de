import { and, desc, eq } from 'drizzle-orm';
import type { ProductCard } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../plugins/error-handler.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import { productCardColumns, toProductCard } from '../catalog/product-card.js';
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
    const [item] = await tx
      .select({ id: productItems.id })
      .from(productItems)
      .where(eq(productItems.id, productId));
    if (!item) throw notFound('Product not found');
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
    return 'added';
  });
}

/** The wishlist as product cards, the latest addition first. */
export async function listWishlist(db: Database, userId: string): Promise<ProductCard[]> {
  const rows = await db
    .select(productCardColumns)
    .from(wishlistItems)
    .innerJoin(productItems, eq(productItems.id, wishlistItems.productId))
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map(toProductCard);
}
