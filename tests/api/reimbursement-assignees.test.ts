import { beforeAll, describe, expect, it } from 'vitest';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, claimInReview, expectProblem, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Issue 9: a supervisor reassigns a reimbursement from the UI, choosing among the users who may review it
 * (GET /api/reimbursements/{id}/assignees): active holders of reimbursements:approve, its creator excepted; a
 * reviewer who is not a supervisor may only take it, so they are offered themselves alone.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let admin: string;

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  admin = await signIn('admin@demo.local');
});

async function claim() {
  const { patientId } = await patientOnOwnPolicy(server.db);
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: serviceDate } });
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
  const [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  return claimInReview({ analyst, auditor }, { verificationId: verification.body.id, doctorId, invoiceDate: serviceDate, lines: [{ procedureCode: 'D0120', serviceDate, chargedCents: 6000 }] });
}

describe('eligible assignees of a reimbursement (issue 9)', () => {
  it('lists for a supervisor the active users who may review it, by name, without its creator; another reviewer only themselves; the supervisor assigns one', async () => {
    const record = await claim();
    const expected = await server.db.query<{ id: number; name: string }>(
      `SELECT u.id, u.name FROM users u
        WHERE u.active AND u.id <> $1
          AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission = 'reimbursements:approve')
        ORDER BY u.name, u.id`,
      [record.createdBy],
    );
    const listed = await call('GET', `/api/reimbursements/${record.id}/assignees`, { token: supervisor });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items).toEqual(expected);
    const names = listed.body.items.map((u: { name: string }) => u.name);
    const [{ name: auditorName, id: auditorId }] = await server.db.query<{ id: number; name: string }>(`SELECT id, name FROM users WHERE email = 'auditor@demo.local'`);
    const [{ name: treasuryName }] = await server.db.query<{ name: string }>(`SELECT name FROM users WHERE email = 'tesoreria@demo.local'`);
    const [{ name: analystName }] = await server.db.query<{ name: string }>(`SELECT name FROM users WHERE email = 'analista@demo.local'`);
    expect(names).toContain(auditorName);
    expect(names).not.toContain(treasuryName);
    expect(names).not.toContain(analystName);

    // A deactivated reviewer is no longer offered.
    await server.db.query(`UPDATE users SET active = false WHERE id = $1`, [auditorId]);
    expect((await call('GET', `/api/reimbursements/${record.id}/assignees`, { token: supervisor })).body.items.map((u: { id: number }) => u.id)).not.toContain(auditorId);
    await server.db.query(`UPDATE users SET active = true WHERE id = $1`, [auditorId]);

    // Another reviewer may only take it: the auditor is offered themselves, the analyst who made it nobody.
    expect((await call('GET', `/api/reimbursements/${record.id}/assignees`, { token: auditor })).body.items).toEqual([{ id: auditorId, name: auditorName }]);
    expect((await call('GET', `/api/reimbursements/${record.id}/assignees`, { token: analyst })).body.items).toEqual([]);

    const assigned = await sendEvent('reimbursements', record.id, { type: 'ASSIGN', assigneeId: auditorId }, supervisor);
    expect(assigned.body).toMatchObject({ assigneeId: auditorId, assigneeName: auditorName });
    const list = await call('GET', `/api/reimbursements?assigneeId=${auditorId}&pageSize=100`, { token: supervisor });
    expect(list.body.items.map((r: { id: number }) => r.id)).toContain(record.id);
  });

  it('says on the record and on its list row whether the reader may hand it to someone else: a supervisor while it can be assigned, never a reviewer who may only take it', async () => {
    const record = await claim();
    const row = async (token: string) => (await call('GET', `/api/reimbursements?q=${record.folio}&pageSize=100`, { token })).body.items.find((r: { id: number }) => r.id === record.id);
    const detail = async (token: string) => (await call('GET', `/api/reimbursements/${record.id}`, { token })).body;
    expect((await detail(supervisor)).reassignable).toBe(true);
    expect((await row(supervisor)).reassignable).toBe(true);
    // The auditor may take it (ASSIGN offered with themselves) but not hand it on.
    const byAuditor = await detail(auditor);
    expect(byAuditor.allowedEvents).toContain('ASSIGN');
    expect(byAuditor.reassignable).toBe(false);
    expect((await row(auditor)).reassignable).toBe(false);
    expect((await detail(analyst)).reassignable).toBe(false);

    // Closed, it is nobody's to hand on.
    expect((await sendEvent('reimbursements', record.id, { type: 'REJECT', reasonCode: '35', reason: 'Tratamiento estético' }, auditor)).status).toBe(200);
    const closed = await detail(supervisor);
    expect(closed.state).toBe('rejected');
    expect(closed.allowedEvents).not.toContain('ASSIGN');
    expect(closed.reassignable).toBe(false);
  });

  it('is asked with the right to decide on reimbursements: treasury is refused; an unknown reimbursement is 404', async () => {
    const record = await claim();
    expectProblem(await call('GET', `/api/reimbursements/${record.id}/assignees`, { token: treasury }), 403, 'auth.forbidden');
    expectProblem(await call('GET', '/api/reimbursements/999999/assignees', { token: supervisor }), 404, 'reimbursement.notFound');
  });
});
