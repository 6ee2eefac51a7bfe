import { defineConfig } from 'vitest/config';
import { CORE_ALIAS } from './scripts/core-alias.ts';

// API files each run an in-process server on an in-memory PGlite (in a thread of its own) started from
// the run's demo template (tests/global-setup.ts, tests/support/db-template.ts), so files run side by side.
export default defineConfig({
  resolve: { alias: CORE_ALIAS },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    // Hashes made during tests use a cheap scrypt cost (server/auth/passwords.ts honours it only under NODE_ENV=test).
    env: { TEST_SCRYPT_N: '1024' },
    // Limits that only catch a hang: a test's verdict must not depend on how loaded the machine is.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
  },
});
