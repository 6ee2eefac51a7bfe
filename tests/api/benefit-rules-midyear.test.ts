import { beforeAll, describe, expect, it } from 'vitest';
import { attachToReimbursement, call, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Issue 24 items 2 and 4 through the API. A category's use in a year is what its lines used, whatever the rules
 * were when they were paid: a category maximum added mid-year sees the whole year. A category with its own
 * deductible counts it on its own counter (ledger DEDUCTIBLE_<category>), shown on the patient view beside the general one.
 */
const today = '2026-11-21';
const server = useServer({}, () => today);

type Line = { status: string; reason?: string; deductibleCents: number; coveredCents: number; excessCents: number };

let admin: string;
let analyst: string;
let supervisor: string;
let auditor: string;
let treasury: string;
let insurerId: number;
let holderId: number;
let doctorId: number;
let sequence = 0;

beforeAll(async () => {
  [admin, analyst, supervisor, auditor, treasury] = await Promise.all(['admin', 'analista', 'supervisor', 'auditor', 'tesoreria'].map((u) => signIn(`${u}@demo.local`)));
  [{ id: insurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  [{ id: holderId }] = await server.db.query<{ id: number }>(`SELECT id FROM policyholders WHERE kind = 'PERSON' ORDER BY id LIMIT 1`);
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

const terms = (number: string, benefitRules: Record<string, unknown>[]) => ({
  insurerId,
  number,
  kind: 'FAMILY',
  planName: 'Dental Mitad de Año',
  issuedOn: '2025-12-15',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  benefitRules,
});

/** An active policy with `rules`, an adult enrolled past every waiting period, and a granted pre-authorisation. */
async function coveredBy(rules: Record<string, unknown>[]) {
  const number = `POL-MID-${++sequence}`;
  const policy = await call('POST', '/api/policies', { token: admin, body: { policyholderId: holderId, ...terms(number, rules) } });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  expect((await sendEvent('policies', policy.body.id, { type: 'ACTIVATE' }, admin)).body.state).toBe('active');
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, prior_coverage_months, document_type, document_number)
     VALUES ($1, 'OTHER_DEPENDENT', 'Prueba', 'Mitad', '1980-05-05', '2026-01-01', 24, 'DNI', $2) RETURNING id`,
    [policy.body.id, `MID-${policy.body.id}`],
  );
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  expect(verification.status, JSON.stringify(verification.body)).toBe(201);
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-MID-${policy.body.id}` }, admin);
  return { policyId: policy.body.id as number, number, patientId: patient!.id, verificationId: verification.body.id as number };
}

/** A reimbursement of `lines`, its liquidation as previewed, then (when `pay`) approved and paid. */
async function claim(verificationId: number, lines: Record<string, unknown>[], settle: 'approve' | 'pay' | null) {
  const created = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId, doctorId, invoiceNumber: `F-MID-${++sequence}`, invoiceDate: '2026-11-18', lines: lines.map((l) => ({ serviceDate: '2026-11-18', ...l })) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const preview = await call('GET', `/api/reimbursements/${id}/liquidation`, { token: analyst });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  if (settle) {
    for (const documentType of created.body.missingDocuments as string[]) await attachToReimbursement(analyst, id, documentType);
    expect((await sendEvent('reimbursements', id, { type: 'SUBMIT' }, analyst)).status).toBe(200);
    await sendEvent('reimbursements', id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    expect((await sendEvent('reimbursements', id, { type: 'APPROVE' }, supervisor)).body.state).toMatch(/approved|partiallyApproved/);
    if (settle === 'pay') expect((await sendEvent('reimbursements', id, { type: 'PAY', reference: `TRF-MID-${id}`, reason: 'Pago excepcional' }, treasury)).body.state).toBe('paid');
  }
  return { id, lines: preview.body.lines as Line[] };
}
const outcome = (l: Line) => [l.status, l.reason ?? null, l.deductibleCents, l.coveredCents];

async function ledger(patientId: number) {
  const rows = await server.db.query<{ kind: string; status: string; cents: number }>(
    `SELECT kind, status, sum(amount_cents)::int AS cents FROM benefit_ledger WHERE patient_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [patientId],
  );
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.status}`, r.cents]));
}

describe('a category maximum added during the benefit year', () => {
  it('counts what the category paid before it existed', async () => {
    const covered = await coveredBy([]);
    // (1,600.00 − 50.00) × 50 % = 775.00 of major care, paid while no category maximum was set.
    const first = await claim(covered.verificationId, [{ procedureCode: 'D2740', tooth: '16', chargedCents: 160_000 }], 'pay');
    expect(first.lines.map(outcome)).toEqual([['APPROVED', null, 5_000, 77_500]]);
    expect(await ledger(covered.patientId)).toMatchObject({ 'CATEGORY_MAJOR:SETTLED': 77_500, 'ANNUAL_MAXIMUM:SETTLED': 77_500 });

    // Major care is then capped at 500.00 a year: the year already used 775.00 of it.
    const [policy] = await server.db.query<{ version: number }>(`SELECT version FROM policies WHERE id = $1`, [covered.policyId]);
    const changed = await call('PUT', `/api/policies/${covered.policyId}`, {
      token: admin,
      body: { ...terms(covered.number, [{ kind: 'MAXIMUM', category: 'MAJOR', amount: '500.00', level: 'INDIVIDUAL' }]), version: policy!.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const second = await claim(covered.verificationId, [{ procedureCode: 'D2740', tooth: '26', chargedCents: 160_000 }, { procedureCode: 'D2140', tooth: '36', chargedCents: 10_000 }], null);
    // The next crown finds major care used up (30); a filling still draws on the annual maximum.
    expect(second.lines.map(outcome)).toEqual([
      ['REJECTED', '30', 0, 0],
      ['APPROVED', null, 0, 8_000],
    ]);
  });

  it('a maximum lowered between two payments sees both', async () => {
    const covered = await coveredBy([{ kind: 'MAXIMUM', category: 'MAJOR', amount: '1000.00', level: 'INDIVIDUAL' }]);
    await claim(covered.verificationId, [{ procedureCode: 'D2740', tooth: '16', chargedCents: 100_000 }], 'pay');
    // 475.00 paid; the maximum goes down to 600.00: 125.00 left.
    const [policy] = await server.db.query<{ version: number }>(`SELECT version FROM policies WHERE id = $1`, [covered.policyId]);
    const changed = await call('PUT', `/api/policies/${covered.policyId}`, {
      token: admin,
      body: { ...terms(covered.number, [{ kind: 'MAXIMUM', category: 'MAJOR', amount: '600.00', level: 'INDIVIDUAL' }]), version: policy!.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const second = await claim(covered.verificationId, [{ procedureCode: 'D2740', tooth: '26', chargedCents: 100_000 }], null);
    expect(second.lines.map((l) => [...outcome(l), l.excessCents])).toEqual([['APPROVED', null, 0, 12_500, 37_500]]);
  });
});

describe('a category with its own deductible', () => {
  it('counts it on its own ledger kind, leaves the general deductible whole, and the patient view shows both', async () => {
    const covered = await coveredBy([{ kind: 'DEDUCTIBLE', category: 'MAJOR', amount: '100.00', level: 'INDIVIDUAL' }]);
    const crown = await claim(covered.verificationId, [{ procedureCode: 'D2740', tooth: '16', chargedCents: 100_000 }, { procedureCode: 'D2140', tooth: '36', chargedCents: 10_000 }], 'approve');
    // The crown takes MAJOR's 100.00; the filling still takes the general 50.00.
    expect(crown.lines.map(outcome)).toEqual([
      ['APPROVED', null, 10_000, 45_000],
      ['APPROVED', null, 5_000, 4_000],
    ]);
    expect(await ledger(covered.patientId)).toMatchObject({ 'DEDUCTIBLE_MAJOR:RESERVED': 10_000, 'DEDUCTIBLE:RESERVED': 5_000 });
    const overview = await call('GET', `/api/patients/${covered.patientId}/overview`, { token: admin });
    expect(overview.status).toBe(200);
    expect(overview.body.benefits.deductible).toEqual({ limitCents: 5_000, usedCents: 5_000, remainingCents: 0 });
    expect(overview.body.benefits.categoryDeductibles).toEqual([
      { category: 'MAJOR', individual: { limitCents: 10_000, usedCents: 10_000, remainingCents: 0 }, family: { limitCents: 15_000, usedCents: 10_000, remainingCents: 5_000 } },
    ]);
  });
});
