import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { patiently } from '../test/wait-for.js';
import type { DatabaseHandle } from './client.js';
import { JOB_LOCK_SPACE } from './job-lock.js';
import { rowsOf } from './statement.js';

// Issue 16: a background job's round runs alone, on PGlite as on PostgreSQL.

let testDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await openTestDatabase();
  handle = testDatabase.handle;
});
afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
});

/** The job locks the database holds now. */
async function heldJobLocks(): Promise<number> {
  const rows = rowsOf<{ held: number }>(
    await handle.db.execute(
      sql`select count(*)::int as held from pg_locks where locktype = 'advisory' and classid = ${JOB_LOCK_SPACE} and granted
        and database = (select oid from pg_database where datname = current_database())`,
    ),
  );
  return rows[0]?.held ?? 0;
}

it('(issue 16) holds an advisory lock while a round runs; a second round of the same job skips, another job runs', async () => {
  let finish = () => {};
  const first = handle.runAlone('job:test', async () => {
    await new Promise<void>((resolve) => (finish = resolve));
    return 'first';
  });
  await expect.poll(heldJobLocks, patiently).toBe(1);

  expect(await handle.runAlone('job:test', async () => 'second')).toEqual({ ran: false });
  expect(await handle.runAlone('job:other', async () => heldJobLocks())).toEqual({
    ran: true,
    value: 2,
  });

  finish();
  expect(await first).toEqual({ ran: true, value: 'first' });
  expect(await heldJobLocks()).toBe(0);
  expect(await handle.runAlone('job:test', async () => 'again')).toEqual({
    ran: true,
    value: 'again',
  });
});

it('(issue 16) a failed round lets go of its lock', async () => {
  await expect(
    handle.runAlone('job:test', () => Promise.reject(new Error('provider down'))),
  ).rejects.toThrow('provider down');
  expect(await heldJobLocks()).toBe(0);
  expect((await handle.runAlone('job:test', async () => 1)).ran).toBe(true);
});
