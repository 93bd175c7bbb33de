import { isLocale, shopLocale, type Locale } from '@shop/shared';
import { onSessionChange, storedSession, storeSession } from './session.js';

const storageKey = 'shop-admin-locale';

/**
 * The back office's language (issue 31.7): signed in, the staff member's own, kept on their
 * account; before sign-in, the one last chosen on this machine, else Norwegian.
 */
export function currentLocale(): Locale {
  const session = storedSession();
  if (session) return session.locale;
  const chosen = localStorage.getItem(storageKey);
  return isLocale(chosen) ? chosen : shopLocale;
}

const listeners = new Set<() => void>();

/**
 * Speaks `locale` from now on, here and in the session, so the next page and every API call
 * (`Accept-Language`) follow at once; saving it on the account is the caller's.
 */
export function chooseLocale(locale: Locale): void {
  localStorage.setItem(storageKey, locale);
  const session = storedSession();
  if (session) storeSession({ ...session, locale });
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the language may have changed (a choice, sign-in, sign-out). */
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  const stopSession = onSessionChange(listener);
  return () => {
    listeners.delete(listener);
    stopSession();
  };
}
