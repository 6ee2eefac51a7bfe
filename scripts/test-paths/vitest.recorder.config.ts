/** Runs the hand-written model tests with the coverage recorder (see recorder-setup.ts); used by coverage.ts. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { CORE_ALIAS } from '../core-alias.ts';
import { hangLimit } from '../hang-limit.ts';

export default defineConfig({
  resolve: { alias: CORE_ALIAS },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/machines/**/*.test.ts'],
    setupFiles: ['scripts/test-paths/recorder-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: hangLimit(30_000),
  },
});
