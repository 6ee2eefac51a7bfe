import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { fairGate } from './fair-gate.ts';
import type { EmbeddedSession } from './pglite-thread.ts';

type Command = PostgresQueryResult<unknown>['command'];

/** The statement's verb, which Kysely reads to report affected rows. */
function commandOf(sql: string): Command {
  const verb = sql.trimStart().slice(0, 6).toUpperCase();
  return (['INSERT', 'UPDATE', 'DELETE'].includes(verb) ? verb : 'SELECT') as Command;
}

/**
 * PGlite is one session, so it is a pool of exactly one connection: whoever holds it (a single
 * query, or a transaction from BEGIN to COMMIT) runs alone, and concurrent requests wait their turn
 * (oldest request first) instead of running inside each other's transactions (what `kysely-pglite`
 * gets wrong).
 */
export function pglitePool(db: EmbeddedSession): PostgresPool {
  const gate = fairGate(1);
  const client = (release: () => void): PostgresPoolClient => ({
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      // Without parameters a text may hold several statements (migrations); the simple protocol runs them all.
      if (parameters.length === 0) {
        const results = await db.exec(sql);
        const last = results.at(-1);
        return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
      }
      const result = await db.query<R>(sql, [...parameters]);
      return { command: commandOf(sql), rowCount: result.affectedRows, rows: result.rows };
    },
    release,
  }) as PostgresPoolClient;
  return {
    connect: async () => client(await gate.acquire()),
    end: () => db.close(),
  };
}
