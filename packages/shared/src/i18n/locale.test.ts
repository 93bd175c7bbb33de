import { describe, expect, it } from 'vitest';
import { localeOfAcceptLanguage, localeOfPath, pathInLocale } from './locale.js';

// Issue 31.6 and the API contract's "Language": Norwegian when preferred, else the spec's English.
describe('the language a request asks for', () => {
  it.each([
    ['nb-NO,nb;q=0.9,en;q=0.8', 'nb'],
    ['no', 'nb'],
    ['nn-NO', 'nb'],
    ['NB', 'nb'],
    ['en-US,en;q=0.9,nb;q=0.8', 'en'],
    ['de-DE,nb;q=0.5', 'en'],
    ['en;q=0.4, nb;q=0.7', 'nb'],
    ['nb;q=0, en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['nb;q=abc', 'en'],
  ] as const)('%s → %s', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });
});

// Issue 31.3: Norwegian at /…, English at /en/….
describe('the language of a storefront address', () => {
  it.each([
    ['/', 'nb', '/'],
    ['/cart', 'nb', '/cart'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/en/product/honey', 'en', '/product/honey'],
    ['/energy', 'nb', '/energy'],
  ] as const)('%s is %s %s', (pathname, locale, path) => {
    expect(localeOfPath(pathname)).toEqual({ locale, path });
  });

  it('gives the address of a path in each language', () => {
    expect(pathInLocale('nb', '/cart')).toBe('/cart');
    expect(pathInLocale('en', '/cart')).toBe('/en/cart');
    expect(pathInLocale('en', '/')).toBe('/en/');
    expect(localeOfPath(pathInLocale('en', '/orders')).path).toBe('/orders');
  });
});
