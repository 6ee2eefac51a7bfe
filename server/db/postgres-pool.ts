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
        return {
          query: connection.query.bind(connection),
          release: () => {
            connection.release();
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
