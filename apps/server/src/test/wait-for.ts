import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a test waits for something that happens on its own time (a background worker's
 * round, a notification from another connection, a process starting) before it gives up. A
 * busy CI machine (browser journeys beside the suite, a cold start of tsx) is many times slower
 * than a quiet one, and a wait that ends too early fails a test that was right; what decides a
 * test is the condition it waits for, never how long it took. Two lengths, one per kind of test:
 */

/** For `expect.poll` and `vi.waitFor`, inside a test's limit of two minutes (vitest.config.ts). */
export const patiently = { timeout: 60_000, interval: 20 } as const;

/** For the tests that start server processes (their own timeouts are minutes). */
export const PROCESS_PATIENCE_MS = 120_000;

/** What a probe answers when the thing waited for is there. */
type Found<T> = Exclude<Awaited<T>, undefined | null | false>;

/**
 * Asks `probe` every `interval` ms until it answers something (anything but undefined, null or
 * false) and answers that; after `timeout` ms it throws, naming `what`. A probe that throws ends
 * the wait with its error. Its options are those of `expect.poll`, so `patiently` fits both.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T,
  { timeout = PROCESS_PATIENCE_MS, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<Found<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as Found<T>;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting for ${what} after ${Math.round(timeout / 1000)} s`);
    await sleep(interval);
  }
}
