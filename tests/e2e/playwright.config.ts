import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * The browser: Debian's headless shell (package chromium-headless-shell), as Playwright itself
 * runs headless journeys, else Debian's full Chromium (Playwright cannot download a browser
 * here). The full browser in headless mode spends a third more CPU on each page (its own GPU
 * and browser processes), which two workers on two cores feel.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

/**
 * Journeys against the built app served by tests/e2e/serve.mjs on a fresh seeded database, with
 * the seeding service (tests/e2e/seed-service.ts) that makes the journeys' members beside it.
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
  // the demo tour (README) first, alone: it checks what the demo seed left, before other
  // journeys decide the waiting photos or read the demo member's conversations
  // journeys that change a setting of the whole site (the languages offered) last, alone: the
  // other journeys meet the settings the seed left
  projects: [
    { name: 'demo-tour', testMatch: 'demo-tour.e2e.ts' },
    {
      name: 'journeys',
      testIgnore: ['demo-tour.e2e.ts', 'languages-offered.e2e.ts'],
      dependencies: ['demo-tour'],
    },
    { name: 'site-settings', testMatch: 'languages-offered.e2e.ts', dependencies: ['journeys'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // no service worker: installed, it precaches the app's 180 files (2.5 MB) in every new
    // browser context, a third of a journey's CPU on this machine's two cores. The journeys of
    // the installable app, push and the outage (pwa, push, outage) allow it, as a member's
    // browser does; every other journey meets the site as on a first visit, before it installs.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
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
  webServer: [
    {
      command: 'node tests/e2e/serve.mjs',
      cwd: '../..',
      url: `http://localhost:${port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port) },
    },
    {
      command: 'node --import tsx tests/e2e/seed-service.ts',
      cwd: '../..',
      url: `http://127.0.0.1:${port + 2}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port) },
    },
  ],
});
