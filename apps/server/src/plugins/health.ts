import { max } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { runtimeFiles } from '../runtime-files.js';

/** Drizzle's own record of the applied migrations. */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

/**
 * `GET /health` (the process answers) and `GET /ready` (the process is not shutting down, the
 * database answers and every migration this build ships is applied) for load balancers and
 * orchestrators. Unauthenticated and cheap:
 * one query at most; no security headers, since no browser renders them; logged only when they
 * fail, since a probe every few seconds would bury the shop's own requests.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  // Drizzle applies every migration newer than the newest one it recorded.
  const newestShipped = Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: runtimeFiles.migrations }).map(
      (migration) => migration.folderMillis,
    ),
  );
  const probe = {
    config: { securityHeaders: false },
    logLevel: 'warn',
    schema: { hide: true },
  } as const;

  app.get('/health', probe, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'up' }),
  );

  app.get('/ready', probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.draining.active)
      return reply.code(503).send({ message: 'The server is shutting down' });
    let newestApplied: number;
    try {
      const [row] = await db
        .select({ newest: max(appliedMigrations.createdAt) })
        .from(appliedMigrations);
      newestApplied = row?.newest ?? 0;
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.code(503).send({ message: 'The database does not answer' });
    }
    if (newestApplied < newestShipped)
      return reply.code(503).send({ message: 'Database migrations are not applied yet' });
    return reply.send({ status: 'ready' });
  });
};
