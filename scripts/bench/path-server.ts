// The server `npm run bench` measures the request path against: the full API, plus the same
// insurers list behind a bare Hono handler and behind each stage of the full path on its own, so
// the cost of every stage is the difference between two routes of one process on one database.
// Bench-only: never mounted by server/main.ts.
import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { readConfig } from '../../server/config.ts';
import { createServer } from '../../server/server.ts';
import { listRows, present } from '../../server/http/define-resource.ts';
import { insurers } from '../../server/insurers/handlers.ts';
import { recordAudit } from '../../server/audit.ts';

const config = readConfig();
const { api, db, deps } = await createServer(config, { databaseTarget: process.env.BENCH_DATABASE ?? 'memory://', seed: true });

// The same rows for the outside floor (floor-server.ts), which loads them into a process of its own.
if (process.env.BENCH_FLOOR_DUMP && db.dumpDataDir) fs.writeFileSync(process.env.BENCH_FLOOR_DUMP, await db.dumpDataDir());

const query = { page: 1, pageSize: 20, sort: 'name' };
const list = async () => {
  const { rows, total, totalIsLowerBound } = await listRows(insurers, db, query);
  return { items: await present(insurers, db, rows), total, totalIsLowerBound, ...query };
};
const token = (c: Context) => c.req.header('authorization')?.slice('Bearer '.length) ?? '';

const app = new Hono();
app.get('/bare/list', async (c) => c.json(await list()));
app.get('/bare/auth', async (c) => {
  const user = await deps.sessions.authenticate(token(c));
  if (!user) return c.body(null, 401);
  return c.json(await list());
});
app.get('/bare/audit', async (c) => {
  const body = await list();
  await recordAudit(db, { userId: 1, action: 'LIST', entityType: 'insurer', result: 'ALLOWED', ip: '127.0.0.1', userAgent: 'bench', detail: { q: null, page: 1 } });
  return c.json(body);
});
app.route('/', api);

serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, () => console.log('ready'));
