import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError, type RequestOptions } from '../lib/api-client.js';

export interface ApiQueryArgs extends RequestOptions {
  url: string;
}

/** RTK Query over the one API client, so every feature reports errors the same way. */
const baseQuery: BaseQueryFn<
  ApiQueryArgs | string,
  unknown,
  { message: string; status?: number }
> = async (args, { signal }) => {
  const { url, ...options } = typeof args === 'string' ? { url: args } : args;
  try {
    return { data: await apiRequest(url, { ...options, signal }) };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(String(error), undefined);
    return { error: { message: apiError.message, status: apiError.status } };
  }
};

/** Features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
