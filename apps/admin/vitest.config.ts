import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from '../../scripts/compiled-catalogs.js';

// Every time a person reads is on the Oslo clock, whatever the machine's zone (issue 29.13): the
// tests run in UTC, so a formatter that forgets its zone shows the wrong hour and fails.
process.env.TZ = 'UTC';

export default defineConfig({
  plugins: [compiledCatalogs()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
