import { and, desc, sql } from 'drizzle-orm';
import type { ProductCard } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { productItems, products, searchTerms } from './catalog.tables.js';
import {
  defaultItemJoin,
  productCardColumns,
  productOnSale,
  toProductCard,
} from './product-card.js';

/**
 * Product search, typo-tolerant the way pg_trgm's documentation recommends ("Text Search
 * Integration"). Trigram similarity is never computed over products: a catalogue of 50,000
 * generated names holds only a few hundred distinct words, kept in `search_terms` by a trigger
 * on products (migration 0006_search_terms_trigger). A search
 * 1. splits the keyword into words;
 * 2. corrects each word against that dictionary: the word itself plus its nearest terms by
 *    trigram distance (GiST index), as long as they are similar enough ("hony" → honey,
 *    "hon" → honey, "shrt" → shirt);
 * 3. runs one full-text query over products.search_vector (GIN index): any candidate of any
 *    word, ranked by how many typed words a product matches (so matching every word comes
 *    first), then ts_rank, best sellers, name.
 * The cost grows with the products that match, not with the catalogue.
 */

/** The most cards one search answers; a shopper refines the term rather than scrolls further. */
export const SEARCH_RESULT_LIMIT = 60;

/**
 * How similar a dictionary term must be to a typed word to stand in for it (pg_trgm
 * similarity, its default threshold). 0.3 lets "hony" find honey (0.38), "cofee" coffee (0.63),
 * "wol" wool (0.5) and "hon" honey (0.43), yet keeps "hemp" from finding helmet (0.2).
 */
const TYPO_TOLERANCE = 0.3;

/** How many dictionary terms at most stand in for one typed word: the closest ones. */
const TERMS_PER_WORD = 4;

/** The distinct lower-case words of a keyword; punctuation and query syntax only separate. */
export function keywordWords(keyword: string): string[] {
  return [...new Set(keyword.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((word) => word !== '');
}

/**
 * One tsquery (as text) per typed word that can match anything: the OR of the word and its
 * closest dictionary terms, stemmed the way products.search_vector is. A stop word has none.
 * The typed word always stands for itself: stemmed, "coffees" finds coffee without being a term.
 */
async function wordQueries(db: Database, words: string[]): Promise<string[]> {
  const typedWords = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select string_agg(distinct '(' || plainto_tsquery('english', candidate.term)::text || ')', ' | ') as query
    from unnest(array[${typedWords}]::text[]) as typed(word)
    cross join lateral (
      select typed.word as term
      union
      select nearest.term
      from (
        select term from ${searchTerms} order by term <-> typed.word limit ${TERMS_PER_WORD}
      ) nearest
      where similarity(nearest.term, typed.word) >= ${TYPO_TOLERANCE}
    ) candidate
    where length(to_tsvector('english', candidate.term)) > 0
    group by typed.word`);
  return rowsOf<{ query: string }>(result).map((row) => row.query);
}

/** postgres.js answers the rows as an array, PGlite inside `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Products by keyword, best matches first; an empty keyword answers the newest products. */
export async function searchProducts(db: Database, keyword: string): Promise<ProductCard[]> {
  if (keyword === '') {
    const rows = await db
      .select(productCardColumns)
      .from(products)
      .innerJoin(productItems, defaultItemJoin)
      .where(productOnSale)
      .orderBy(desc(products.createdAt), products.name)
      .limit(SEARCH_RESULT_LIMIT);
    return rows.map(toProductCard);
  }

  const words = keywordWords(keyword);
  if (words.length === 0) return [];
  const queries = await wordQueries(db, words);
  if (queries.length === 0) return [];

  const anyWord = sql`${queries.map((query) => `(${query})`).join(' | ')}::tsquery`;
  const matchedWords = sql.join(
    queries.map((query) => sql`(${products.searchVector} @@ ${query}::tsquery)::int`),
    sql` + `,
  );
  const rank = sql<number>`${matchedWords} + ts_rank(${products.searchVector}, ${anyWord})`;

  const rows = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(productItems, defaultItemJoin)
    .where(and(sql`${products.searchVector} @@ ${anyWord}`, productOnSale))
    .orderBy(desc(rank), desc(products.soldCount), products.name)
    .limit(SEARCH_RESULT_LIMIT);
  return rows.map(toProductCard);
}
