import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runtimeFiles } from '../runtime-files.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data folder, as `dumpDataDir` writes it. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy with `CREATE DATABASE … TEMPLATE`. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, so that each test file starts from a copy of it
 * instead of running every migration again (issue 30): a PGlite data folder read back from a
 * file, or a PostgreSQL template database. A test file still runs `migrate()` on its copy,
 * which finds nothing to do. Answers the teardown that removes the template.
 */
export default async function prepareDatabaseTemplate(
  project: TestProject,
): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // The root of the projects runs this too; its files run in the projects.
  const kind = (project.config.env as Record<string, string> | undefined)?.TEST_DB;
  if (kind === 'postgres' && serverUrl) {
    const name = `shop_template_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const drop = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies no database that has a session.
    const template = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await template.migrate();
    } catch (error) {
      await template.close();
      await drop();
      throw error;
    }
    await template.close();
    project.provide('postgresTemplate', name);
    return drop;
  }
  if (kind !== 'pglite') return async () => {};
  const template = await PGlite.create({ extensions: { pg_trgm } });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  try {
    await migrate(drizzle(template), { migrationsFolder: runtimeFiles.migrations });
    await fs.writeFile(file, Buffer.from(await (await template.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await template.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rm(folder, { recursive: true, force: true });
}
