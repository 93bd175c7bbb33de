import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { runtimeFiles } from '../runtime-files.js';
import { createRunAlone, lockStatement, type RunAlone } from './job-lock.js';
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
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` committed after listening
   * began, and `onListening` each time listening (re)starts: notifications sent while a
   * connection was lost are gone, so a listener reads afresh then. Resolves to stop listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * A read replica's pool (DATABASE_READ_URL) for the catalogue's reads, which
   * `db/read-routing.ts` sends there while it has replayed every change; undefined without one.
   */
  replica?: Database;
  /** Runs a background job's round unless another process runs it now (`db/job-lock.ts`). */
  runAlone: RunAlone;
  close(): Promise<void>;
}

const migrationsFolder = runtimeFiles.migrations;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data folder as PGlite's `dumpDataDir` writes it, to start from (a test's template). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number; readUrl?: string };

/** Opens PGlite in `dataDir` (in memory without one) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const sql = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'shop' },
    });
    const db = drizzlePostgres(preparingEveryStatement(sql), { schema }) as unknown as Database;
    const replicaSql = options.readUrl
      ? postgres(options.readUrl, {
          max: options.poolSize ?? 10,
          onnotice: () => {},
          connection: { application_name: 'shop reads' },
          // A replica that fails has its reads run on the primary (read-routing.ts), which then
          // asks it once a second whether it is back. So a read waiting for a connection to it
          // fails at once rather than after postgres.js's growing pause between attempts (up to
          // 20 s, which the shoppers whose reads were on their way would wait through), and a
          // host that is gone after 5 s rather than 30.
          backoff: () => 0,
          connect_timeout: 5,
        })
      : undefined;
    // The background jobs' advisory locks, on a connection of their own (opened at the first
    // job), kept for the life of the process: a lock lives as long as its connection.
    const jobLocks = postgres(options.url, {
      max: 1,
      max_lifetime: null,
      onnotice: () => {},
      connection: { application_name: 'shop jobs' },
    });
    return {
      db,
      replica: replicaSql
        ? (drizzlePostgres(preparingEveryStatement(replicaSql), { schema }) as unknown as Database)
        : undefined,
      kind: 'postgres',
      migrate: async () => {
        // Processes starting together (a deploy, a rolling restart) take turns: the first applies
        // a new migration, the next finds it applied. Without this both would run it, and one fail.
        // The turn is held on a connection outside the pool, which may have only one.
        const turn = postgres(options.url, { max: 1, onnotice: () => {} });
        try {
          await turn`select pg_advisory_lock(hashtext('shop migrations'))`;
          await migratePostgres(drizzlePostgres(sql, { schema }), { migrationsFolder });
        } finally {
          await turn.end({ timeout: 5 });
        }
      },
      // postgres.js listens on a connection of its own, outside the pool, and listens again
      // (calling onListening) after that connection is lost.
      listen: async (channel, onNotify, onListening) => {
        const { unlisten } = await sql.listen(channel, onNotify, onListening);
        return unlisten;
      },
      runAlone: createRunAlone(async (statement, name) => {
        const [row] = await jobLocks.unsafe<{ answer: boolean }[]>(lockStatement(statement), [
          name,
        ]);
        return row?.answer === true;
      }),
      close: async () => {
        await Promise.all([
          sql.end({ timeout: 5 }),
          jobLocks.end({ timeout: 5 }),
          replicaSql?.end({ timeout: 5 }),
        ]);
      },
    };
  }
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  }).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const pglite = drizzlePglite(client, { schema });
  return {
    db: pglite as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    listen: async (channel, onNotify, onListening) => {
      const unlisten = await client.listen(channel, onNotify);
      onListening();
      return unlisten;
    },
    runAlone: createRunAlone(async (statement, name) => {
      const { rows } = await client.query<{ answer: boolean }>(lockStatement(statement), [name]);
      return rows[0]?.answer === true;
    }),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

const PLANNED_PER_CALL_MARK = '/* planned per call */';

/**
 * Begins a statement whose best plan depends on its values so much that PostgreSQL must plan it
 * for each call's own: a prepared statement runs one generic plan from its sixth call on, and
 * the full ranking of a search, planned for "tea", reads every product for a word nothing has
 * (12 ms against 1 ms). PGlite plans every statement anyway.
 */
export const PLANNED_PER_CALL = sql.raw(PLANNED_PER_CALL_MARK);

/**
 * drizzle's postgres-js driver names a statement only when a query is given a name, and sends
 * every other one unnamed (`prepare: false`, and one without parameters as a simple query), so
 * PostgreSQL parses and plans it anew on each call: most of the database's work for a product
 * page (a plan of 0.5 to 3 ms beside 0.1 ms of reading). This hands drizzle a client, and the
 * clients of its transactions and savepoints, whose statements postgres.js prepares once per
 * connection and keeps. Migrations keep the plain client: a migration step may hold several
 * commands, which one prepared statement cannot. A statement that begins with PLANNED_PER_CALL
 * goes unnamed.
 */
function preparingEveryStatement<Client extends postgres.Sql | postgres.TransactionSql>(
  client: Client,
): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options = {}) =>
          // `simple` is postgres.js's own, untyped: without parameters it would otherwise send
          // the simple protocol, which has no prepared statements (client.postgres.test.ts).
          target.unsafe(query, parameters, {
            ...options,
            prepare: !query.startsWith(PLANNED_PER_CALL_MARK),
            simple: false,
          } as postgres.UnsafeQueryOptions);
      }
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (transaction: postgres.TransactionSql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...all: unknown[]) => unknown;
          return open(...args, (transaction: postgres.TransactionSql) =>
            work(preparingEveryStatement(transaction)),
          );
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not stop a second process from opening a data folder, and two processes writing
 * one folder damage it. A lock file with the owner's process id keeps the shop, the seed and
 * the admin commands apart; a lock left by a process that is gone is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
        throw new Error(
          `The database in ${dataDir} is in use by process ${owner} (a running shop, seed or admin command). Stop it first, or use DATABASE_URL with a PostgreSQL server to run both at once.`,
        );
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database in ${dataDir}`);
}
