import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { fairGate } from './fair-gate.ts';

/**
 * node-postgres' pool behind the fair gate: its own queue serves each connection taken first come,
 * first served, so a request already half done waited behind every request that arrived after it.
 */
export function fairPostgresPool(pool: pg.Pool, size: number): PostgresPool {
  const gate = fairGate(size);
  return {
    async connect() {
      const release = await gate.acquire();
      try {
        const connection = await pool.connect();
        // While a request holds the connection between two statements, node-postgres has no listener of its own
        // for the connection's end (a database restart): without this one, Node would end the process. The
        // request's next statement fails instead (503), and the broken client is destroyed, not reused.
        let broken: Error | undefined;
        const onError = (error: Error) => {
          broken = error;
        };
        connection.on('error', onError);
        return {
          query: connection.query.bind(connection),
          release: () => {
            connection.off('error', onError);
            connection.release(broken);
            release();
          },
        } as PostgresPoolClient;
      } catch (error) {
        release();
        throw error;
      }
    },
    end: () => pool.end(),
  };
}
