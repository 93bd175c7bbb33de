import { adminSessionSchema, type AdminSession } from '@shop/shared';

const storageKey = 'shop-admin-session';

/**
 * The back-office session lives in this tab's session storage: closing the browser signs the
 * staff member out, and a storefront login in the same browser never shares it.
 */
export function storedSession(): AdminSession | undefined {
  const raw = sessionStorage.getItem(storageKey);
  if (!raw) return undefined;
  try {
    const parsed = adminSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Listener = (session: AdminSession | undefined) => void;
const listeners = new Set<Listener>();

export function storeSession(session: AdminSession | undefined): void {
  if (session) sessionStorage.setItem(storageKey, JSON.stringify(session));
  else sessionStorage.removeItem(storageKey);
  for (const listener of listeners) listener(session);
}

/** Calls `listener` whenever the session changes (signed in, refreshed, signed out). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
