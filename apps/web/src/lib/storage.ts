/** The browser storage keys of spec §3. */
export const storageKeys = {
  userInfo: 'userInfo',
  cart: 'cart',
  buyNow: 'buy_now',
  details: 'details',
  currency: 'currency',
} as const;

export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the shop keeps working without persistence.
  }
}

export function removeStored(...keys: string[]): void {
  for (const key of keys) localStorage.removeItem(key);
}
