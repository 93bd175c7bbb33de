import { desc, sql, type SQL } from 'drizzle-orm';
import { PLANNED_PER_CALL, type Database } from '../../db/client.js';
import { rowsOf } from '../../db/statement.js';
import { productItems, products, searchPostings, searchTerms } from './catalog.tables.js';
import { apiDefaultLocale, type Locale } from '@shop/shared';
import {
  defaultItemJoin,
  productCardColumnsIn,
  productOnSale,
  productCardOf,
  type ProductCardInOre,
  type ProductCardRow,
} from './product-card.js';
import type { SearchIndex } from './search-index.js';

/**
 * Product search in English and bokmål, typo-tolerant the way pg_trgm's documentation
 * recommends ("Text Search Integration"). Trigram similarity is never computed over products: a catalogue of 50,000
 * generated names holds only a few hundred distinct words, kept in `search_terms` by a trigger
 * on products (migration 0006_search_terms_trigger). A search
 * 1. splits the keyword into words;
 * 2. corrects each word against that dictionary: the word itself plus its nearest terms by
 *    trigram distance (GiST index), as long as they are similar enough ("hony" → honey,
 *    "hon" → honey, "shrt" → shirt);
 * 3. ranks the products that match any candidate of any word by how many typed words a product
 *    matches (so matching every word comes first), then ts_rank, best sellers, name.
 *
 * When the words have many postings, step 3 reads their best products from `search_postings`
 * (rankFromPostings) rather than ranking every match, which for a common word is a fifth of the
 * catalogue; when that cannot prove its answer is the full ranking's, the full ranking runs
 * (rankFromProducts).
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

/**
 * The most postings of a lexeme the posting walk reads whole (see rankFromPostings), from the
 * index alone: at 100,000 generated products "tea" reads the 1,021 of "teapot". A search whose
 * other lists are longer ranks every match instead.
 */
const WHOLE_LIST_LIMIT = 5_000;

/**
 * The most positions a lexeme may have in one product for its share to be trusted: the shares
 * of 1 to 32 positions (name ones first, then keyword ones) all differ, by more than four float4
 * steps (catalog.search-postings.test.ts checks this), so an equal share means an equal ts_rank
 * term. Migration 0024 indexes the rare postings with more.
 */
export const TRUSTED_OCCURRENCES = 32;

/**
 * Up to this many postings of a search's lexemes (so at most this many matches), ranking every
 * match is as quick as the posting walk, whose statement PGlite plans anew each time: 5-9 ms
 * against 2-4 ms a search of the demo catalogue.
 */
const FEW_POSTINGS = 1_000;

/** The distinct lower-case words of a keyword; punctuation and query syntax only separate. */
export function keywordWords(keyword: string): string[] {
  return [...new Set(keyword.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((word) => word !== '');
}

interface WordQueries {
  /** One tsquery (as text) per typed word that can match anything. */
  queries: string[];
  /** The distinct lexemes of all of them. */
  lexemes: string[];
  /** Per lexeme, which word queries hold it: a bit string, one bit per query. */
  wordMasks: string[];
  /** How many distinct candidate queries stand in for the words altogether. */
  candidates: number;
  /**
   * Per typed word, the lexemes of each of its candidates: a product matches the word when it
   * has every lexeme of one candidate (a candidate such as "t-shirt" is an AND of several).
   */
  candidateLexemes: string[][][];
  /** Whether the lexemes have at most FEW_POSTINGS postings altogether. */
  fewPostings: boolean;
}

/**
 * One tsquery (as text) per typed word that can match anything: the OR of the word and its
 * closest dictionary terms, each stemmed as English and as bokmål, the two ways
 * products.search_vector holds words (migration 0031): "kaffe", "coffee" and "stromper" all
 * find theirs. A stop word has none.
 * The typed word always stands for itself: stemmed, "coffees" finds coffee without being a term.
 * to_tsvector and plainto_tsquery parse and stem alike, so the lexemes are the queries' own.
 */
async function wordQueries(db: Database, words: string[]): Promise<WordQueries> {
  const result = await db.execute(sql`
    with word as (
      select string_agg(distinct '(' || plainto_tsquery(stemming.config, candidate.term)::text || ')', ' | ') as query,
        count(distinct plainto_tsquery(stemming.config, candidate.term)::text)::int as candidates,
        array_agg(distinct lexeme) as lexemes,
        json_agg(distinct to_jsonb(tsvector_to_array(to_tsvector(stemming.config, candidate.term))))
          as candidate_lexemes
      from unnest(${textArray(words)}) as typed(word)
      cross join lateral (
        select typed.word as term
        union
        select nearest.term
        from (
          select term from ${searchTerms} order by term <-> typed.word limit ${TERMS_PER_WORD}
        ) nearest
        where similarity(nearest.term, typed.word) >= ${TYPO_TOLERANCE}
      ) candidate
      cross join (values ('english'::regconfig), ('norwegian'::regconfig)) as stemming(config)
      cross join lateral unnest(tsvector_to_array(to_tsvector(stemming.config, candidate.term))) as lexeme
      group by typed.word
    )
    select word.*, (
      select count(*) from (
        select from ${searchPostings}
        where ${searchPostings.lexeme} in (select unnest(lexemes) from word)
        limit ${FEW_POSTINGS + 1}
      ) posting
    )::int as postings
    from word`);
  const rows = rowsOf<{
    query: string;
    candidates: number;
    lexemes: string[];
    candidate_lexemes: string[][];
    postings: number;
  }>(result);
  const lexemes = [...new Set(rows.flatMap((row) => row.lexemes))];
  return {
    queries: rows.map((row) => row.query),
    lexemes,
    wordMasks: lexemes.map((lexeme) =>
      rows.map((row) => (row.lexemes.includes(lexeme) ? '1' : '0')).join(''),
    ),
    candidates: rows.reduce((sum, row) => sum + row.candidates, 0),
    candidateLexemes: rows.map((row) => row.candidate_lexemes),
    fewPostings: (rows[0]?.postings ?? 0) <= FEW_POSTINGS,
  };
}

function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The match condition and rank of a search, the same SQL for both ways of ranking. */
interface Ranking {
  matches: SQL;
  rank: SQL<number>;
}

function rankingOf(queries: string[]): Ranking {
  const anyWord = sql`${queries.map((query) => `(${query})`).join(' | ')}::tsquery`;
  const matchedWords = sql.join(
    queries.map((query) => sql`(${products.searchVector} @@ ${query}::tsquery)::int`),
    sql` + `,
  );
  return {
    matches: sql`${products.searchVector} @@ ${anyWord}`,
    rank: sql<number>`${matchedWords} + ts_rank(${products.searchVector}, ${anyWord})`,
  };
}

/**
 * Every product that matches, ranked; the reference rankFromPostings must equal. The id only
 * orders products that tie on everything else, which were in no given order before.
 */
async function rankFromProducts(
  db: Database,
  ranking: Ranking,
  locale: Locale,
): Promise<ProductCardRow[]> {
  const result = await db.execute(sql`${PLANNED_PER_CALL}
    select ${cardColumnsIn(locale)}
    from ${products}
    inner join ${productItems} on ${defaultItemJoin}
    where ${ranking.matches} and ${productOnSale}
    order by ${ranking.rank} desc, ${products.soldCount} desc, ${products.name}, ${products.id}
    limit ${SEARCH_RESULT_LIMIT}`);
  return rowsOf<ProductCardRow>(result);
}

/**
 * How far a rank summed in float8 from the float4 shares of n lexemes can be from ts_rank's
 * float4 arithmetic (n shares rounded, n additions, one division), doubled.
 */
function summingRounding(lexemeCount: number): number {
  return (2 * lexemeCount + 2) * 2 ** -23;
}

const cardColumnsIn = (locale: Locale) =>
  sql.join(
    Object.entries(productCardColumnsIn(locale)).map(
      ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
    ),
    sql`, `,
  );

// The statements are prepared, and PostgreSQL may keep one generic plan for every search; these
// keep it on the candidates' own rows. A parameter for is_default (defaultItemJoin's) would hide
// the partial index of default items from it, and a match condition it may use the GIN index
// for would read every match of the words (`is true` is the same filter, not an index's).
const defaultItem = sql`${productItems.productId} = ${products.id} and ${productItems.isDefault}`;

/**
 * The given products that match and are on sale, in rankFromProducts' order, with its rank; the
 * bokmål name orders ties in every language, as the postings do.
 */
function rankedCandidates(ranking: Ranking, ids: SQL, locale: Locale): SQL {
  return sql`
    select ${cardColumnsIn(locale)}, ${ranking.rank} as rank, ${products.soldCount} as sold_count,
      ${products.name} as bokmal_name, ${products.id} as product_id
    from ${products}
    inner join ${productItems} on ${defaultItem}
    where ${products.id} = any(${ids}) and (${ranking.matches}) is true
      and ${productOnSale}
    order by rank desc, ${products.soldCount} desc, ${products.name}, ${products.id}`;
}

/**
 * The same answer as rankFromProducts, from the candidates the in-process index picks
 * (search-index.ts); undefined when the index cannot pick them or turns out behind the database
 * (a candidate it thought on sale is not), and the caller then ranks another way.
 */
async function rankFromIndex(
  db: Database,
  ranking: Ranking,
  { lexemes, candidateLexemes }: WordQueries,
  index: SearchIndex,
  locale: Locale,
): Promise<ProductCardRow[] | undefined> {
  const ids = index.candidates(
    {
      lexemes,
      words: candidateLexemes.map((candidates) =>
        candidates.map((candidate) =>
          candidate.reduce((mask, lexeme) => mask | (1 << lexemes.indexOf(lexeme)), 0),
        ),
      ),
      rounding: summingRounding(lexemes.length),
    },
    SEARCH_RESULT_LIMIT,
  );
  if (ids === undefined) return undefined;
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select *, count(*) over ()::int as ranked
    from (${rankedCandidates(ranking, sql`${`{${ids.join(',')}}`}::uuid[]`, locale)}) candidate
    order by rank desc, sold_count desc, bokmal_name, product_id
    limit ${SEARCH_RESULT_LIMIT}`);
  const rows = rowsOf<ProductCardRow & { ranked: number }>(result);
  return (rows[0]?.ranked ?? 0) === ids.length ? rows : undefined;
}

/**
 * The same answer as rankFromProducts, from the best postings of each lexeme; empty when it
 * cannot show that (or when nothing matches), and the caller then ranks every match.
 *
 * With normalisation 0, ts_rank of a query whose top operator is OR is the sum over its n
 * distinct lexemes l of ts_rank(search_vector, l), divided by n: that summand is a posting's
 * share. A lexeme's list is its postings of products on sale, ordered by share desc, sold_count
 * desc, name, product_id. The candidates are the first K + 1 of each list (K =
 * SEARCH_RESULT_LIMIT), ranked with rankFromProducts' own rank; c is the K-th best of them. A
 * list with more than K is truncated; its boundary is the share of its K + 1-th. A product
 * outside the candidates ("unseen") is only in truncated lists, after their first K + 1, so
 * each of its shares is at most that list's boundary. Facts the cases below lean on:
 * - The word queries are ANDs and ORs of lexemes: more lexemes never match fewer words.
 * - No posting of the query's lexemes has more than TRUSTED_OCCURRENCES positions (else nothing
 *   is proven), so an equal share means an equal ts_rank term, and a smaller share stays smaller
 *   after the division by n.
 * - An unseen product p with exactly c's shares has c's rank and comes after c: c is among the
 *   first K + 1 of one of those lexemes' lists, with the same share as p, and p is not.
 * - A rank summed in float8 from shares is within `rounding` of ts_rank's float4 one.
 * The cases:
 * - No truncated list: every product that has a query lexeme is a candidate.
 * - One truncated list l: an unseen p has l alone, and each of l's first K products q beats it:
 *   q matches every word p matches, its share sum is at least its share of l, at least p's, and
 *   on equal shares the list put q first by sold count, name and id.
 * - More, threshold: an unseen product's rank is at most the truncated lexemes' words plus the
 *   boundaries' sum over n. If that bound with any one share lowered to the next smaller share
 *   of that lexeme (or to none) stays below c's rank by more than rounding, only a product at
 *   every boundary could beat c; none does if the full bound is below c's rank too, or if c has
 *   exactly the boundary shares and no other query lexeme. ("shirt" at 100,000 products: its
 *   best t-shirts tie at both boundaries.)
 * - More, dominant list: the largest truncated list is the dominant one, and every posting of
 *   the others is read (if none has more than WHOLE_LIST_LIMIT). An unseen product with the
 *   dominant lexeme alone loses as with one truncated list; one in the other lists is added to
 *   the candidates unless its words and its shares (those the walk read, and its posting of the
 *   dominant lexeme, looked up by product) sum to below c's rank by more than rounding, or it
 *   has c's shares exactly. A product not on sale may be in lists no walk reads; the final
 *   ranking drops it whatever its sum. ("tea" reads the 1,021 postings of
 *   "teapot": every teapot has tea in its keywords only, below the boundary of tea.)
 * - While a list is truncated, fewer than K matching candidates prove nothing.
 */
async function rankFromPostings(
  db: Database,
  ranking: Ranking,
  { lexemes, wordMasks }: WordQueries,
  locale: Locale,
): Promise<(ProductCardRow & { proof: Proof })[]> {
  const k = SEARCH_RESULT_LIMIT;
  const n = lexemes.length;
  const rounding = summingRounding(n);
  const queryLexemes = textArray(lexemes);
  const wordMaskArray = sql`${textArray(wordMasks)}::varbit[]`;
  const postings = searchPostings;
  const cardAliases = sql.join(
    Object.keys(productCardColumnsIn(locale)).map((alias) => sql.identifier(alias)),
    sql`, `,
  );
  const rankCandidates = (ids: SQL) => sql`
    ${rankedCandidates(ranking, ids, locale)}
    limit ${k}`;
  const result = await db.execute(sql`
    with query_lexemes as (
      select * from unnest(${queryLexemes}, ${wordMaskArray})
        as query_lexeme(lexeme, words)
    ),
    prefix as (
      select query_lexemes.lexeme, head.*
      from query_lexemes
      cross join lateral (
        select *, row_number() over (
          order by share desc, sold_count desc, "name", product_id
        ) as position
        from (
          select ${postings.productId} as product_id, ${postings.share} as share,
            ${postings.soldCount} as sold_count, ${postings.name} as "name"
          from ${postings}
          inner join ${products} on ${products.id} = ${postings.productId}
          inner join ${productItems} on ${defaultItem}
          where ${postings.lexeme} = query_lexemes.lexeme and ${productOnSale}
          order by ${postings.share} desc, ${postings.soldCount} desc, ${postings.name},
            ${postings.productId}
          limit ${k + 1}
        ) list
      ) head
    ),
    boundary as (
      select * from prefix where position = ${k + 1}
    ),
    ranked as (${rankCandidates(sql`array(select product_id from prefix)`)}),
    last as (
      select * from ranked order by rank desc, sold_count desc, bokmal_name, product_id
      offset ${k - 1} limit 1
    ),
    last_postings as (
      select ${postings.lexeme} as lexeme, ${postings.share} as share
      from ${postings}
      where ${postings.productId} = (select product_id from last)
        and ${postings.lexeme} = any(${queryLexemes})
    ),
    bound as (
      select bit_count(bit_or(query_lexemes.words)) as words,
        sum(boundary.share::float8) as share_sum
      from boundary
      inner join query_lexemes on query_lexemes.lexeme = boundary.lexeme
    ),
    threshold as (
      select (select count(*) from boundary) > 1
        and (
          select bool_and(
            bound.words + (bound.share_sum - boundary.share + coalesce((
              select ${postings.share} from ${postings}
              where ${postings.lexeme} = boundary.lexeme and ${postings.share} < boundary.share
              order by ${postings.share} desc
              limit 1
            ), 0)) / ${n} < last.rank - ${rounding}
          )
          from boundary, bound, last
        )
        and (
          (select bound.words + bound.share_sum / ${n} < last.rank - ${rounding} from bound, last)
          or (
            (select count(*) from last_postings) = (select count(*) from boundary)
            and not exists (
              select lexeme, share from last_postings
              except
              select lexeme, share from boundary
            )
          )
        ) as holds
    ),
    sizes as (
      select boundary.lexeme, (
        select count(*) from (
          select from ${postings} where ${postings.lexeme} = boundary.lexeme
          limit ${WHOLE_LIST_LIMIT + 1}
        ) list
      ) as postings
      from boundary
      where (select count(*) from boundary) > 1 and not (select holds from threshold)
    ),
    dominant as (
      select lexeme from sizes order by postings desc, lexeme limit 1
    ),
    others_fit as (
      select not exists (
        select from sizes
        where postings > ${WHOLE_LIST_LIMIT} and lexeme not in (select lexeme from dominant)
      ) as fit
    ),
    walked as (
      select walk.*
      from sizes
      cross join lateral (
        select ${postings.lexeme} as lexeme, ${postings.productId} as product_id,
          ${postings.share} as share
        from ${postings}
        where ${postings.lexeme} = sizes.lexeme
        order by ${postings.share} desc, ${postings.soldCount} desc, ${postings.name},
          ${postings.productId}
        limit ${WHOLE_LIST_LIMIT}
      ) walk
      where (select fit from others_fit)
        and sizes.lexeme not in (select lexeme from dominant)
        and walk.product_id not in (select product_id from prefix)
    ),
    walked_profiles as (
      select walked.product_id, count(*) as lexemes,
        count(*) filter (
          where (walked.lexeme, walked.share) in (select * from last_postings)
        ) as lexemes_like_last,
        sum(walked.share::float8) as share_sum,
        bit_or(query_lexemes.words) as words
      from walked
      inner join query_lexemes on query_lexemes.lexeme = walked.lexeme
      group by walked.product_id
    ),
    profiles as (
      select walked_profiles.product_id,
        walked_profiles.lexemes + (in_dominant.share is not null)::int as lexemes,
        walked_profiles.lexemes_like_last + coalesce((
          (dominant.lexeme, in_dominant.share) in (select * from last_postings)
        )::int, 0) as lexemes_like_last,
        (walked_profiles.share_sum + coalesce(in_dominant.share::float8, 0)) / ${n}
          + bit_count(case
            when in_dominant.share is null then walked_profiles.words
            else walked_profiles.words | query_lexemes.words
          end) as summed_rank
      from walked_profiles
      cross join dominant
      inner join query_lexemes on query_lexemes.lexeme = dominant.lexeme
      left join ${postings} in_dominant
        on in_dominant.lexeme = dominant.lexeme
        and in_dominant.product_id = walked_profiles.product_id
    ),
    promoted as (
      select profiles.product_id
      from profiles, last
      where profiles.summed_rank >= last.rank - ${rounding}
        and not (
          profiles.lexemes = (select count(*) from last_postings)
          and profiles.lexemes_like_last = profiles.lexemes
        )
    ),
    proven as (
      select case
        when exists (
          select from ${postings}
          where ${postings.lexeme} = any(${queryLexemes})
            and ${postings.occurrences} > ${sql.raw(String(TRUSTED_OCCURRENCES))}
        ) then null
        when not exists (select from boundary) then 'whole lists'
        when (select count(*) from ranked) < ${k} then null
        when (select count(*) from boundary) = 1 then 'one truncated list'
        when (select holds from threshold) then 'threshold'
        when (select fit from others_fit) then 'dominant list'
      end as proof
    )
    select ${cardAliases}, (select proof from proven) as proof
    from (
      select * from ranked
      union all
      select * from (${rankCandidates(sql`array(select product_id from promoted)`)}) promoted_ranked
    ) answer
    where (select proof from proven) is not null
    order by rank desc, sold_count desc, bokmal_name, product_id
    limit ${k}`);
  return rowsOf<ProductCardRow & { proof: Proof }>(result);
}

/** Products by keyword, best matches first; an empty keyword answers the newest products. */
export async function searchProducts(
  db: Database,
  keyword: string,
  locale: Locale,
  index?: SearchIndex,
): Promise<ProductCardInOre[]> {
  return (await searchCatalogue(db, keyword, { index, locale })).cards;
}

/**
 * How the answer was shown to be the full ranking's: by one case of rankFromPostings' proof, or
 * by ranking the candidates of the in-process index.
 */
export type Proof =
  'whole lists' | 'one truncated list' | 'threshold' | 'dominant list' | 'in-process index';

export interface SearchAnswer {
  cards: ProductCardInOre[];
  /** How the answer was found short of ranking every match; absent when every match was. */
  proof?: Proof;
}

/**
 * searchProducts, saying how it answered. `rankFrom` forces a way (for tests): 'products' ranks
 * every match, 'postings' walks the postings however few there are, 'index' asks the index
 * however few there are and ranks every match when it cannot answer. The cards' names are in
 * `locale`, the API's English unless told; what matches is the same in both languages.
 */
export async function searchCatalogue(
  db: Database,
  keyword: string,
  options: {
    rankFrom?: 'postings' | 'products' | 'index';
    index?: SearchIndex;
    locale?: Locale;
  } = {},
): Promise<SearchAnswer> {
  const locale = options.locale ?? apiDefaultLocale;
  if (keyword === '') {
    const rows = await db
      .select(productCardColumnsIn(locale))
      .from(products)
      .innerJoin(productItems, defaultItemJoin)
      .where(productOnSale)
      .orderBy(desc(products.createdAt), products.name)
      .limit(SEARCH_RESULT_LIMIT);
    return { cards: rows.map(productCardOf) };
  }

  const words = keywordWords(keyword);
  if (words.length === 0) return { cards: [] };
  const found = await wordQueries(db, words);
  if (found.queries.length === 0) return { cards: [] };

  const ranking = rankingOf(found.queries);
  const { rankFrom, index } = options;
  // A single candidate of several lexemes makes an AND the top operator, which ts_rank ranks
  // another way (calc_rank_and), not as a sum of shares.
  const summable = found.candidates > 1 || found.lexemes.length === 1;
  const indexed = summable && index !== undefined;
  if (indexed && (rankFrom === 'index' || rankFrom === undefined)) {
    const rows = await rankFromIndex(db, ranking, found, index, locale);
    if (rows) return { cards: rows.map(productCardOf), proof: 'in-process index' };
  }
  const worthWalking = rankFrom === 'postings' || !found.fewPostings;
  if (summable && worthWalking && rankFrom !== 'products' && rankFrom !== 'index') {
    const rows = await rankFromPostings(db, ranking, found, locale);
    const proof = rows[0]?.proof;
    if (proof) return { cards: rows.map(productCardOf), proof };
  }
  return { cards: (await rankFromProducts(db, ranking, locale)).map(productCardOf) };
}
