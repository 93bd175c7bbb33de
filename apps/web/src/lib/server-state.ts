import { api } from './api.js';
import type { BrowserState, RootState } from './store-hooks.js';

/**
 * What a server-rendered page hands the browser: the slices it rendered with and the answers of
 * its calls, so the browser's first render is the server's and asks nothing again.
 */
export interface ServerState {
  browser: BrowserState;
  queries: { endpointName: string; arg: unknown; value: unknown }[];
}

export function serverState(state: RootState): ServerState {
  const { [api.reducerPath]: apiState, ...browser } = state;
  const queries = Object.values(apiState.queries).flatMap((query) =>
    query?.status === 'fulfilled'
      ? [{ endpointName: query.endpointName, arg: query.originalArgs, value: query.data }]
      : [],
  );
  return { browser, queries };
}

const SCRIPT_ID = 'server-state';

/** The state as a script element's JSON; `<` escaped so no text in it can close the script. */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script id="${SCRIPT_ID}" type="application/json">${json}</script>`;
}

/** The state the server wrote into this page; undefined on a page it did not render. */
export function readServerState(): ServerState | undefined {
  const text = document.getElementById(SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<ServerState> | null;
    return state?.browser && Array.isArray(state.queries) ? (state as ServerState) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the server's answers into the cache at once. Their endpoints and arguments came from this
 * same build's endpoints on the server, which the per-endpoint entry type cannot know of here.
 */
export const serverQueriesKnown = (queries: ServerState['queries']) =>
  api.util.upsertQueryEntries(queries as Parameters<typeof api.util.upsertQueryEntries>[0]);
