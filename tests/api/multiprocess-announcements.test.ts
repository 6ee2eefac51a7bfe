import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres } from './postgres-cluster.ts';
import { startCluster, type ApiProcess } from './multiprocess.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/*
 * Announcement publication windows move on a timer in every API process, each time slot claimed by one
 * process: a scheduled announcement is published when its window opens and archived when it closes
 * without anybody reading the announcements, and each move happens once with two processes running (each slot is claimed by one of them).
 */
const ENV = { ANNOUNCEMENT_TIMER_MS: '500' };
const requireDb = process.env.CI === 'true' || hasPostgres;
const suite = requireDb ? describe : describe.skip;

suite('announcement windows on a timer across API processes', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let sql: pg.Client;
  let a: ApiProcess;

  beforeAll(async () => {
    cluster = await startCluster(2, ENV);
    [a] = cluster.processes as [ApiProcess];
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
  }, hangLimit(240_000));
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  });

  const stateOf = async (id: number) => (await sql.query(`SELECT state FROM announcements WHERE id = $1`, [id])).rows[0].state as string;
  const waitForState = async (id: number, state: string, timeoutMs = hangLimit(20_000)) => {
    const deadline = Date.now() + timeoutMs;
    while ((await stateOf(id)) !== state) {
      if (Date.now() > deadline) throw new Error(`announcement ${id} never reached ${state} (is ${await stateOf(id)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a scheduled announcement is published when its window opens and archived when it closes, once each, with nobody reading', async () => {
    const admin = await a.signIn('admin@demo.local');
    // The database clock decides; the window opens 3 s and closes 6 s from now (on a quiet machine: the announcement
    // must be scheduled before it opens).
    const [opens, closes] = [hangLimit(3_000), hangLimit(6_000)];
    const now = new Date((await sql.query(`SELECT now() AS t`)).rows[0].t).getTime();
    const created = await a.call('POST', '/api/announcements', {
      token: admin,
      body: { title: 'Mantención programada', body: '<p>El panel se detiene a las 22:00.</p>', priority: 'normal', audience: 'everyone', publishFrom: new Date(now + opens).toISOString(), publishUntil: new Date(now + closes).toISOString() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scheduled = await a.call('POST', `/api/announcements/${created.body.id}/events`, { token: admin, body: { type: 'PUBLISH', version: created.body.version } });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.state).toBe('scheduled');

    // From here on only the database is read: no request could move the announcement on read.
    await waitForState(created.body.id, 'published');
    expect(Date.now()).toBeGreaterThanOrEqual(now + opens - 1_000);
    await waitForState(created.body.id, 'archived');

    const moves = (await sql.query(`SELECT event, to_state FROM workflow_history WHERE entity_type = 'announcement' AND entity_id = $1 ORDER BY id`, [created.body.id])).rows;
    expect(moves).toEqual([
      { event: 'PUBLISH', to_state: 'scheduled' },
      { event: 'WINDOW_OPENED', to_state: 'published' },
      { event: 'WINDOW_CLOSED', to_state: 'archived' },
    ]);
    // Each slot was run by one process only, and the timer made exactly these two moves since the announcement was created.
    const slots = (await sql.query(`SELECT slot FROM timer_runs WHERE job = 'announcements.window'`)).rows as { slot: Date }[];
    expect(slots.length).toBeGreaterThan(4);
    expect(new Set(slots.map((s) => s.slot.getTime())).size).toBe(slots.length);
    const moved = (await sql.query(`SELECT coalesce(sum(events_sent), 0)::int AS n FROM timer_runs WHERE job = 'announcements.window' AND started_at > $1`, [new Date(now)])).rows[0].n;
    expect(moved).toBe(2);
  }, hangLimit(120_000));
});
