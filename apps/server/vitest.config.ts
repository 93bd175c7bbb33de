import { configDefaults, defineConfig } from 'vitest/config';

const database = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const redisTests = 'src/**/*.redis.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          exclude: [...configDefaults.exclude, redisTests],
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
