import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../server/scheduler.ts';
import { call, signIn, useServer } from './helpers.ts';

const server = useServer({}, () => '2026-11-21');
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

const stateOf = async (table: 'verifications' | 'reimbursements', id: number) =>
  (await server.db.query<{ state: string; reason: string | null }>(`SELECT state, reason FROM ${table} WHERE id = $1`, [id]))[0];

// Runs move forward in time: the cure period first (Dec 1–2), then the validities (December).
describe('daily scheduler', () => {
  it('rejects a reimbursement whose cure period ended without the documents (reason 32)', async () => {
    const [returned] = await server.db.query<{ id: number; cure_deadline: string }>(
      `SELECT id, cure_deadline::text AS cure_deadline FROM reimbursements WHERE state = 'needsDocuments' ORDER BY id LIMIT 1`,
    );
    expect(returned.cure_deadline).toBe('2026-12-01');
    await runDailyJobs(server.db, '2026-12-01');
    expect((await stateOf('reimbursements', returned.id)).state).toBe('needsDocuments');
    const sent = await runDailyJobs(server.db, '2026-12-02');
    expect(sent['reimbursement.curePeriodEnded']).toBe(1);
    expect(await stateOf('reimbursements', returned.id)).toEqual({ state: 'rejected', reason: '32' });
  });

  it('expires verifications past their validity, once a day, idempotently', async () => {
    const verified = await server.db.query<{ id: number; valid_until: string }>(`SELECT id, valid_until::text AS valid_until FROM verifications WHERE state = 'verified' ORDER BY valid_until`);
    const first = verified[0];
    // The day after the earliest validity ends, only that one (and any sharing its date) expires.
    const day = new Date(Date.parse(first.valid_until) + 86_400_000).toISOString().slice(0, 10);
    const sent = await runDailyJobs(server.db, day);
    const expected = verified.filter((v) => v.valid_until < day).length;
    expect(sent['verification.expire']).toBe(expected);
    expect(await stateOf('verifications', first.id)).toMatchObject({ state: 'expired' });
    const untouched = verified.find((v) => v.valid_until >= day);
    if (untouched) expect((await stateOf('verifications', untouched.id)).state).toBe('verified');

    // The same day again: the run is claimed already; nothing is sent twice.
    expect(await runDailyJobs(server.db, day)).toEqual({});
    const history = await call('GET', `/api/verifications/${first.id}/history`, { token: admin });
    expect(history.body.items.filter((h: { event: string }) => h.event === 'EXPIRE')).toEqual([
      expect.objectContaining({ fromState: 'verified', toState: 'expired', actorId: null }),
    ]);
  });

  it('resumes a run that died half-way, but not one still running', async () => {
    await server.db.query(`INSERT INTO scheduled_runs (job, run_on, started_at) VALUES ('verification.expire', '2027-01-01', now() - interval '1 hour')`);
    await server.db.query(`INSERT INTO scheduled_runs (job, run_on, started_at) VALUES ('reimbursement.curePeriodEnded', '2027-01-01', now())`);
    const sent = await runDailyJobs(server.db, '2027-01-01');
    expect(Object.keys(sent)).toContain('verification.expire');
    expect(Object.keys(sent)).not.toContain('reimbursement.curePeriodEnded');
  });
});
