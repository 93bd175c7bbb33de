import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { storageKeys } from '../../lib/storage.js';
import {
  alignCurrencyCookie,
  currencyReset,
  restoredCurrency,
  selectCurrency,
} from './currency-slice.js';
import { readCurrencyCookieHere, writeCurrencyCookie } from '../../lib/currency-cookie.js';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  writeCurrencyCookie(undefined);
});

describe('the currency state', () => {
  it('CURPROD-01 CONST-01 holds currencyCode and currencyValue, NOK in Norway by default', () => {
    expect(createStore().getState().currency).toEqual({
      currencyCode: 'NOK',
      currencyValue: 1,
      countryCode: 'NOR',
      status: 'idle',
    });
  });

  it('CURPROD-02 CURPROD-03 goes idle, loading, success and takes the answered rate', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchStub = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchStub);
    const store = createStore();
    const selection = store.dispatch(selectCurrency({ currencyCode: 'SEK', countryCode: 'SWE' }));
    expect(store.getState().currency.status).toBe('loading');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/multiCurrency',
      expect.objectContaining({
        method: 'POST',
        body: '{"currencyCode":"SEK","countryCode":"SWE"}',
      }),
    );
    answer(Response.json({ value: 0.97, code: 'SEK', countryCode: 'SWE' }));
    await selection;
    expect(store.getState().currency).toEqual({
      currencyCode: 'SEK',
      currencyValue: 0.97,
      countryCode: 'SWE',
      status: 'success',
    });
  });

  it('CURPROD-05 keeps the chosen currency in local storage, and a new page starts with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ value: 0.087, code: 'EUR', countryCode: 'DEU' })),
    );
    await createStore().dispatch(selectCurrency({ currencyCode: 'EUR', countryCode: 'DEU' }));
    expect(JSON.parse(localStorage.getItem(storageKeys.currency) ?? '')).toEqual({
      currencyCode: 'EUR',
      currencyValue: 0.087,
      countryCode: 'DEU',
    });
    expect(createStore().getState().currency).toMatchObject({
      currencyCode: 'EUR',
      currencyValue: 0.087,
    });
  });

  it('ignores a damaged stored currency and falls back to NOK', () => {
    localStorage.setItem(storageKeys.currency, '{"currencyCode":"EUR","currencyValue":-3}');
    expect(createStore().getState().currency.currencyCode).toBe('NOK');
  });

  it('keeps the previous currency when the rate cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'Currency XYZ is not supported' }, { status: 404 }),
      ),
    );
    const store = createStore();
    await store.dispatch(selectCurrency({ currencyCode: 'XYZ', countryCode: 'NOR' }));
    expect(store.getState().currency).toMatchObject({
      currencyCode: 'NOK',
      currencyValue: 1,
      status: 'failed',
      error: 'Currency XYZ is not supported',
    });
  });

  it("GLOB-02 picking a country writes it to the cookie the server's render reads; NOK and a logout drop it (issue 29.10)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { currencyCode, countryCode } = JSON.parse(String(init.body)) as {
          currencyCode: string;
          countryCode: string;
        };
        return Response.json({
          value: currencyCode === 'NOK' ? 1 : 0.97,
          code: currencyCode,
          countryCode,
        });
      }),
    );
    const store = createStore();
    expect(readCurrencyCookieHere()).toBeUndefined();
    await store.dispatch(selectCurrency({ currencyCode: 'SEK', countryCode: 'SWE' }));
    expect(document.cookie).toContain('currency=SEK-SWE');
    await store.dispatch(selectCurrency({ currencyCode: 'NOK', countryCode: 'NOR' }));
    expect(readCurrencyCookieHere()).toBeUndefined();
    await store.dispatch(selectCurrency({ currencyCode: 'SEK', countryCode: 'SWE' }));
    store.dispatch(currencyReset());
    expect(readCurrencyCookieHere()).toBeUndefined();
  });

  it('keeps the currency and rate a server-rendered page came with, so no price changes after hydration (issue 29.10)', () => {
    const server = {
      currencyCode: 'SEK',
      currencyValue: 0.9712,
      countryCode: 'SWE',
      status: 'success' as const,
    };
    // Stored at yesterday's rate: today's, the server's, is kept and stored.
    localStorage.setItem(
      storageKeys.currency,
      JSON.stringify({ currencyCode: 'SEK', currencyValue: 0.97, countryCode: 'SWE' }),
    );
    expect(restoredCurrency(server)).toEqual(server);
    expect(JSON.parse(localStorage.getItem(storageKeys.currency) ?? '')).toMatchObject({
      currencyValue: 0.9712,
    });
    expect(readCurrencyCookieHere()).toEqual({ currencyCode: 'SEK', countryCode: 'SWE' });

    // Nothing stored (storage cleared, the cookie kept): the server's choice is stored.
    localStorage.clear();
    expect(restoredCurrency(server)).toEqual(server);
    expect(localStorage.getItem(storageKeys.currency)).toContain('SEK');
  });

  it('lets a stored choice the server did not render win, and tells the cookie for the next page (issue 29.10)', () => {
    localStorage.setItem(
      storageKeys.currency,
      JSON.stringify({ currencyCode: 'EUR', currencyValue: 0.087, countryCode: 'DEU' }),
    );
    const nok = createStore().getState().currency;
    expect(
      restoredCurrency({ ...nok, currencyCode: 'NOK', currencyValue: 1, countryCode: 'NOR' }),
    ).toMatchObject({ currencyCode: 'EUR', currencyValue: 0.087, countryCode: 'DEU' });
    expect(readCurrencyCookieHere()).toEqual({ currencyCode: 'EUR', countryCode: 'DEU' });

    // A page the browser renders alone brings the cookie in line with its stored currency.
    writeCurrencyCookie(undefined);
    alignCurrencyCookie(createStore().getState().currency);
    expect(readCurrencyCookieHere()).toEqual({ currencyCode: 'EUR', countryCode: 'DEU' });
    localStorage.clear();
    alignCurrencyCookie(createStore().getState().currency);
    expect(readCurrencyCookieHere()).toBeUndefined();
  });
});
