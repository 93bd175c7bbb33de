import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './client.js';

/** A drag-and-drop list: a table whose rows have an id and a position. */
export interface OrderedList {
  table: PgTable;
  id: PgColumn;
  position: PgColumn;
}

/**
 * Gives the rows of `list` the order of `ids`, which must name exactly the rows there are (else
 * `mismatch()` is thrown, nothing changed). The rows are locked first, so a row added meanwhile
 * makes the call refuse rather than get lost in the order. Answers the order before, for the
 * audit log, or undefined when nothing moved and nothing was written.
 */
export async function reorderRows(
  tx: Transaction,
  list: OrderedList,
  ids: readonly string[],
  mismatch: () => Error,
): Promise<string[] | undefined> {
  const rows = await tx
    .select({ id: sql<string>`${list.id}` })
    .from(list.table)
    .orderBy(asc(list.position), asc(list.id))
    .for('update');
  const known = new Set(rows.map((row) => row.id));
  if (rows.length !== ids.length || !ids.every((id) => known.has(id))) throw mismatch();
  const before = rows.map((row) => row.id);
  if (before.every((id, index) => ids[index] === id)) return undefined;
  for (const [position, id] of ids.entries())
    await tx.execute(
      sql`update ${list.table} set ${sql.identifier(list.position.name)} = ${position} where ${eq(list.id, id)}`,
    );
  return before;
}
