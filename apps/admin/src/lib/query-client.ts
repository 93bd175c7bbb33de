import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session.js';

/**
 * The back office's cache of the API's answers. A page loads its data afresh each time it opens
 * (showing what it had meanwhile); a failed call is not repeated by itself but shown with "Try
 * again"; and nothing reloads on window focus or reconnection, which could pull a form's data
 * from under a staff member typing in it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}

/** Forgets every answer on sign-out, so the next person signed in on this tab never sees them. */
export function clearOnSignOut(client: QueryClient): () => void {
  return onSessionChange((session) => {
    if (!session) client.clear();
  });
}
