import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool.ts';
import { startEmbeddedThread } from './pglite-thread.ts';
import { fairPostgresPool } from './postgres-pool.ts';
import { postgresWatch, type Watch, type WatchHandlers } from './postgres-watch.ts';
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
  /** Runs `work` on one connection, taken before `work` starts (no transaction is opened). */
  withConnection<T>(work: (connection: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel` (from any process on the same
   * database) until the returned function is called. On PostgreSQL it holds a connection of its own
   * and reconnects after losing it; notifications sent meanwhile are lost, so listeners also poll.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Like `listen`, for a cache that must never serve a change late: `fence()` tells when every
   * notification committed before it has been delivered, and `onReset` when some may have been lost.
   * PGlite is this process's alone and hands notifications over at commit, so its fence is immediate.
   */
  watch(channel: string, handlers: WatchHandlers): Promise<Watch>;
  /** The embedded database's data directory as a tarball, for `openDatabase`'s `loadDataDir` (PGlite only). */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Listen = Database['listen'];
type Channels = Pick<Database, 'listen' | 'watch'>;

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

function database(kind: Database['kind'], kysely: Kysely<DB>, channels: Channels & Pick<Database, 'dumpDataDir'>, beforeClose: () => Promise<void> = async () => {}): Database {
  return {
    kind,
    ...queryable(kysely),
    transaction: (work) => kysely.transaction().execute((trx) => work(queryable(trx))),
    withConnection: (work) => kysely.connection().execute((bound) => work(queryable(bound))),
    ...channels,
    close: async () => {
      await beforeClose();
      await kysely.destroy();
    },
  };
}

/** LISTEN on PostgreSQL needs a session that stays open: one client per channel, reconnected when it drops. */
function postgresListener(connectionString: string) {
  const open = new Set<pg.Client>();
  let closed = false;
  const listen: Listen = async (channel, onNotify) => {
    let client: pg.Client | null = null;
    let stopped = false;
    // The database may still be away after a drop: keep trying, or the channel would stay deaf once it is back.
    const reconnect = () => setTimeout(() => void connect().catch(reconnect), 1000).unref();
    const connect = async (): Promise<void> => {
      if (stopped || closed) return;
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
      next.on('error', () => {
        open.delete(next);
        void next.end().catch(() => {});
        // Only the live client reconnects; one that failed while connecting is retried by whoever awaited it.
        if (client !== next) return;
        client = null;
        reconnect();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        void next.end().catch(() => {});
        throw error;
      }
      client = next;
      open.add(next);
    };
    await connect();
    return async () => {
      stopped = true;
      if (client) {
        open.delete(client);
        await client.end().catch(() => {});
      }
    };
  };
  const closeAll = async () => {
    closed = true;
    await Promise.all([...open].map((client) => client.end().catch(() => {})));
    open.clear();
  };
  return { listen, closeAll };
}

/**
 * `postgres://…` → PostgreSQL; `memory://` → in-memory PGlite (tests); otherwise a PGlite data directory.
 * `loadDataDir`: a PGlite tarball (from `dumpDataDir`) the embedded database starts from instead of initdb.
 */
export async function openDatabase(target: string, options: { loadDataDir?: string } = {}): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const size = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const raw = new pg.Pool({ connectionString: target, max: size });
    // An idle client whose connection ends (a database restart) is an 'error' on the pool: without a listener
    // Node ends the process. The pool has already dropped that client; the next request connects anew.
    raw.on('error', (error) => console.warn(`PostgreSQL: an idle connection ended (${(error as { code?: string }).code ?? error.message}); it is replaced on next use.`));
    const pool = fairPostgresPool(raw, size);
    const listener = postgresListener(target);
    const watches = new Set<Watch>();
    const watch: Database['watch'] = async (channel, handlers) => {
      const started = postgresWatch(target, channel, handlers);
      watches.add(started);
      return started;
    };
    const closeAll = async () => {
      await Promise.all([listener.closeAll(), ...[...watches].map((w) => w.stop())]);
    };
    return database('postgres', new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), { listen: listener.listen, watch }, closeAll);
  }
  const db = await startEmbeddedThread(target, options.loadDataDir);
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(db) }) });
  // One session: LISTEN goes through the pool (never inside someone's transaction), and PGlite hands
  // every notification of that session to its callbacks.
  const listen: Listen = async (channel, onNotify) => {
    await kysely.executeQuery(CompiledQuery.raw(`LISTEN "${channel.replaceAll('"', '""')}"`, []));
    const off = db.onNotification((from, payload) => from === channel && onNotify(payload));
    return async () => off();
  };
  // Notifications reach the callbacks (queued as microtasks) before the writer's COMMIT resolves.
  const watch: Database['watch'] = async (channel, handlers) => {
    const stop = await listen(channel, handlers.onNotify);
    return { fence: async () => true, stop };
  };
  return database('pglite', kysely, { listen, watch, dumpDataDir: () => db.dumpDataDir() });
}
