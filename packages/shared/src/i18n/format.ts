import { SHOP_TIME_ZONE } from '../shop-days.js';
import { intlLocaleOf, type Locale } from './locale.js';

/**
 * Numbers, money and moments as a reader of each language expects them (issue 31.4), through
 * `Intl`, on the shop's clock in Europe/Oslo: Norwegian `1 234,50 kr`, `27. nov. 2026`,
 * `kl. 14.05`; English as the spec shows (`NOK 1,234.50`).
 */

// Building an Intl formatter costs a hundred times its use (it loads the locale's data), and a
// page formats dozens of prices and dates, on the server and again while hydrating: each
// formatter is built once and kept, as they never change.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<Formatter extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  build: () => Formatter,
): Formatter {
  let formatter = formatters.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Money in a currency: Norwegian kroner as `kr` after the amount, other currencies by code. */
export function moneyFormat(
  locale: Locale,
  currencyCode: string,
  fractionDigits: number,
): Intl.NumberFormat {
  return kept(
    `money ${locale} ${currencyCode} ${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale === 'nb' ? intlLocaleOf.nb : 'en-US', {
        style: 'currency',
        currency: currencyCode,
        currencyDisplay: locale === 'nb' && currencyCode === 'NOK' ? 'narrowSymbol' : 'code',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  );
}

/** A plain number with the language's grouping and decimal sign. */
export function formatNumber(locale: Locale, value: number): string {
  return kept(`number ${locale}`, () => new Intl.NumberFormat(intlLocaleOf[locale])).format(value);
}

const asDate = (moment: Date | string) => (typeof moment === 'string' ? new Date(moment) : moment);

/** A day: `27. nov. 2026` in Norwegian, `27 Nov 2026` in English. */
export function formatDate(locale: Locale, moment: Date | string): string {
  return kept(
    `date ${locale}`,
    () =>
      new Intl.DateTimeFormat(intlLocaleOf[locale], {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: SHOP_TIME_ZONE,
      }),
  ).format(asDate(moment));
}

/**
 * A time of day: `kl. 14.05` in Norwegian (the Language Council's full stop, which newer CLDR
 * data replaced with a colon), `14:05` in English.
 */
export function formatTime(locale: Locale, moment: Date | string): string {
  const parts = kept(
    `time ${locale}`,
    () =>
      new Intl.DateTimeFormat(intlLocaleOf[locale], {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: SHOP_TIME_ZONE,
      }),
  ).formatToParts(asDate(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return locale === 'nb'
    ? `kl. ${part('hour')}.${part('minute')}`
    : `${part('hour')}:${part('minute')}`;
}

/** A day and its time: `27. nov. 2026 kl. 14.05`, `27 Nov 2026, 14:05`. */
export function formatDateTime(locale: Locale, moment: Date | string): string {
  const separator = locale === 'nb' ? ' ' : ', ';
  return `${formatDate(locale, moment)}${separator}${formatTime(locale, moment)}`;
}
