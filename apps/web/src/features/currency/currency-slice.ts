import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { DEFAULT_CURRENCY, type MultiCurrencyResponse } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { readCurrencyCookieHere, writeCurrencyCookie } from '../../lib/currency-cookie.js';
import { readStored, storageKeys, writeStored } from '../../lib/storage.js';

export interface CurrencyState {
  currencyCode: string;
  /** Multiplies a NOK amount into currencyCode. */
  currencyValue: number;
  countryCode: string;
  status: 'idle' | 'loading' | 'success' | 'failed';
  error?: string;
}

interface StoredCurrency {
  currencyCode: string;
  currencyValue: number;
  countryCode: string;
}

const isStoredCurrency = (value: unknown): value is StoredCurrency =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredCurrency).currencyCode === 'string' &&
  typeof (value as StoredCurrency).currencyValue === 'number' &&
  (value as StoredCurrency).currencyValue > 0 &&
  typeof (value as StoredCurrency).countryCode === 'string';

const storedCurrency = () => readStored(storageKeys.currency, isStoredCurrency);

const isDefaultChoice = ({ currencyCode, countryCode }: StoredCurrency) =>
  currencyCode === DEFAULT_CURRENCY.currencyCode && countryCode === DEFAULT_CURRENCY.countryCode;

/**
 * Keeps a chosen currency for the next page: in local storage (spec §3) and in the cookie the
 * server's render reads (issue 29.10), which is dropped for the default NOK.
 */
function keepCurrency(choice: StoredCurrency): void {
  writeStored(storageKeys.currency, choice);
  writeCurrencyCookie(isDefaultChoice(choice) ? undefined : choice);
}

/**
 * The currency once a page the server rendered is live. The server rendered with the cookie's
 * currency at today's rate: that stays, so no price changes after the first paint, unless the
 * shopper's stored choice is another one (a cookie lost or from before the cookie), which wins
 * and is written to the cookie for the next page.
 */
export function restoredCurrency(server: CurrencyState): CurrencyState {
  const stored = storedCurrency();
  const same =
    stored &&
    stored.currencyCode === server.currencyCode &&
    stored.countryCode === server.countryCode;
  if (stored && !same) {
    keepCurrency(stored);
    return { ...stored, status: 'idle' };
  }
  const { currencyCode, currencyValue, countryCode } = server;
  if (stored || !isDefaultChoice(server))
    keepCurrency({ currencyCode, currencyValue, countryCode });
  return server;
}

/** A page the browser renders alone starts from storage; the cookie is brought in line with it. */
export function alignCurrencyCookie(state: CurrencyState): void {
  const { currencyCode, countryCode } = state;
  const cookie = readCurrencyCookieHere();
  const wanted = isDefaultChoice(state) ? undefined : { currencyCode, countryCode };
  if (cookie?.currencyCode !== wanted?.currencyCode || cookie?.countryCode !== wanted?.countryCode)
    writeCurrencyCookie(wanted);
}

function initialCurrency(): CurrencyState {
  const stored = storedCurrency();
  return {
    currencyCode: stored?.currencyCode ?? DEFAULT_CURRENCY.currencyCode,
    currencyValue: stored?.currencyValue ?? DEFAULT_CURRENCY.value,
    countryCode: stored?.countryCode ?? DEFAULT_CURRENCY.countryCode,
    status: 'idle',
  };
}

/**
 * Picks the shopper's currency by country, or by currency alone (the server then names a
 * country of it): the server answers the NOK multiplier.
 */
export const selectCurrency = createAsyncThunk<
  MultiCurrencyResponse,
  { currencyCode: string; countryCode?: string }
>('currency/select', async (request) =>
  apiRequest('/api/multiCurrency', (wire) => wire.multiCurrencyResponseSchema, {
    method: 'POST',
    body: request,
  }),
);

export const currencySlice = createSlice({
  name: 'currency',
  initialState: initialCurrency,
  reducers: {
    /** Back to NOK in Norway, as a logout leaves it (SESSION-03). */
    currencyReset(state) {
      state.currencyCode = DEFAULT_CURRENCY.currencyCode;
      state.currencyValue = DEFAULT_CURRENCY.value;
      state.countryCode = DEFAULT_CURRENCY.countryCode;
      state.status = 'idle';
      state.error = undefined;
      writeCurrencyCookie(undefined);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(selectCurrency.pending, (state) => {
        state.status = 'loading';
        state.error = undefined;
      })
      .addCase(selectCurrency.fulfilled, (state, { payload }) => {
        state.status = 'success';
        state.currencyCode = payload.code;
        state.currencyValue = payload.value;
        state.countryCode = payload.countryCode;
        keepCurrency({
          currencyCode: payload.code,
          currencyValue: payload.value,
          countryCode: payload.countryCode,
        });
      })
      .addCase(selectCurrency.rejected, (state, { error }) => {
        state.status = 'failed';
        state.error = error.message;
      });
  },
});

export const { currencyReset } = currencySlice.actions;
