import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Journeys in Debian's Chromium (/usr/bin/chromium; Playwright cannot download a browser here)
 * against the built app served by tests/e2e/serve.mjs on a fresh seeded database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // a page of the built site can take seconds to appear while two browsers share two cores
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    cwd: '../..',
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
  },
});
