import { describe } from 'vitest';
import { sessionCacheCases } from './session-cache-cases.ts';
import { useServer } from './helpers.ts';

/*
 * PGlite is this process's alone: every change to a session, a user or a role is written here, and
 * migration 021's notifications reach the memory before the writer's commit answers.
 */
describe('sessions kept in memory, one PGlite server', () => {
  const server = useServer();
  sessionCacheCases({
    writer: () => server.server,
    reader: () => server.server,
    sql: (text, params) => server.db.query(text, params),
  });
});
