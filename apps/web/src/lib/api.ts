import {
  createApi,
  fakeBaseQuery,
  type BaseQueryApi,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query/react';
import { ApiError } from './api-client.js';

/** An endpoint's error, as every feature reports it (spec §8). */
export interface ApiFailure {
  message: string;
  status?: number;
}

/**
 * An endpoint's `queryFn` over the one API client: `call` makes the request with the shared schema
 * of its answer, so the data an endpoint caches is the checked answer and its type comes from that
 * schema, not from a type the endpoint asserts. The endpoint's abort signal goes along.
 */
export function clientQuery<Arg, Result>(
  call: (arg: Arg, signal: AbortSignal) => Promise<Result>,
): (arg: Arg, api: BaseQueryApi) => Promise<QueryReturnValue<Result, ApiFailure, undefined>> {
  return async (arg, { signal }) => {
    try {
      return { data: await call(arg, signal) };
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(String(error), undefined);
      return { error: { message: failure.message, status: failure.status } };
    }
  };
}

/** Features add their endpoints with `api.injectEndpoints`, each a `clientQuery`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<ApiFailure>(),
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
