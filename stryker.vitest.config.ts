import { defineConfig } from 'vitest/config';
import { CORE_ALIAS } from './scripts/core-alias.ts';

// The tests Stryker runs against the mutants of one scope (STRYKER_TESTS, set by scripts/mutation/run.mjs): the
// machine's model test and generated machine-level paths, or the benefit engine's tests. The API-level replay
// (tests/paths/api) is left out: each mutant it covers would start a seeded server again (~40 s here).
const tests = process.env.STRYKER_TESTS?.split(',') ?? ['tests/machines/*.test.ts', 'tests/paths/*/*/*.paths.test.ts', 'tests/domain/*.test.ts'];

export default defineConfig({
  resolve: { alias: CORE_ALIAS },
  test: {
    include: tests,
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
