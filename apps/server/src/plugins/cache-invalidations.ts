import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import type { CacheInvalidations } from './response-cache.js';

/** The channel a process publishes its clears on. */
export const CLEARS_CHANNEL = 'response_cache_clears';

/**
 * Where the triggers of migration 0026 announce a transaction that wrote the catalogue's tables,
 * from any writer: a checkout's stock included.
 */
export const CATALOGUE_WRITES_CHANNEL = 'catalogue_writes';

/**
 * Clears carried by the database every process already shares (NOTIFY reaches each listening
 * connection at commit), so several processes need nothing beside it.
 */
export function databaseCacheInvalidations(database: DatabaseHandle): CacheInvalidations {
  return {
    publish: async () => {
      await database.db.execute(sql`select pg_notify(${CLEARS_CHANNEL}, '')`);
    },
    subscribe: async (onClear) => {
      const stops = await Promise.all(
        [CLEARS_CHANNEL, CATALOGUE_WRITES_CHANNEL].map((channel) =>
          database.listen(channel, onClear, onClear),
        ),
      );
      return async () => {
        await Promise.all(stops.map((stop) => stop()));
      };
    },
  };
}
