import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { hasPostgres } from './postgres-cluster.ts';
import { startCluster, type ApiProcess } from './multiprocess.ts';
import { parseCsv } from '../support/csv.ts';
import { JOBS } from '../../server/scheduler.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/*
 * Several API processes on one PostgreSQL: nothing a request or a background job needs may live in one
 * process's memory. Two real `server/main.ts` processes (as `npm start` runs them) share a throw-away
 * PostgreSQL 15; exports are cut into small slow pages so a job is still running when its process is killed.
 */
const ENV = { EXPORT_POLL_MS: '200', EXPORT_LEASE_SECONDS: '3', EXPORT_PAGE_SIZE: '3', EXPORT_PAGE_PAUSE_MS: '250' };

const requireDb = process.env.CI === 'true' || hasPostgres;
const suite = requireDb ? describe : describe.skip;

suite('several API processes on one PostgreSQL', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let sql: pg.Client;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    cluster = await startCluster(2, ENV);
    [a, b] = cluster.processes as [ApiProcess, ApiProcess];
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
  }, hangLimit(240_000));
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  });

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = hangLimit(60_000)): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const job = async (id: number) => (await sql.query(`SELECT state, attempts, claimed_by, rows_done FROM export_jobs WHERE id = $1`, [id])).rows[0];

  it('a session made on one process is valid on the other, and a logout on either ends it on both', async () => {
    const token = await a.signIn('supervisor@demo.local');
    expect((await b.call('GET', '/api/me', { token })).status).toBe(200);
    expect((await b.call('POST', '/api/logout', { token })).status).toBeLessThan(300);
    expect((await a.call('GET', '/api/me', { token })).status).toBe(401);
    expect((await b.call('GET', '/api/me', { token })).status).toBe(401);
  });

  it('runs every export job exactly once, whichever process queued it', async () => {
    // Two requesters, three jobs each: a user may have at most 5 exports queued or running.
    const tokens = [await a.signIn('admin@demo.local'), await b.signIn('supervisor@demo.local')];
    const columns = [{ field: 'code', label: 'Código' }];
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const via = i % 2 ? b : a;
      const created = await via.call('POST', '/api/downloads', { token: tokens[i % 2], body: { list: 'insurers', format: 'csv', columns } });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      ids.push(created.body.id);
    }
    await waitFor('all jobs completed', async () => (await sql.query(`SELECT count(*)::int AS n FROM export_jobs WHERE id = ANY($1) AND state = 'completed'`, [ids])).rows[0].n === ids.length, 120_000);
    const rows = (await sql.query(`SELECT id, attempts, claimed_by FROM export_jobs WHERE id = ANY($1) ORDER BY id`, [ids])).rows;
    expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    // Each finished once: one completion audit row per job.
    const finished = (await sql.query(`SELECT entity_id, count(*)::int AS n FROM audit_log WHERE entity_type = 'download' AND action = 'CREATE' AND detail ? 'rows' AND entity_id = ANY($1) GROUP BY entity_id`, [ids.map(String)])).rows;
    expect(finished.map((r) => r.n)).toEqual(ids.map(() => 1));
    // Each was claimed by one of the two processes (which one is up to SKIP LOCKED and the poll timing).
    const pids = new Set(rows.map((r) => Number(String(r.claimed_by).split(':').pop())));
    expect([...pids].every((pid) => pid === a.child.pid || pid === b.child.pid)).toBe(true);
  }, hangLimit(180_000));

  it('a job whose process is killed mid-export is finished by the other, whole and once', async () => {
    const token = await b.signIn('admin@demo.local');
    const columns = [{ field: 'code', label: 'Código' }, { field: 'name', label: 'Nombre' }];
    const created = await b.call('POST', '/api/downloads', { token, body: { list: 'insurers', format: 'csv', filters: { sort: 'code' }, columns } });
    const id = created.body.id as number;
    const running = await waitFor('the job to be running with some rows done', async () => {
      const row = await job(id);
      return row.state === 'running' && row.rows_done > 0 ? row : null;
    });
    const holder = Number(String(running.claimed_by).split(':').pop());
    const [victim, survivor] = holder === a.child.pid ? [a, b] : [b, a];
    await victim.kill();

    const done = await waitFor('the survivor to finish the job', async () => {
      const row = await job(id);
      return row.state === 'completed' ? row : null;
    }, hangLimit(120_000));
    expect(done.attempts).toBe(2);
    expect(Number(String(done.claimed_by).split(':').pop())).toBe(survivor.child.pid);

    const survivorToken = await survivor.signIn('admin@demo.local');
    const file = await survivor.fetch(`/api/downloads/${id}/content`, { token: survivorToken });
    expect(file.status).toBe(200);
    const list = (await survivor.call('GET', '/api/insurers?sort=code&pageSize=100', { token: survivorToken })).body;
    const csv = parseCsv(await file.text(), ';');
    expect(csv.slice(1)).toEqual(list.items.map((i: { code: string; name: string }) => [i.code, i.name]));

    // The killed process is replaced, as an orchestrator would.
    const replacement = await cluster.add();
    cluster.processes.splice(cluster.processes.indexOf(victim), 1);
    if (victim === a) a = replacement;
    else b = replacement;
  }, hangLimit(240_000));

  it('the daily scheduler\'s jobs run once when two processes start at the same moment', async () => {
    const today = (await sql.query(`SELECT current_date::text AS d`)).rows[0].d as string;
    // Something due today for two jobs: a verified verification past its validity, an export past its expiry.
    const [verification] = (await sql.query(`SELECT id FROM verifications WHERE state = 'verified' ORDER BY id LIMIT 1`)).rows;
    await sql.query(`UPDATE verifications SET valid_until = current_date - 2 WHERE id = $1`, [verification.id]);
    const created = await a.call('POST', '/api/downloads', { token: await a.signIn('admin@demo.local'), body: { list: 'insurers', format: 'csv', columns: [{ field: 'code', label: 'Código' }] } });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const exported = { id: created.body.id as number };
    await waitFor('the export to complete', async () => (await job(exported.id)).state === 'completed');
    await sql.query(`UPDATE export_jobs SET expires_at = now() - interval '1 minute' WHERE id = $1`, [exported.id]);
    await sql.query(`DELETE FROM scheduled_runs WHERE run_on = $1`, [today]);

    const started = await Promise.all([cluster.add(), cluster.add()]);
    // The other tests count on two processes, a and b: the ones started here would claim their export jobs.
    onTestFinished(async () => {
      for (const extra of started) cluster.processes.splice(cluster.processes.indexOf(extra), 1);
      await Promise.all(started.map((extra) => extra.stop()));
    });
    // Every job of the day claimed and finished: the jobs run one after another, so a moment when the claimed ones
    // are all finished may come before the last ones are claimed.
    await waitFor('the runs of today to finish', async () => {
      const { rows } = await sql.query(`SELECT count(DISTINCT job)::int AS jobs, count(*)::int AS n, count(finished_at)::int AS done FROM scheduled_runs WHERE run_on = $1`, [today]);
      return rows[0].jobs === JOBS.length && rows[0].n === rows[0].done;
    });
    const runs = (await sql.query(`SELECT job, count(*)::int AS n FROM scheduled_runs WHERE run_on = $1 GROUP BY job`, [today])).rows;
    expect(runs.map((r) => r.n)).toEqual(runs.map(() => 1));
    expect(runs.map((r) => r.job)).toEqual(expect.arrayContaining(['verification.expire', 'downloads.expire']));
    const expiries = (await sql.query(`SELECT count(*)::int AS n FROM workflow_history WHERE entity_type = 'verification' AND entity_id = $1 AND event = 'EXPIRE'`, [verification.id])).rows[0].n;
    expect(expiries).toBe(1);
    expect((await job(exported.id)).state).toBe('expired');
  }, hangLimit(240_000));
});
