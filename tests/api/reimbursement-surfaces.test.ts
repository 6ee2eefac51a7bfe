import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';

const server = useServer({}, () => '2026-11-21');
let analyst: string;
let admin: string;
let doctorId: number;
let verificationId: number;

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  const [patient] = await server.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN policies po ON po.id = p.policy_id
      WHERE po.state = 'ACTIVE' AND p.birth_date < '2000-01-01'
        AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.patient_id = p.id AND v.state IN ('pending', 'inProgress', 'needsInfo'))
      ORDER BY p.id LIMIT 1`,
  );
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
  verificationId = created.body.id;
});

const body = (surfaces: unknown) => ({
  verificationId,
  doctorId,
  invoiceNumber: 'F-7001',
  invoiceDate: '2026-11-18',
  lines: [{ procedureCode: 'D2391', tooth: '16', surfaces, serviceDate: '2026-11-18', chargedCents: 12000 }],
});

describe('tooth surfaces on reimbursement lines', () => {
  it('keeps the surfaces typed with the tooth, through create, read and update', async () => {
    const created = await call('POST', '/api/reimbursements', { token: analyst, headers: { 'Idempotency-Key': 'surfaces-0001' }, body: body('MOD') });
    expect(created.status).toBe(201);
    expect(created.body.lines[0]).toMatchObject({ tooth: '16', surfaces: 'MOD' });
    const read = await call('GET', `/api/reimbursements/${created.body.id}`, { token: analyst });
    expect(read.body.lines[0].surfaces).toBe('MOD');
    const { verificationId: _, ...update } = body('O');
    const updated = await call('PUT', `/api/reimbursements/${created.body.id}`, { token: analyst, body: { ...update, version: read.body.version } });
    expect(updated.status).toBe(200);
    expect(updated.body.lines[0].surfaces).toBe('O');
  });

  it('refuses surfaces that are not tooth surfaces, naming the field', async () => {
    const refused = await call('POST', '/api/reimbursements', { token: analyst, body: body('XYZ') });
    expect(fieldErrors(expectProblem(refused, 400, 'request.invalid'))).toEqual(['body/lines/0/surfaces pattern']);
  });
});
