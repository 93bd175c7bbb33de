import { useCallback } from 'react';
import { formatAmount, formatPrice } from '@shop/shared';
import { useLocale } from './i18n.js';
import { useAppSelector } from './store-hooks.js';

/**
 * Formats NOK amounts in the shopper's currency and the page's language: prices (decimals only
 * when needed) and totals.
 */
export function useMoney() {
  const { currencyCode, currencyValue } = useAppSelector((state) => state.currency);
  const locale = useLocale();
  const price = useCallback(
    (nok: number) => formatPrice(nok, currencyValue, currencyCode, locale),
    [currencyCode, currencyValue, locale],
  );
  const amount = useCallback(
    (nok: number) => formatAmount(nok, currencyValue, currencyCode, locale),
    [currencyCode, currencyValue, locale],
  );
  /** An amount already in the shopper's currency (a sum of shown amounts), with 2 decimals. */
  const shownAmount = useCallback(
    (shown: number) => formatAmount(shown, 1, currencyCode, locale),
    [currencyCode, locale],
  );
  return { price, amount, shownAmount, currencyCode, currencyValue };
}
