import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../../server/scheduler.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, sendEvent, signIn, useServer, verifiedForFreshPatient } from './helpers.ts';

const server = useServer({}, () => '2026-11-21');
let admin: string;
let analyst: string;
let doctorId: number;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  analyst = await signIn('analista@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

const stateOf = async (table: 'verifications' | 'reimbursements', id: number) =>
  (await server.db.query<{ state: string; reason: string | null }>(`SELECT state, reason FROM ${table} WHERE id = $1`, [id]))[0];

/** A benefits verification verified today through the API, for a patient alone on a policy that ends on `policyEndsOn`. */
async function verifiedUntilPolicyEnds(policyEndsOn: string): Promise<number> {
  const { patientId, policyId } = await patientOnOwnPolicy(server.db);
  await server.db.query('UPDATE policies SET ends_on = $2 WHERE id = $1', [policyId, policyEndsOn]);
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-25' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const done = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-SCHED-${patientId}` }, admin);
  expect(done.body.state, JSON.stringify(done.body)).toBe('verified');
  return created.body.id;
}

// A day's run happens once, and it acts on every record due: each test runs the jobs on days of its own (the cure
// period on Dec 1–2, the validities on Dec 6, the resumed run on Jan 1) and makes the records it follows.
describe('daily scheduler', () => {
  it('rejects a reimbursement whose cure period ended without the documents (reason 32)', async () => {
    const verificationId = await verifiedForFreshPatient('SCHED', { token: admin, serviceDate: '2026-11-21' });
    const created = await call('POST', '/api/reimbursements', {
      token: analyst,
      body: { verificationId, doctorId, invoiceNumber: 'F-SCHED-32', invoiceDate: '2026-11-21', lines: [{ procedureCode: 'D1110', serviceDate: '2026-11-21', chargedCents: 30000 }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Submitted without its documents: returned to the claimant, with the cure period running.
    expect((await sendEvent('reimbursements', created.body.id, { type: 'SUBMIT' }, analyst)).body.state).toBe('needsDocuments');
    const [returned] = await server.db.query<{ id: number; cure_deadline: string }>(`SELECT id, cure_deadline::text AS cure_deadline FROM reimbursements WHERE id = $1`, [created.body.id]);
    expect(returned.cure_deadline).toBe('2026-12-01');
    await runDailyJobs(server.db, '2026-12-01');
    expect((await stateOf('reimbursements', returned.id)).state).toBe('needsDocuments');
    const [{ n: ended }] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reimbursements WHERE state = 'needsDocuments' AND cure_deadline < '2026-12-02'`);
    const sent = await runDailyJobs(server.db, '2026-12-02');
    expect(sent['reimbursement.curePeriodEnded']).toBe(ended);
    expect(await stateOf('reimbursements', returned.id)).toEqual({ state: 'rejected', reason: '32' });
  });

  it('expires verifications past their validity, once a day, idempotently', async () => {
    // Valid until its policy ends (Dec 5), before any verification made today (30 days, Dec 21) or by the demo.
    const ending = await verifiedUntilPolicyEnds('2026-12-05');
    const lasting = await verifiedForFreshPatient('SCHED', { token: admin, serviceDate: '2026-11-25' });
    const verified = await server.db.query<{ id: number; valid_until: string }>(`SELECT id, valid_until::text AS valid_until FROM verifications WHERE state = 'verified' ORDER BY valid_until`);
    const first = verified[0];
    expect(first).toEqual({ id: ending, valid_until: '2026-12-05' });
    // The day after the earliest validity ends, only that one (and any sharing its date) expires.
    const day = new Date(Date.parse(first.valid_until) + 86_400_000).toISOString().slice(0, 10);
    const sent = await runDailyJobs(server.db, day);
    const expected = verified.filter((v) => v.valid_until < day).length;
    expect(sent['verification.expire']).toBe(expected);
    expect(await stateOf('verifications', first.id)).toMatchObject({ state: 'expired' });
    expect((await stateOf('verifications', lasting)).state).toBe('verified');

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
