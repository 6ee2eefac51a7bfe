import { hasPostgres } from '../../scripts/postgres-cluster.ts';

export { hasPostgres, PG_BIN } from '../../scripts/postgres-cluster.ts';

/** In CI the production database is not optional: what runs on PostgreSQL fails there when it is missing. */
export const inCI = ['true', '1'].includes(process.env.CI ?? '');

/**
 * Whether the API suite's demo servers run on PostgreSQL, the production database (a copy of the run's template
 * database each), or on an in-memory PGlite: TEST_DATABASE=postgresql or memory, else PostgreSQL when it is
 * installed or in CI. The embedded database keeps its own tests: the browser suite serves from it, as `npm start`
 * does, and the files that open it themselves (tests/server, the scale seed, the request path) and the fresh installs.
 */
export const demoOnPostgres = () => (process.env.TEST_DATABASE ? process.env.TEST_DATABASE === 'postgresql' : hasPostgres || inCI);
