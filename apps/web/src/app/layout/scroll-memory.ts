/**
 * Where each history entry was scrolled to, by its key, kept in sessionStorage so a reload
 * finds it too.
 */
const STORAGE_KEY = 'scroll-positions';
/** Entries remembered at most; the oldest are forgotten first. */
const MAX_ENTRIES = 50;
/** How long a restore waits for the page to grow tall enough (data and images loading). */
const RESTORE_TIMEOUT_MS = 4000;

let positions: Map<string, number> | undefined;

function memory(): Map<string, number> {
  if (!positions) {
    positions = new Map();
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
      if (Array.isArray(stored))
        for (const entry of stored)
          if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number')
            positions.set(entry[0], entry[1]);
    } catch {
      // Unreadable storage: start with nothing remembered.
    }
  }
  return positions;
}

/**
 * The key of the shown history entry, the one React Router gives it. A page opened by a full
 * load (a typed address, a mailed link) has none, and the router calls every such entry
 * 'default'; it gets a key of its own here, which the router reads when the shopper comes back.
 */
export function entryKey(): string {
  const state: unknown = window.history.state;
  const known = typeof state === 'object' && state !== null ? state : {};
  if ('key' in known && typeof known.key === 'string') return known.key;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...known, key }, '');
  return key;
}

export function rememberScroll(key: string, top: number): void {
  const remembered = memory();
  remembered.delete(key);
  remembered.set(key, top);
  for (const oldest of remembered.keys()) {
    if (remembered.size <= MAX_ENTRIES) break;
    remembered.delete(oldest);
  }
}

export function persistScroll(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...memory()]));
  } catch {
    // Private browsing or a full quota: positions live as long as the page.
  }
}

export function rememberedScroll(key: string): number | undefined {
  return memory().get(key);
}

/**
 * Scrolls to `top` as soon as the page is tall enough, trying on each frame until it is or the
 * time is up; the shopper scrolling or typing first wins. Returns a function that stops trying.
 * The jump is instant: a smooth scroll (Bootstrap's default) is cut short by the next page.
 */
export function restoreScroll(top: number): () => void {
  const deadline = performance.now() + RESTORE_TIMEOUT_MS;
  let frame = 0;
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of events) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.min(top, Math.max(reachable, 0)), left: 0, behavior: 'instant' });
    if (reachable >= top || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const event of events) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}
