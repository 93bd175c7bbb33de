/** What `runAlone` did: ran the work (with its result), or skipped it. */
export type RunAloneOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` only when no other server process (and no other caller in this one) is running
 * work under the same `name`; otherwise resolves `{ ran: false }` at once, without waiting.
 * For background jobs that several processes on one database start on their own timers: one
 * of them does each round, the others skip it.
 */
export type RunAlone = <T>(name: string, work: () => Promise<T>) => Promise<RunAloneOutcome<T>>;

/** One statement on the connection that holds the locks; resolves to its boolean answer. */
export type LockQuery = (statement: 'lock' | 'unlock', name: string) => Promise<boolean>;

/**
 * The two-key advisory locks of background jobs live under this first key, so they never meet
 * the one-key transaction locks the services take (`pg_advisory_xact_lock(hashtext(...))`).
 * 0x4A4F4253 is "JOBS".
 */
export const JOB_LOCK_SPACE = 0x4a4f4253;

export const lockStatement = (statement: 'lock' | 'unlock') =>
  statement === 'lock'
    ? `select pg_try_advisory_lock(${JOB_LOCK_SPACE}, hashtext($1)) as answer`
    : `select pg_advisory_unlock(${JOB_LOCK_SPACE}, hashtext($1)) as answer`;

/**
 * `runAlone` over a session-level advisory lock (`pg_try_advisory_lock`), taken and released on
 * one connection that does nothing else, outside the pool: the lock is held while the job uses
 * the pool (a transaction-level lock would keep a transaction open over the job's calls to a
 * payment provider or Norges Bank), no job waits for a pool connection another job's lock
 * holds, and a process that dies lets go of its locks with its connection. PostgreSQL lets a
 * session take its own lock again, so a set of the names held keeps two callers of one process
 * apart too; on PGlite, one process with one connection, that set is all that matters, and the
 * same statements run there unchanged.
 */
export function createRunAlone(query: LockQuery): RunAlone {
  const held = new Set<string>();
  return async (name, work) => {
    if (held.has(name)) return { ran: false };
    held.add(name);
    try {
      if (!(await query('lock', name))) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        // A lost connection has released the lock already; unlock then answers false.
        await query('unlock', name).catch(() => false);
      }
    } finally {
      held.delete(name);
    }
  };
}
