import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import type { DatabaseHandle } from './client.js';
import { statementBuiltOnce } from './statement.js';

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

it('builds its text once and fills in each call its own values, as rows of objects', async () => {
  let builds = 0;
  const doubled = statementBuiltOnce<{ word: string; twice: number }, { word: string; n: number }>(
    () => {
      builds++;
      return sql`select ${sql.placeholder('word')}::text as word, ${sql.placeholder('n')}::int * 2 as twice`;
    },
  );
  expect(await doubled(handle.db, { word: 'tea', n: 2 })).toEqual([{ word: 'tea', twice: 4 }]);
  expect(await doubled(handle.db, { word: 'honey', n: 21 })).toEqual([
    { word: 'honey', twice: 42 },
  ]);
  await handle.db.transaction(async (transaction) => {
    expect(await doubled(transaction, { word: 'inside', n: 5 })).toEqual([
      { word: 'inside', twice: 10 },
    ]);
  });
  expect(builds).toBe(1);
});

it('refuses a call that leaves a placeholder without a value, and runs nothing', async () => {
  const lookup = statementBuiltOnce<{ slug: string }, { slug: string }>(
    () => sql`select ${sql.placeholder('slug')}::text as slug`,
  );
  await expect(lookup(handle.db, {} as { slug: string })).rejects.toThrow('slug');
});
