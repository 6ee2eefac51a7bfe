import { defineConfig } from 'vitest/config';

// The API suite runs the server in-process on an in-memory PGlite; PGlite's start and scrypt are
// slow on the 2-core CI machines, hence the generous timeouts and one file at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
