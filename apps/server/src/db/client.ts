import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and PostgreSQL; services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens PGlite in `dataDir` (in memory without one) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const sql = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'shop' },
    });
    const db = drizzlePostgres(sql, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(sql, { schema }), { migrationsFolder }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const pglite = drizzlePglite(client, { schema });
  return {
    db: pglite as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    close: () => client.close(),
  };
}
