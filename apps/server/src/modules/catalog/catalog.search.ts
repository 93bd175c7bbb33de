import { desc, or, sql } from 'drizzle-orm';
import type { ProductCard } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { productItems, products } from './catalog.tables.js';
import { defaultItemJoin, productCardColumns, toProductCard } from './product-card.js';

/** The most cards one search answers; a shopper refines the term rather than scrolls further. */
export const SEARCH_RESULT_LIMIT = 60;

/**
 * How close a typed word must be to a word of a product name (pg_trgm word similarity).
 * 0.5 lets "hony" find Honey, "cofee" Coffee and "t-shrt" T-Shirt, yet keeps "hemp" from
 * finding Helmet.
 */
export const TYPO_TOLERANCE = 0.5;

/**
 * Finds products by keyword, best matches first: full-text search over name and keywords
 * (stemmed, any of the words) plus trigram similarity on the name so that typos still find.
 * Both conditions are answered from GIN indexes, so the cost grows with the matches, not
 * with the catalogue. An empty keyword answers the newest products.
 */
export async function searchProducts(db: Database, keyword: string): Promise<ProductCard[]> {
  if (keyword === '') {
    const rows = await db
      .select(productCardColumns)
      .from(products)
      .innerJoin(productItems, defaultItemJoin)
      .orderBy(desc(products.createdAt), products.name)
      .limit(SEARCH_RESULT_LIMIT);
    return rows.map(toProductCard);
  }

  const allWords = sql`plainto_tsquery('english', ${keyword})`;
  const anyWord = sql`replace(plainto_tsquery('english', ${keyword})::text, '&', '|')::tsquery`;
  const rank = sql<number>`(case when ${products.searchVector} @@ ${allWords} then 1 else 0 end)
    + ts_rank(${products.searchVector}, ${anyWord})
    + word_similarity(${keyword}, ${products.name})`;

  return db.transaction(async (tx) => {
    // Scoped to this transaction: the `<%` operator reads its threshold from the session.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_TOLERANCE)}, true)`,
    );
    const rows = await tx
      .select(productCardColumns)
      .from(products)
      .innerJoin(productItems, defaultItemJoin)
      .where(or(sql`${products.searchVector} @@ ${anyWord}`, sql`${keyword} <% ${products.name}`))
      .orderBy(desc(rank), desc(products.soldCount), products.name)
      .limit(SEARCH_RESULT_LIMIT);
    return rows.map(toProductCard);
  });
}
