import { defineConfig } from 'vitest/config';
import { CORE_ALIAS } from './scripts/core-alias.ts';
import { hangLimit } from './scripts/hang-limit.ts';

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
    testTimeout: hangLimit(120_000),
    hookTimeout: hangLimit(300_000),
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next: each file still has its own server and
    // database, and the server keeps no state outside them (per-server counters, per-database hubs). Re-importing the
    // server for every file cost about a quarter of the suite's processor time (docs/qa.md).
    isolate: false,
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
  },
});
