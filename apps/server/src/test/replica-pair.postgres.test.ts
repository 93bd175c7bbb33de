// The postgres project only (vitest.config.ts): a replica needs PostgreSQL's own binaries.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReplicaPair, type ReplicaPair } from './replica-pair.js';

let pair: ReplicaPair;
let primary: postgres.Sql;
let replica: postgres.Sql;
beforeAll(async () => {
  pair = await startReplicaPair();
  primary = postgres(pair.primaryUrl, { max: 1, onnotice: () => {} });
  replica = postgres(pair.replicaUrl, { max: 1 });
});
afterAll(async () => {
  await primary?.end();
  await replica?.end();
  await pair?.stop();
  // Idempotent: a second stop (say, by a shared teardown) does nothing.
  await pair?.stop();
});

const names = async () =>
  (await replica<{ name: string }[]>`select name from items order by name`).map((row) => row.name);

it('streams the primary’s writes to the replica, and holds them back while replay is paused', async () => {
  await primary`create table items (name text primary key)`;
  await primary`insert into items values ('first')`;
  await pair.caughtUp();
  expect(await names()).toEqual(['first']);

  // The replica only reads.
  await expect(replica`insert into items values ('refused')`).rejects.toThrow(/read-only/);

  await pair.pauseReplay();
  await primary`insert into items values ('second')`;
  // Given time to arrive: the row's WAL is streamed, but not applied.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await names()).toEqual(['first']);

  await pair.resumeReplay();
  expect(await names()).toEqual(['first', 'second']);
});
