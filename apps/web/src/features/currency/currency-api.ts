import type { CountryOption } from '@shop/shared';
import { api } from '../../app/api.js';

export const currencyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The list changes only with a deployment, so it stays cached for the whole visit.
    countries: build.query<CountryOption[], undefined>({
      query: () => '/api/countries',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useCountriesQuery } = currencyApi;
