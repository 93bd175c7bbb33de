import { SHOP_TIME_ZONE } from './shop-days.js';

/**
 * A formatter of moments as a person in Norway reads them, on a clock in Europe/Oslo whatever
 * zone the machine runs in (a server in UTC, a shopper's phone abroad): every time the
 * storefront, the back office and the mails show goes through one of these (issue 29.13).
 */
export function shopTimeFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (moment: Date | string) => string {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
  return (moment) => format.format(typeof moment === 'string' ? new Date(moment) : moment);
}
