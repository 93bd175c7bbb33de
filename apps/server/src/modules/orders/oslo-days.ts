import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The shop's days are days in Norway, whatever the server's or the database's time zone. */

/** The start of a day in Norway (2026-03-31), as an instant. */
export const osloDayStart = (day: string | SQL): SQL =>
  sql`((${day})::date::timestamp at time zone 'Europe/Oslo')`;

/** The end of a day in Norway (the next day's start), as an instant. */
export const osloDayEnd = (day: string | SQL): SQL =>
  sql`(((${day})::date + 1)::timestamp at time zone 'Europe/Oslo')`;

/** The day in Norway an instant falls on, as 2026-03-31. */
export const osloDate = (instant: SQLWrapper) =>
  sql<string>`to_char(${instant} at time zone 'Europe/Oslo', 'YYYY-MM-DD')`;
