import { configDefaults, defineConfig } from 'vitest/config';

const database = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const redisTests = 'src/**/*.redis.test.ts';
// What only PostgreSQL has (named prepared statements); these run in the postgres project alone.
const postgresTests = 'src/**/*.postgres.test.ts';

// Concurrency and crash recovery are only shown on PostgreSQL; in CI the suite must not pass
// on PGlite alone.
if (process.env.CI && process.env.CI !== 'false' && !database)
  throw new Error(
    'CI runs the API suite on PostgreSQL too: set TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)',
  );

export default defineConfig({
  test: {
    // Limits that catch a hung test, not a slow one: CI runs the suite on a machine as busy as
    // a developer's, where a test that takes 5 s alone can take ten times that.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each project migrates one database that every test file copies.
    globalSetup: ['src/test/database-template.ts'],
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          exclude: [...configDefaults.exclude, redisTests, postgresTests],
          env: { TEST_DB: 'pglite' },
        },
      },
      // The whole API suite runs again on a PostgreSQL server when one is given.
      ...(database
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                exclude: [...configDefaults.exclude, redisTests],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      // Shared rate-limit counters need a Redis server; they run when one is given.
      ...(redis
        ? [
            {
              extends: true as const,
              test: {
                name: 'redis',
                include: [redisTests],
                env: { TEST_DB: 'pglite' },
              },
            },
          ]
        : []),
    ],
  },
});
