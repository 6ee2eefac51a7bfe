/**
 * The app machine's generated UI specs (tests/paths/app/<criterion>/*.paths.spec.ts) alone, with their own output
 * folder. The default run (playwright.config.ts) runs them too, as project paths (`npx playwright test --project paths`).
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
  projects: [{ name: 'paths', testDir: `${root}tests/paths/app`, testMatch: '**/*.paths.spec.ts' }],
  outputDir: `${root}test-results/paths`,
  webServer: { ...(base.webServer as object), cwd: root } as typeof base.webServer,
});
