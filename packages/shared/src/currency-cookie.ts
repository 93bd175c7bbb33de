/**
 * The shopper's currency as a cookie (issue 29.10). The storefront keeps the currency in local
 * storage (spec §3), which a server never sees; the cookie carries the same choice to the
 * server's render, so a page comes with its prices in the shopper's currency from the first
 * byte. It holds codes only: the server asks its own rate for them.
 */
export const CURRENCY_COOKIE = 'currency';

/** A year: the choice lasts as long as local storage keeps it. */
export const CURRENCY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface CurrencyChoice {
  currencyCode: string;
  countryCode: string;
}

const cookieValue = /^([A-Z]{3})-([A-Z]{2,3})$/;

/** `SEK-SWE`: a currency and the country it was picked by. */
export const currencyCookieValue = ({ currencyCode, countryCode }: CurrencyChoice): string =>
  `${currencyCode.toUpperCase()}-${countryCode.toUpperCase()}`;

/** The choice a cookie holds, or undefined for none or anything that is not one. */
export function readCurrencyCookie(value: string | undefined): CurrencyChoice | undefined {
  const match = value === undefined ? null : cookieValue.exec(value);
  return match ? { currencyCode: match[1] ?? '', countryCode: match[2] ?? '' } : undefined;
}
