const dateTime = new Intl.DateTimeFormat('nb-NO', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Oslo',
});

/** A moment as the shop's staff in Norway read it. */
export const shopDateTime = (iso: string) => dateTime.format(new Date(iso));
