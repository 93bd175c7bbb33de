import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

const BATCH_SIZE = 500;

/**
 * Deletes the rows of `table` that match `where`, a batch at a time, each batch claimed with
 * `FOR UPDATE SKIP LOCKED`: a row a request holds (a refresh token being rotated, an invitation
 * being accepted) is left for the next round instead of waited for, so a clean-up never stalls
 * a request or deadlocks with one, and two processes cleaning at once share the rows, each
 * removed by one of them. Resolves to how many rows this call removed.
 */
export async function deleteInBatches(
  db: Database,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const claimed = db
      .select({ id })
      .from(table)
      .where(where)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db.delete(table).where(inArray(id, claimed)).returning({ id });
    removed += rows.length;
    if (rows.length < BATCH_SIZE) return removed;
  }
}
