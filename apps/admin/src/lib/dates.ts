import { shopTimeFormat } from '@shop/shared';

/** A moment as the shop's staff in Norway read it, on the Oslo clock (issue 29.13). */
export const shopDateTime = shopTimeFormat('nb-NO', { dateStyle: 'short', timeStyle: 'short' });

const dayFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'short', timeZone: 'UTC' });

/**
 * A day the server names (`2026-03-01`) as the staff read it: "01.03.2026". The server named the
 * day in Norway already; read at midnight UTC it is that same day on every machine.
 */
export const shopDate = (isoDay: string) => dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
