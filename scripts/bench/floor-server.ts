// The request path's outside floor (issue 25 item 10): a process of its own serving the insurers page the full
// path serves (count + 20 rows, sort=name, the same list code) with bare Hono on PGlite in this process, with no
// thread, session, permission, validation or audit. It loads the data directory path-server.ts dumped, so both
// read the same rows. Bench-only.
import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pglitePool } from '../../server/db/pglite-pool.ts';
import type { DB, Queryable } from '../../server/db/database.ts';
import { listRows, present } from '../../server/http/define-resource.ts';
import { insurers } from '../../server/insurers/handlers.ts';

const pglite = new PGlite({ extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(process.env.BENCH_FLOOR_DUMP!)]) });
const session = {
  query: async (sql: string, params: unknown[]) => {
    const result = await pglite.query(sql, params);
    return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
  },
  exec: async (sql: string) => (await pglite.exec(sql)).map((result) => ({ rows: result.rows, affectedRows: result.affectedRows ?? 0 })),
  onNotification: () => () => {},
  dumpDataDir: async () => new Uint8Array(),
  close: () => pglite.close(),
};
const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(session as never) }) });
const db: Queryable = {
  kysely,
  query: async (sql, params = []) => (await kysely.executeQuery(CompiledQuery.raw(sql, params))).rows as never,
  exec: async (sql) => void (await kysely.executeQuery(CompiledQuery.raw(sql, []))),
};

const query = { page: 1, pageSize: 20, sort: 'name' };
const app = new Hono();
app.get('/floor/list', async (c) => {
  const { rows, total, totalIsLowerBound } = await listRows(insurers, db, query);
  return c.json({ items: await present(insurers, db, rows), total, totalIsLowerBound, ...query });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'));
