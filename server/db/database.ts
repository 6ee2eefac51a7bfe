import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool.ts';
import type { DB } from './schema.ts';

export type Row = Record<string, unknown>;
export type { DB };

/**
 * What code needs from the database: the typed query builder, and plain SQL for the few statements
 * a builder cannot say (advisory locks, migrations' scripts).
 */
export interface Queryable {
  readonly kysely: Kysely<DB>;
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function queryable(kysely: Kysely<DB> | Transaction<DB>): Queryable {
  return {
    kysely,
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      return (await kysely.executeQuery<T>(CompiledQuery.raw(sql, params))).rows;
    },
    async exec(sql) {
      await kysely.executeQuery(CompiledQuery.raw(sql, []));
    },
  };
}

function database(kind: Database['kind'], kysely: Kysely<DB>): Database {
  return {
    kind,
    ...queryable(kysely),
    transaction: (work) => kysely.transaction().execute((trx) => work(queryable(trx))),
    close: () => kysely.destroy(),
  };
}

/** `postgres://…` → PostgreSQL; `memory://` → in-memory PGlite (tests); otherwise a PGlite data directory. */
export async function openDatabase(target: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    return database('postgres', new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }));
  }
  // pg_trgm: the trigram indexes of search (migration 010), as on PostgreSQL.
  const extensions = { pg_trgm };
  const db = target === 'memory://' ? new PGlite({ extensions }) : new PGlite(target, { extensions });
  await db.waitReady;
  return database('pglite', new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(db) }) }));
}
