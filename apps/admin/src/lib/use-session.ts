import type { AdminSession } from '@shop/shared';
import { useSyncExternalStore } from 'react';
import { onSessionChange, storedSession } from './session.js';

let current = storedSession();
onSessionChange((session) => {
  current = session;
});

const subscribe = (notify: () => void) => onSessionChange(() => notify());

/** The signed-in staff member's session, or undefined; re-renders on sign-in and sign-out. */
export function useSession(): AdminSession | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
