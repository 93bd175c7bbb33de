import { defineConfig } from 'vitest/config';

// Two compiled server processes need PostgreSQL and Redis; CI always has them (.ci/run).
const available = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;
if (!available && process.env.CI && process.env.CI !== 'false')
  throw new Error('CI runs the cluster tests: set TEST_DATABASE_URL and TEST_REDIS_URL');
if (!available)
  console.warn('The cluster tests need TEST_DATABASE_URL and TEST_REDIS_URL; they are not run.');

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: available ? ['**/*.test.ts'] : [],
    passWithNoTests: !available,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
