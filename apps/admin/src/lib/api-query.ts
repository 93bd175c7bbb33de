import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.js';

/**
 * A read of the back-office API as a query under `queryKey`, its answer checked by `schema`.
 * While another key loads (the next page, other filters), the last answer stays on screen, so a
 * list does not blink. For the features' `api.ts` files, which name every call.
 */
export function apiQuery<S extends z.ZodType>(queryKey: QueryKey, path: string, schema: S) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api(path, schema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A call that changes something on the server, answered as the function that sends it. Once it
 * succeeds, the queries under each of `changes` load again: those on screen at once, the others
 * when next shown. This holds even when the dialog that sent it has closed meanwhile.
 * `alsoWhenRefused` reloads after a refusal too, for a button whose refusal most likely means
 * someone changed the thing meanwhile; a form's refusal does not, so its typing stays.
 */
export function useApiMutation<V = void, R = unknown>(
  send: (variables: V) => Promise<R>,
  changes: readonly QueryKey[],
  { alsoWhenRefused = false }: { alsoWhenRefused?: boolean } = {},
): (variables: V) => Promise<R> {
  const client = useQueryClient();
  const reload = () => {
    for (const queryKey of changes) void client.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: send,
    onSuccess: reload,
    onError: alsoWhenRefused ? reload : undefined,
  }).mutateAsync;
}
