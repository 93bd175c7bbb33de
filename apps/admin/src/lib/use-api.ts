import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { api, ApiError } from './api-client.js';

export interface Loaded<T> {
  /** The latest answer; kept while a newer one loads, so a list does not blink. */
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  /** Loads again, such as after a change. */
  reload: () => void;
}

/** Loads `path` whenever it changes; an older answer that comes late is dropped. */
export function useApi<S extends z.ZodType>(
  path: string | undefined,
  schema: S,
): Loaded<z.infer<S>> {
  const [round, setRound] = useState(0);
  const key = path === undefined ? undefined : `${round} ${path}`;
  const [state, setState] = useState<{ key?: string; data?: z.infer<S>; error?: string }>({});
  useEffect(() => {
    if (path === undefined) return;
    const controller = new AbortController();
    api(path, schema, { signal: controller.signal }).then(
      (data) => setState({ key, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : 'The page could not be loaded.';
        setState((previous) => ({ key, data: previous.data, error: message }));
      },
    );
    return () => controller.abort();
  }, [key, path, schema]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return {
    data: state.data,
    error: state.key === key ? state.error : undefined,
    loading: key !== undefined && state.key !== key,
    reload,
  };
}
