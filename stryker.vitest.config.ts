import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant of src/machines and src/domain/benefits (stryker.config.mjs):
// model tests, generated machine-level paths, benefit engine tests and the API-level path replay.
export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/paths/*/{transitions,guards,boundaries}/*.paths.test.ts', 'tests/paths/api/**/*.test.ts', 'tests/domain/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
