import { useCallback } from 'react';
import { formatAmount, formatPrice } from '@shop/shared';
import { useAppSelector } from './store-hooks.js';

/** Formats NOK amounts in the shopper's currency: prices (decimals only when needed) and totals. */
export function useMoney() {
  const { currencyCode, currencyValue } = useAppSelector((state) => state.currency);
  const price = useCallback(
    (nok: number) => formatPrice(nok, currencyValue, currencyCode),
    [currencyCode, currencyValue],
  );
  const amount = useCallback(
    (nok: number) => formatAmount(nok, currencyValue, currencyCode),
    [currencyCode, currencyValue],
  );
  /** An amount already in the shopper's currency (a sum of shown amounts), with 2 decimals. */
  const shownAmount = useCallback(
    (shown: number) => formatAmount(shown, 1, currencyCode),
    [currencyCode],
  );
  return { price, amount, shownAmount, currencyCode, currencyValue };
}
