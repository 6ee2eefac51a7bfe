// Mutation testing of the statecharts and the benefit engine (`npm run test:mutation`, not part of `npm test`).
// The tests that may kill a mutant: the hand-written model tests, the generated paths (machine level), the
// benefit engine's tests and the API-level path replay (tests/paths/api), all run by stryker.vitest.config.ts.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  mutate: ['src/machines/**/*.ts', 'src/domain/benefits/**/*.ts'],
  // The session plumbing of the browser (storage keys, registry lists) holds no rule to mutate.
  ignorePatterns: ['dist', 'coverage', 'test-results', 'playwright-report', 'data', 'docs', 'reports', '.stryker-tmp'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
