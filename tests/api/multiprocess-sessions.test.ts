import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/passwords.ts';
import { hasPostgres } from './postgres-cluster.ts';
import { startCluster, type ApiProcess } from './multiprocess.ts';
import { sessionCacheCases } from './session-cache-cases.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/*
 * Sessions kept in memory by several API processes on one PostgreSQL: a change made through process A's
 * API or by an operator's SQL reaches process B's memory through migration 021's notifications, and B
 * waits for its fence (every notification committed before the request) before it trusts its memory.
 */
const requireDb = process.env.CI === 'true' || hasPostgres;
const suite = requireDb ? describe : describe.skip;

suite('sessions kept in memory across API processes', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let sql: pg.Client;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.processes as [ApiProcess, ApiProcess];
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
  }, hangLimit(240_000));
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  });

  sessionCacheCases({
    writer: () => a,
    reader: () => b,
    sql: async (text, params) => (await sql.query(text, params as unknown[])).rows,
  });

  // The run's PostgreSQL server is shared by the files running beside this one: only this database's listeners count.
  const listeners = async () => (await sql.query(`SELECT pid FROM pg_stat_activity WHERE application_name = 'session-watch' AND datname = current_database()`)).rows.length;
  const waitFor = async (what: string, probe: () => Promise<boolean>) => {
    const deadline = Date.now() + hangLimit(30_000);
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a killed listener connection lets no revoked token through, and revocations are heard again once it is back', async () => {
    await waitFor('both listeners', async () => (await listeners()) === 2);
    const tokens = [await b.signIn('consulta@demo.local'), await b.signIn('consulta@demo.local')];
    for (const token of tokens) expect((await b.call('GET', '/api/patients', { token })).status).toBe(200);

    // The listeners die and, before any process can notice, the first token is revoked: nobody hears it.
    await sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'session-watch' AND datname = current_database()`);
    await sql.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(tokens[0])]);
    expect((await b.call('GET', '/api/patients', { token: tokens[0] })).status).toBe(401);
    expect((await b.call('GET', '/api/patients', { token: tokens[1] })).status).toBe(200);

    // Back and listening: a session served from memory again, and a revocation heard again.
    await waitFor('the listeners back', async () => (await listeners()) === 2);
    expect((await b.call('GET', '/api/patients', { token: tokens[1] })).status).toBe(200);
    await sql.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(tokens[1])]);
    expect((await b.call('GET', '/api/patients', { token: tokens[1] })).status).toBe(401);
  });
});
