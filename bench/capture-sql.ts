// The exact SQL the server runs for a call, for pgbench to run the same. It is captured, not
// written by hand: the bench calls the very service functions the routes call
// (getProductBySlug, listCategoryProducts, searchProducts with the in-process search index) on a
// drizzle database whose logger records each statement with its parameters, the way the
// server's postgres.js pool sends them. The parameters are then written in as literals, so
// pgbench (-M prepared) parses and plans each statement once and runs it per transaction as the
// server's prepared statements do.
import { categoryListingBodySchema } from '@shop/shared';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { FastifyBaseLogger } from 'fastify';
import postgres from 'postgres';
import * as schema from '../apps/server/src/db/schema.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import {
  getProductBySlug,
  listCategoryProducts,
  type Paging,
} from '../apps/server/src/modules/catalog/catalog.service.js';
import { searchProducts } from '../apps/server/src/modules/catalog/catalog.search.js';
import { SearchIndex } from '../apps/server/src/modules/catalog/search-index.js';

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

/** Calls `call` on a database that records its statements; one pgbench transaction of them. */
async function capture(url: string, call: (db: Database) => Promise<unknown>): Promise<string> {
  const statements: string[] = [];
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (query, params) => statements.push(inline(query, params)) },
    }) as unknown as Database;
    await call(db);
  } finally {
    await client.end();
  }
  // pgbench reads one statement per line unless it ends in a backslash; one line each.
  return statements.map((statement) => `${statement.replace(/\s+/g, ' ')};\n`).join('');
}

/** The statements of one product page's call, as a pgbench script. */
export function productBySlugSql(url: string, slug: string): Promise<string> {
  return capture(url, (db) => getProductBySlug(db, slug, {}, 'nb'));
}

/** The statements of one category listing call with the body the storefront sends. */
export function categoryListingSql(
  url: string,
  categoryId: string,
  body: unknown,
  paging: Paging,
): Promise<string> {
  const filter = categoryListingBodySchema.parse(body);
  return capture(url, (db) => listCategoryProducts(db, categoryId, filter, paging, 'nb'));
}

const quiet = {
  warn: () => {},
  error: () => {},
  info: () => {},
} as unknown as FastifyBaseLogger;

/**
 * The statements of each search, ranked as the server ranks them once its in-process index is
 * read: the index is read here as the server reads it at start, and its candidates go into the
 * statements the scripts hold.
 */
export async function searchSql(url: string, queries: readonly string[]): Promise<string[]> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const index = new SearchIndex(handle, quiet);
  try {
    await index.start();
    for (let waited = 0; !index.current; waited++) {
      if (waited > 600) throw new Error('the search index was not read in 2 minutes');
      await index.settled();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const scripts: string[] = [];
    for (const query of queries)
      scripts.push(await capture(url, (db) => searchProducts(db, query, 'nb', index)));
    return scripts;
  } finally {
    await index.stop();
    await handle.close();
  }
}
