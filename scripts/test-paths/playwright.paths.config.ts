/**
 * Opt-in Playwright run of the app machine's generated UI specs (tests/paths/app/<criterion>/*.paths.spec.ts),
 * kept out of the default run (playwright.config.ts, testDir tests/e2e): see scripts/test-paths/playwright.ts.
 *   npx vite build && npx playwright test -c scripts/test-paths/playwright.paths.config.ts
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  ...base,
  testDir: `${root}tests/paths/app`,
  testMatch: '**/*.paths.spec.ts',
  outputDir: `${root}test-results/paths`,
  webServer: { ...(base.webServer as object), cwd: root } as typeof base.webServer,
});
