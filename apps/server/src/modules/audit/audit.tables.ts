import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.js';

/**
 * Who did what to which record, and when, with the fields changed (before and after). The
 * actor's e-mail is copied so the row still says who it was after the account is removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_actor_idx').on(table.actorId),
  ],
);
