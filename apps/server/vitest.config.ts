import { defineConfig } from 'vitest/config';

const database = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true as const, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      // The whole API suite runs again on a PostgreSQL server when one is given.
      ...(database
        ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
