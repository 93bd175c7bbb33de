import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { storageKeys } from '../../lib/storage.js';
import { selectCurrency } from './currency-slice.js';

afterEach(() => vi.unstubAllGlobals());

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
});
