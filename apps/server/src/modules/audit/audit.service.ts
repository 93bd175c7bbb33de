import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditPage } from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { erasedJson } from '../../personal-text.js';
import { auditLog } from './audit.tables.js';

/** Who did something in the back office, as the audit log names them. */
export interface Actor {
  id: string;
  email: string | null;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * A field's value as the log stores it. JSON has no undefined: a field a record did not have
 * (before a create) is null, or the stored entry would lose its `from` and no longer read back.
 */
const logged = (value: unknown): unknown => (value === undefined ? null : value);

/**
 * The fields whose values differ between two versions of a record, compared as JSON so that
 * arrays and objects count as changed only when their content is. Fields absent from `after`
 * were not part of the change; a field absent from `before` is new (a created record), changed
 * from null whatever its value.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (!(field in before) || JSON.stringify(from) !== JSON.stringify(to))
      changes[field] = { from: logged(from), to: logged(to) };
  }
  return changes;
}

/** Every change with both ends, however it was built. */
function loggedChanges(changes: FieldChanges): FieldChanges {
  return Object.fromEntries(
    Object.entries(changes).map(([field, { from, to }]) => [
      field,
      { from: logged(from), to: logged(to) },
    ]),
  );
}

/**
 * A stored entry's changes as the log answers them: both ends of each, null where a row
 * written before this rule lost one, so no old row turns the log into an error.
 */
function readChanges(stored: unknown): FieldChanges | null {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  return Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).map(([field, change]) => {
      const ends = (typeof change === 'object' && change !== null ? change : {}) as {
        from?: unknown;
        to?: unknown;
      };
      return [field, { from: logged(ends.from), to: logged(ends.to) }];
    }),
  );
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
    changes:
      entry.changes && Object.keys(entry.changes).length > 0 ? loggedChanges(entry.changes) : null,
  });
}

/**
 * Blots a deleted customer's strings (`erase`) out of the entries about them and their orders,
 * such as the reason they were blocked. The entries stay: the log still shows what was done.
 */
export async function eraseFromAuditEntries(
  tx: Transaction,
  entityIds: string[],
  erase: (text: string) => string,
): Promise<void> {
  if (entityIds.length === 0) return;
  const entries = await tx
    .select({ id: auditLog.id, changes: auditLog.changes })
    .from(auditLog)
    .where(and(inArray(auditLog.entityId, entityIds), isNotNull(auditLog.changes)));
  for (const entry of entries) {
    const changes = erasedJson(entry.changes, erase);
    if (JSON.stringify(changes) !== JSON.stringify(entry.changes))
      await tx.update(auditLog).set({ changes }).where(eq(auditLog.id, entry.id));
  }
}

/** A plain date is a day in Norway; a date and time is that instant. */
function instant(value: string, endOfDay: boolean): SQL {
  if (value.length > 10) return sql`${value}::timestamptz`;
  const day = endOfDay ? sql`${value}::date + 1` : sql`${value}::date`;
  return sql`((${day})::timestamp at time zone 'Europe/Oslo')`;
}

/** `actor` and the other texts match as typed: wildcards in them are plain characters. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** One page of the audit log for the owner, newest first, with every filter combined. */
export async function listAuditEntries(
  db: Database,
  query: {
    actor?: string | undefined;
    entity?: string | undefined;
    entityId?: string | undefined;
    action?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<AuditPage> {
  const where = and(
    query.actor ? ilike(auditLog.actorEmail, containing(query.actor)) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, instant(query.from, false)) : undefined,
    query.to
      ? query.to.length > 10
        ? lte(auditLog.at, instant(query.to, true))
        : lt(auditLog.at, instant(query.to, true))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      changes: readChanges(row.changes),
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
