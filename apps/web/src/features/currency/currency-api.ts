import type { CountryOption } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';

export const currencyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The list changes only with a deployment, so it stays cached for the whole visit.
    countries: build.query<CountryOption[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/countries', (wire) => wire.countriesResponseSchema, { signal }),
      ),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useCountriesQuery } = currencyApi;
