import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE_SECONDS,
  currencyCookieValue,
  readCurrencyCookie,
  type CurrencyChoice,
} from '@shop/shared';

/**
 * The cookie that tells the server's render the shopper's currency (issue 29.10), beside local
 * storage, which it mirrors. Nothing happens where there is no document (the server's render).
 */
export function writeCurrencyCookie(choice: CurrencyChoice | undefined): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = choice
    ? `${CURRENCY_COOKIE}=${currencyCookieValue(choice)}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${CURRENCY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The choice the cookie holds now. */
export function readCurrencyCookieHere(): CurrencyChoice | undefined {
  if (typeof document === 'undefined') return undefined;
  const pair = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CURRENCY_COOKIE}=`));
  return readCurrencyCookie(pair?.slice(CURRENCY_COOKIE.length + 1));
}
