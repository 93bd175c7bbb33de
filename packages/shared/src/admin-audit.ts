import { z } from 'zod';
import { answerText, text } from './common.js';

export const MAX_AUDIT_PAGE_SIZE = 100;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export const auditMessages = {
  date: 'must be a date (2025-03-31) or a date and time with its offset (2025-03-31T14:00:00+02:00)',
  fromAfterTo: 'from must not be after to',
  page: 'page must be 1 or more',
  pageSize: `pageSize must be between 1 and ${MAX_AUDIT_PAGE_SIZE}`,
} as const;

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: auditMessages.date,
});

const filterText = (what: string) =>
  text({ error: `${what} must be text` })
    .trim()
    .max(200, { error: `${what} must be at most 200 characters` })
    .optional();

/**
 * `GET /api/admin/audit`: filters (all optional, combined) and paging. A plain date is a day
 * in Norway: `from` from its start, `to` up to its end.
 */
export const auditQuerySchema = z
  .object({
    actor: filterText('actor').describe('Part of the e-mail address of who did it.'),
    entity: filterText('entity').describe('The kind of record: category, product, item, staff…'),
    entityId: filterText('entityId').describe('The id of the record.'),
    action: filterText('action').describe('What was done: create, update, move, delete…'),
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
    page: z.coerce
      .number({ error: auditMessages.page })
      .int({ error: auditMessages.page })
      .min(1, { error: auditMessages.page })
      .default(1),
    pageSize: z.coerce
      .number({ error: auditMessages.pageSize })
      .int({ error: auditMessages.pageSize })
      .min(1, { error: auditMessages.pageSize })
      .max(MAX_AUDIT_PAGE_SIZE, { error: auditMessages.pageSize })
      .default(DEFAULT_AUDIT_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.from === undefined ||
      query.to === undefined ||
      query.from.slice(0, 10) <= query.to.slice(0, 10),
    { error: auditMessages.fromAfterTo, path: ['from'] },
  );
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditFieldChangesSchema = z.record(
  answerText(),
  z.object({ from: z.unknown(), to: z.unknown() }),
);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: answerText(),
  actorEmail: answerText(),
  action: answerText(),
  entity: answerText(),
  entityId: answerText(),
  /** The fields changed, before and after; null when the action changed no field (a delete). */
  changes: auditFieldChangesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the audit log, newest first; `total` counts every matching entry. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
