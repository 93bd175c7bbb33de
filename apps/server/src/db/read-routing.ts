import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rowsOf } from './statement.js';

export interface ReadRoutingLogger {
  warn(details: object, message: string): void;
}

/** How often a lagging replica is asked again whether it has replayed a change. */
const RECHECK_MS = 20;
/** How often one that does not answer is tried again, meanwhile read from the primary. */
const RETRY_MS = 1000;

/**
 * Where the catalogue's reads go when DATABASE_READ_URL names a read replica: to the replica,
 * except from a change of what they show until the replica has replayed it. Each change (the
 * notifications the response cache clears on) notes the primary's WAL position then; reads go
 * to the primary until the replica's replay has passed it, so a cleared answer is never computed
 * again from a replica still behind the change, and kept for the cache's whole time to live. A
 * replica that cannot be asked counts as behind: reads stay on the primary and it is asked again.
 */
export class ReadRouting {
  /** Changes noted, and how many of them the replica is known to have replayed. */
  private changes = 0;
  private replayed = 0;

  constructor(
    private readonly primary: Database,
    private readonly replica: Database,
    private readonly log: ReadRoutingLogger,
  ) {}

  /** The database a catalogue read goes to now. */
  reader(): Database {
    return this.replayed === this.changes ? this.replica : this.primary;
  }

  /** Something the catalogue shows changed on the primary: read it there until replayed. */
  changed(): void {
    this.changes += 1;
    void this.waitForReplay(this.changes);
  }

  private async waitForReplay(change: number): Promise<void> {
    let position: string | undefined;
    for (let attempt = 0; change === this.changes; attempt++) {
      try {
        position ??= rowsOf<{ position: string }>(
          await this.primary.execute(sql`select pg_current_wal_lsn()::text as position`),
        )[0]?.position;
        // On a server that is not a replica (a copy kept some other way), there is no replay.
        const [state] = rowsOf<{ replayed: boolean }>(
          await this.replica.execute(
            sql`select coalesce(pg_last_wal_replay_lsn() >= ${position}::pg_lsn, true) as replayed`,
          ),
        );
        if (state?.replayed) {
          // A later change waits for its own, later position; this one only frees its own.
          if (change === this.changes) this.replayed = change;
          return;
        }
      } catch (error) {
        if (attempt === 0) this.log.warn({ err: error }, 'the read replica does not answer');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
    }
  }
}
