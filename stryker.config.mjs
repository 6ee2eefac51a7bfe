// StrykerJS for one scope of `npm run test:mutation` (scripts/mutation/run.mjs picks the files to mutate and the
// tests, STRYKER_TESTS, run by stryker.vitest.config.ts). Not part of `npm test`. On a shared machine run it niced:
// `nice -n 10 npm run test:mutation`.
const scope = process.env.STRYKER_SCOPE ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  mutate: ['core/workflows/**/*.ts', 'src/machines/**/*.ts', 'core/benefits/**/*.ts'],
  // .stryker-tmp*: another run's sandbox (`--tempDirName .stryker-tmp-<name>`) is not copied into this one's.
  ignorePatterns: ['dist', 'coverage', 'test-results', 'playwright-report', 'data', 'docs', 'reports', '.stryker-tmp*'],
  coverageAnalysis: 'perTest',
  // One test process by default: the machine is shared; STRYKER_CONCURRENCY=2 on a quiet one.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
