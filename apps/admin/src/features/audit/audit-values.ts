import type { Formats } from '../../lib/i18n.js';

/** A moment the server wrote (`2026-12-05T00:25:40.291Z`), as an ISO text. */
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * One end of a logged change as staff read it; moments on the Oslo clock (issue 29.13), written
 * as the staff member's language writes them (`format`).
 */
export const shownChange = (value: unknown, format: Formats): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? instant.test(value)
        ? format.dateTime(value)
        : value
      : JSON.stringify(value);
