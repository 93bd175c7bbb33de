import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5055);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // A journey that passes only on its retry is flaky: the run fails and names it (issue 30).
  failOnFlakyTests: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // This machine has no outside network: keep Chromium from trying to reach it.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: `node e2e/support/start-server.mjs`,
    url: `http://127.0.0.1:${port}/api/categories/web`,
    env: { E2E_PORT: String(port) },
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets the start script stop the server and remove its temporary data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
