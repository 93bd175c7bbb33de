import type { Database, Transaction } from '../../db/client.js';
import { auditLog } from './audit.tables.js';

/** Who did something in the back office, as the audit log names them. */
export interface Actor {
  id: string;
  email: string | null;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * The fields whose values differ between two versions of a record, compared as JSON so that
 * arrays and objects count as changed only when their content is. Fields absent from `after`
 * were not part of the change.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/**
 * One row of the audit log, written in the transaction of the change itself so that the log
 * never claims a change that was rolled back, nor misses one that was made.
 */
export async function recordAudit(
  db: Database | Transaction,
  entry: {
    actor: Actor;
    /** What was done, such as `create`, `update`, `delete`, `adjust-stock`. */
    action: string;
    /** The kind of record, such as `product`, `category`, `item`, `staff`. */
    entity: string;
    entityId: string;
    changes?: FieldChanges;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email ?? '',
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
  });
}
