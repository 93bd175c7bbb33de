import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { DEFAULT_CURRENCY, type MultiCurrencyResponse } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
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

function initialCurrency(): CurrencyState {
  const stored = readStored(storageKeys.currency, isStoredCurrency);
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
        writeStored(storageKeys.currency, {
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
