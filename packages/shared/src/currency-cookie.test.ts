import { describe, expect, it } from 'vitest';
import { currencyCookieValue, readCurrencyCookie } from './currency-cookie.js';

describe("the shopper's currency cookie (issue 29.10)", () => {
  it('writes and reads back a currency and its country', () => {
    const value = currencyCookieValue({ currencyCode: 'sek', countryCode: 'SWE' });
    expect(value).toBe('SEK-SWE');
    expect(readCurrencyCookie(value)).toEqual({ currencyCode: 'SEK', countryCode: 'SWE' });
  });

  it('reads anything else as no choice', () => {
    for (const value of [undefined, '', 'SEK', 'SEK-', 'SEKK-SWE', 'SEK-SWE;x', '<script>'])
      expect(readCurrencyCookie(value)).toBeUndefined();
  });
});
