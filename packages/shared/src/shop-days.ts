/** The shop's days are days in Norway, wherever the server or the browser runs. */
export const SHOP_TIME_ZONE = 'Europe/Oslo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in Norway an instant falls on, as 2026-03-31. */
export function shopDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** The day `days` after (or before, when negative) a day, as 2026-03-31. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
