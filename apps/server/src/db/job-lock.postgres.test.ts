// The postgres project only (vitest.config.ts): two processes need two connections.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { openDatabase, type DatabaseHandle } from './client.js';

// Issue 16: two server processes on one database; each stands for one with its own pool.

let testDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (!testDatabase.url) throw new Error('this file runs in the postgres project only');
  first = await openDatabase({ kind: 'postgres', url: testDatabase.url, poolSize: 2 });
  second = await openDatabase({ kind: 'postgres', url: testDatabase.url, poolSize: 2 });
});
afterAll(async () => {
  await Promise.all([second.close(), testDatabase.handle.close()]);
  await testDatabase.drop();
});

it('(issue 16) of two processes starting a round at the same moment, one runs it and the other skips', async () => {
  const runs: string[] = [];
  const round = (process: string) => async () => {
    runs.push(process);
    // Long enough that the other process tries while this one runs.
    await new Promise((resolve) => setTimeout(resolve, 200));
  };
  const outcomes = await Promise.all([
    first.runAlone('job:sweep', round('first')),
    second.runAlone('job:sweep', round('second')),
  ]);
  expect(runs).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);

  // Done, the lock is free for either.
  expect((await second.runAlone('job:sweep', async () => undefined)).ran).toBe(true);
});

it('(issue 16) a process that dies in a round leaves the job to the others', async () => {
  let started = () => {};
  const inRound = new Promise<void>((resolve) => (started = resolve));
  const dying = first.runAlone('job:refresh', async () => {
    started();
    await new Promise(() => {});
  });
  void dying;
  await inRound;
  expect((await second.runAlone('job:refresh', async () => undefined)).ran).toBe(false);
  // Its connections go with it, and its locks with them.
  await first.close();
  await expect
    .poll(async () => (await second.runAlone('job:refresh', async () => undefined)).ran)
    .toBe(true);
});
