import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { categories, products } from './catalog.tables.js';
import { productOnSale } from './product-card.js';

/**
 * The catalogue's storefront pages that a search engine may list (issue 15): the pages that
 * answer 200 at /category/{slug} and /product/{slug}, by the same conditions as those pages.
 */

/** A product or category page and when what it shows last changed. */
export interface CataloguePage {
  slug: string;
  updatedAt: Date;
}

/** Rows read per query while walking the products, so a large catalogue never sits in memory. */
export const PRODUCT_PAGE_BATCH = 1000;

/**
 * The categories the storefront shows (any level), by slug: not hidden and under no hidden
 * parent or grandparent. Each with the latest change of what its page shows: itself, its
 * sub-categories (its filters), and the products filed under it at any level, on sale or not,
 * since one leaving the page (archived, hidden) changes it too. A product moved to another
 * category shows in the new one's time only.
 */
export async function shownCategoryPages(db: Database): Promise<CataloguePage[]> {
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  return db
    .select({
      slug: categories.slug,
      updatedAt: sql<Date>`greatest(
        ${categories.updatedAt},
        (select max(below.updated_at) from ${categories} below
          where below.parent_id = ${categories.id}
            or below.parent_id in (select child.id from ${categories} child
              where child.parent_id = ${categories.id})),
        (select max(filed.updated_at) from ${products} filed
          where ${categories.id} in (filed.category_id, filed.sub_category_id, filed.sub_category2_id))
      )`.mapWith(categories.updatedAt),
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grandparent, eq(grandparent.id, parent.parentId))
    .where(
      and(
        eq(categories.hidden, false),
        sql`not coalesce(${parent.hidden}, false)`,
        sql`not coalesce(${grandparent.hidden}, false)`,
      ),
    )
    .orderBy(asc(categories.slug));
}

/** How many products have a page on the storefront (published, in no hidden category). */
export async function countProductPages(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(productOnSale);
  return row?.total ?? 0;
}

/**
 * The product pages from the `skip`th to the `skip + take`th, by slug, one batch at a time.
 * Only the first query skips (in the database); the next ones continue after the last slug read,
 * on the slug's unique index.
 */
export async function* productPages(
  db: Database,
  range: { skip: number; take: number },
  batchSize = PRODUCT_PAGE_BATCH,
): AsyncGenerator<CataloguePage[]> {
  let after: string | undefined;
  let left = range.take;
  while (left > 0) {
    const limit = Math.min(batchSize, left);
    const rows = await db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(productOnSale, after === undefined ? undefined : gt(products.slug, after)))
      .orderBy(asc(products.slug))
      .limit(limit)
      .offset(after === undefined ? range.skip : 0);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    left -= rows.length;
    after = last.slug;
  }
}
