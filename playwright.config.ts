import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.ts';

/**
 * The browser suite: one worker against a freshly seeded server on port 8181 (see scripts/e2e-server.mjs).
 * Project e2e: the hand-written specs (tests/e2e); project paths: the app machine's generated paths driven through
 * the UI (tests/paths/app/<criterion>/*.paths.spec.ts, from npm run test:paths), run after e2e. Both count toward
 * the server's per-address limit of failed sign-ins, so the generated specs keep theirs few.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'e2e', testDir: './tests/e2e', testMatch: '**/*.spec.ts' },
    { name: 'paths', testDir: './tests/paths/app', testMatch: '**/*.paths.spec.ts' },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: 'http://127.0.0.1:8181',
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // The browser `npm run test:e2e` found or installed first (scripts/find-chromium.ts).
      executablePath: findChromium()?.path ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-default-apps',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: 'http://127.0.0.1:8181/api/health',
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
