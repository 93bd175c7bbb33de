import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.js';

/**
 * The screen walk (`npm run screens`): every storefront and back-office screen in both languages
 * at 1366 and 390 px, as pictures to look at, not a test of the suite.
 */
export default defineConfig({
  ...journeys,
  testMatch: /\.screens\.ts$/,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 15 * 60_000,
  projects: [{ name: 'screens' }],
});
