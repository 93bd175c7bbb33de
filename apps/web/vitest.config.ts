import { defineConfig } from 'vitest/config';
import { reactToPreact } from './vite.config.js';

export default defineConfig({
  resolve: { alias: reactToPreact },
  test: { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] },
});
