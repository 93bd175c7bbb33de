// The exact SQL the server runs for a call, for pgbench to run the same. It is captured, not
// written by hand: the bench calls the very service functions the routes call
// (getProductBySlug, listCategoryProducts) on a drizzle database whose logger records each
// statement with its parameters, the way the server's postgres.js pool sends them. The
// parameters are then written in as literals, so pgbench (-M prepared) parses and plans each
// statement once and runs it per transaction as the server's prepared statements do.
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../apps/server/src/db/schema.js';
import type { Database } from '../apps/server/src/db/client.js';
import {
  getProductBySlug,
  listCategoryProducts,
  type CategoryListingFilter,
  type Paging,
} from '../apps/server/src/modules/catalog/catalog.service.js';

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

async function capture(url: string, call: (db: Database) => Promise<unknown>): Promise<string[]> {
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
  return statements;
}

/** The statements of one product page, as a pgbench script (one transaction = one page). */
export async function productBySlugSql(url: string, slug: string): Promise<string> {
  const statements = await capture(url, (db) => getProductBySlug(db, slug, {}, 'nb'));
  return script(statements);
}

/** The statements of one category listing call, as a pgbench script. */
export async function categoryListingSql(
  url: string,
  categoryId: string,
  filter: CategoryListingFilter,
  paging: Paging,
): Promise<string> {
  const statements = await capture(url, (db) =>
    listCategoryProducts(db, categoryId, filter, paging, 'nb'),
  );
  return script(statements);
}

/** pgbench reads one statement per line unless it ends in a backslash; one line each. */
function script(statements: string[]): string {
  return statements.map((statement) => `${statement.replace(/\s+/g, ' ')};\n`).join('');
}
