import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.ts';
import { hangLimit } from './scripts/hang-limit.ts';

/**
 * Workers, and one server for each on its own copy of the demo database (scripts/e2e-server.mjs): port E2E_PORT (8181) + index.
 * Two by default: a test mostly waits on its page, so on the 2-core machines two end the suite in about 70% of one's
 * time; four were slower per test and timed out on the heaviest page (measured in docs/qa.md).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Each worker process has its index in TEST_PARALLEL_INDEX when it reads this file; the runner has none.
const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// The first server's port; another checkout's suite runs beside this one with E2E_PORT set (scripts/e2e-server.mjs).
const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The browser suite: each worker against its own freshly seeded server (see scripts/e2e-server.mjs).
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
  workers: WORKERS,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: [['list']],
  // Limits that only catch a hang, stretched on a loaded machine (scripts/hang-limit.ts).
  timeout: hangLimit(60_000),
  expect: { timeout: hangLimit(10_000) },
  use: {
    baseURL: `http://127.0.0.1:${PORT + PARALLEL_INDEX}`,
    locale: 'es-ES',
    // An action or navigation that cannot happen fails where it waits, naming its locator, rather than at the test's
    // timeout with no place (a workday run once hung 4 minutes on a click with nothing to say where).
    actionTimeout: hangLimit(20_000),
    navigationTimeout: hangLimit(30_000),
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
        // V8 without TurboFan: a test's pages live seconds, too short for optimized code to repay compiling it. Over a
        // fixed workload (nine contexts: first loads, in-page navigation, a menu, axe, a reload) the renderers used
        // 31-36 s of processor instead of 38.5-43 s, and the suite's time is its processor work (docs/qa.md).
        '--js-flags=--no-opt',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `node scripts/e2e-server.mjs ${index} ${hangLimit(180_000)}`,
    url: `http://127.0.0.1:${PORT + index}/api/health`,
    reuseExistingServer: false,
    timeout: hangLimit(180_000),
  })),
});
