// Issue 29.19: a catalogue read the read replica fails is answered from the primary, and a
// failing replica is left alone for a while. Stand-in databases here; the real streaming
// replica, stopped and with a read cut off, is in read-replica.postgres.test.ts.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../domain-errors.js';
import { patiently } from '../test/wait-for.js';
import type { Database } from './client.js';
import { isReplicaFailure, ReadRouting } from './read-routing.js';

/** A PostgreSQL error as postgres.js throws it, wrapped as drizzle wraps a failed query. */
const failedQuery = (code: string) =>
  new DrizzleQueryError('select 1', [], Object.assign(new Error(`error ${code}`), { code }));

/**
 * A database that answers the routing's own checks (the primary's WAL position, the replica's
 * replay) unless `down`, and counts them.
 */
function standIn(name: string) {
  const state = { name, down: false, checks: 0 };
  const db = {
    execute: async () => {
      state.checks += 1;
      if (state.down)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return [{ position: '0/1', replayed: true }];
    },
  } as unknown as Database;
  return Object.assign(state, { db });
}

function routing() {
  const primary = standIn('primary');
  const replica = standIn('replica');
  const logged: string[] = [];
  const log = {
    info: (_details: object, message: string) => logged.push(`info: ${message}`),
    warn: (_details: object, message: string) => logged.push(`warn: ${message}`),
  };
  const routes = new ReadRouting(primary.db, replica.db, log, 50);
  /** Who served each read. */
  const servedBy: string[] = [];
  const read = (fail?: unknown) =>
    routes.read(async (db) => {
      const name = db === primary.db ? 'primary' : 'replica';
      servedBy.push(name);
      if (name === 'replica' && (replica.down || fail)) throw fail ?? failedQuery('08006');
      return name;
    });
  return { primary, replica, logged, servedBy, read };
}

describe('which failures of a replica read are tried again on the primary', () => {
  it('a cut or refused connection, a hot-standby conflict, a replica shutting down or starting: yes', () => {
    for (const code of ['08006', '08001', '40001', '40P01', '57P01', '57P03', '57P04', '53300'])
      expect(isReplicaFailure(failedQuery(code)), code).toBe(true);
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT'])
      expect(isReplicaFailure(Object.assign(new Error(code), { code })), code).toBe(true);
  });

  it("the read's own fault (a bad value, a missing table, a cancelled statement, not found): no", () => {
    for (const code of ['22P02', '42P01', '23505', '57014'])
      expect(isReplicaFailure(failedQuery(code)), code).toBe(false);
    expect(isReplicaFailure(new NotFoundError('errors.catalog.productNotFound'))).toBe(false);
    expect(isReplicaFailure(new Error('no code'))).toBe(false);
  });
});

describe('a catalogue read on a read replica (issue 29.19)', () => {
  it('a read the replica fails with a hot-standby conflict is answered from the primary', async () => {
    const { read, servedBy } = routing();
    expect(await read(failedQuery('40001'))).toBe('primary');
    expect(servedBy).toEqual(['replica', 'primary']);
  });

  it("a read failing on the replica by its own fault is the caller's answer, not tried again", async () => {
    const { read, servedBy } = routing();
    await expect(read(failedQuery('22P02'))).rejects.toThrow('Failed query');
    await expect(read(new NotFoundError('errors.catalog.productNotFound'))).rejects.toThrow(
      'not found',
    );
    expect(servedBy).toEqual(['replica', 'replica']);
  });

  it('while the replica is down, reads go to the primary and it is asked only now and then; logged once', async () => {
    const { read, replica, servedBy, logged } = routing();
    expect(await read()).toBe('replica');
    replica.down = true;

    // Shoppers at once: each read the replica fails is answered from the primary.
    expect(await Promise.all(Array.from({ length: 8 }, () => read()))).toEqual(
      Array.from({ length: 8 }, () => 'primary'),
    );
    servedBy.length = 0;
    const checksBefore = replica.checks;
    const started = Date.now();
    const answers: string[] = [];
    while (Date.now() - started < 300) answers.push(await read());
    expect(answers.every((served) => served === 'primary')).toBe(true);
    expect(servedBy.every((served) => served === 'primary')).toBe(true);
    // Asked about once per 50 ms rest, not once per read.
    expect(replica.checks - checksBefore).toBeLessThanOrEqual(300 / 50 + 1);
    expect(answers.length).toBeGreaterThan(replica.checks - checksBefore);
    expect(logged).toEqual([
      'warn: the read replica failed: the catalogue reads the primary until it answers again',
    ]);

    replica.down = false;
    // Back, it fails a read once more on a connection the outage cut: not a new outage.
    await expect
      .poll(async () => {
        servedBy.length = 0;
        expect(await read(failedQuery('57P01'))).toBe('primary');
        return servedBy[0];
      }, patiently)
      .toBe('replica');
    expect(logged).toHaveLength(1);
    // It is over once the replica serves a read again.
    await expect.poll(() => read(), patiently).toBe('replica');
    expect(logged).toEqual([
      'warn: the read replica failed: the catalogue reads the primary until it answers again',
      'info: the read replica answers again',
    ]);

    // Failing again so soon (a hot-standby conflict): read around, not logged as another outage.
    expect(await read(failedQuery('40001'))).toBe('primary');
    expect(logged).toHaveLength(2);
  });
});
