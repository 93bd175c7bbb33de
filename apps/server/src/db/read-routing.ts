import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rowsOf } from './statement.js';

export interface ReadRoutingLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** How often a lagging replica is asked again whether it has replayed a change. */
const RECHECK_MS = 20;
/**
 * How long reads stay on the primary after the replica failed, before it is asked (once) whether
 * it answers again: while it keeps failing, one connection attempt a second reaches it, rather
 * than every shopper's read.
 */
const REPLICA_RETRY_MS = 1000;
/**
 * A replica that fails again this soon after it last did is logged no more: one coming and
 * going (a restart whose cut connections fail a read or two after it, conflicts one after
 * another) says so once a minute, not at every failure.
 */
const QUIET_MS = 60_000;

/**
 * SQLSTATEs of a replica that cannot serve a read, though the same read would succeed on the
 * primary: its connection failed or was cut (class 08, 57P01–57P05: shut down, crashed, still
 * starting, database dropped), hot-standby replay cancelled the statement (40001, "conflict
 * with recovery"; 40P01 when replay and the read waited on each other), or it ran out of
 * connections, memory, disk (class 53) or failed reading its files (class 58). Anything else (a
 * bad argument, a missing row) would fail on the primary too and is the caller's answer.
 */
const replicaStates = /^(?:08...|53...|58...|57P0[1-5]|40001|40P01)$/;

/** Errors of the socket or of postgres.js's connection, before any SQL was answered. */
const connectionErrors = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a read failed because of the replica rather than the read: the same read may then be
 * run on the primary. drizzle wraps the driver's error, so its causes are looked at too.
 */
export function isReplicaFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (replicaStates.test(code) || connectionErrors.has(code)))
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Where the catalogue's reads go when DATABASE_READ_URL names a read replica: to the replica,
 * except from a change of what they show until the replica has replayed it. Each change (the
 * notifications the response cache clears on) notes the primary's WAL position then; reads go
 * to the primary until the replica's replay has passed it, so a cleared answer is never computed
 * again from a replica still behind the change, and kept for the cache's whole time to live.
 *
 * A replica that fails (down, restarting, a statement cancelled by a hot-standby conflict) counts
 * as behind as well: the read it failed runs again on the primary, the reads after it go there,
 * and once a second the replica is asked whether it answers and has replayed what the primary
 * had written, when the reads go back to it. The outage is logged once, and its end once the
 * replica has served a read again; a replica failing again within a minute (a connection the
 * outage cut failing a read after it, a run of conflicts) is read around the same way, unlogged.
 */
export class ReadRouting {
  /** Changes noted, and how many of them the replica is known to have replayed. */
  private changes = 0;
  private replayed = 0;
  /** The replica failed a read or a check, and has served no read since. */
  private failing = false;
  /** When a failure was last logged, and whether its end is still to be. */
  private loggedAt = Number.NEGATIVE_INFINITY;
  private endToLog = false;

  constructor(
    private readonly primary: Database,
    private readonly replica: Database,
    private readonly log: ReadRoutingLogger,
    /** How long reads rest from a failed replica; a test shortens it. */
    private readonly retryMs = REPLICA_RETRY_MS,
  ) {}

  /** The database a catalogue read goes to now. */
  reader(): Database {
    return this.replayed === this.changes ? this.replica : this.primary;
  }

  /**
   * Runs a read-only catalogue read where reads go now; when the replica fails it, runs it again
   * on the primary. Only for reads: a read that wrote would write twice.
   */
  async read<T>(run: (db: Database) => Promise<T>): Promise<T> {
    const db = this.reader();
    if (db !== this.replica) return run(db);
    try {
      const answer = await run(db);
      this.failing = false;
      if (this.endToLog) {
        this.endToLog = false;
        this.log.info({}, 'the read replica answers again');
      }
      return answer;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.replicaFailed(error);
      return run(this.primary);
    }
  }

  /** Something the catalogue shows changed on the primary: read it there until replayed. */
  changed(): void {
    this.changes += 1;
    void this.waitForReplay(this.changes, 0);
  }

  private replicaFailed(error: unknown): void {
    this.noteFailure(error);
    // As for a change, but asked only after a rest: a replica that just failed would fail again.
    this.changes += 1;
    void this.waitForReplay(this.changes, this.retryMs);
  }

  private noteFailure(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    if (performance.now() - this.loggedAt < QUIET_MS) return;
    this.loggedAt = performance.now();
    this.endToLog = true;
    this.log.warn(
      { err: error },
      'the read replica failed: the catalogue reads the primary until it answers again',
    );
  }

  /**
   * Frees the reads for the replica once it has replayed the primary's WAL as of `change` (so
   * every change before it too), asking it first after `restMs`.
   */
  private async waitForReplay(change: number, restMs: number): Promise<void> {
    let position: string | undefined;
    let rest = restMs;
    while (change === this.changes) {
      let replayed: boolean;
      try {
        position ??= rowsOf<{ position: string }>(
          await this.primary.execute(sql`select pg_current_wal_lsn()::text as position`),
        )[0]?.position;
      } catch {
        // The primary's own failure is for the requests that read it to report.
        await sleep(this.retryMs);
        continue;
      }
      if (rest > 0) {
        await sleep(rest);
        rest = 0;
        continue;
      }
      try {
        // On a server that is not a replica (a copy kept some other way), there is no replay.
        const [state] = rowsOf<{ replayed: boolean }>(
          await this.replica.execute(
            sql`select coalesce(pg_last_wal_replay_lsn() >= ${position}::pg_lsn, true) as replayed`,
          ),
        );
        replayed = state?.replayed === true;
      } catch (error) {
        this.noteFailure(error);
        await sleep(this.retryMs);
        continue;
      }
      if (replayed) {
        // A later change waits for its own, later position; this one only frees its own.
        if (change === this.changes) this.replayed = change;
        return;
      }
      await sleep(RECHECK_MS);
    }
  }
}
