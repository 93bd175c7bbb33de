const dateTime = new Intl.DateTimeFormat('nb-NO', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Oslo',
});

/** A moment as the shop's staff in Norway read it. */
export const shopDateTime = (iso: string) => dateTime.format(new Date(iso));

const dayFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'short', timeZone: 'UTC' });

/** A day the server names (`2026-03-01`) as the staff read it: "01.03.2026". */
export const shopDate = (isoDay: string) => dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
