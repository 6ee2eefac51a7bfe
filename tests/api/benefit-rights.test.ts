import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { load as parseYaml } from 'js-yaml';
import type { ContractDocument } from '../../server/http/contract.ts';
import { SYSTEM_EVENT } from '@core/workflows/event-permissions.ts';
import { REIMBURSEMENT_EVENT_PERMISSIONS } from '@core/workflows/reimbursement.machine.ts';
import { attachToReimbursement, call, claimInReview, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Issue 13, items 3, 4 and 7 (B): who may send which reimbursement event, the R13 threshold, currency minor
 * units, medical-review sampling (R12), pre-authorisation (R14), rejection reason codes and the order of
 * the automatic checks (research 3.2).
 */
const now = '2026-11-21';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let admin: string;
let doctorId: number;

const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
const get = async (id: number, token: string) => (await call('GET', `/api/reimbursements/${id}`, { token })).body;

let made = 0;

/**
 * A verified verification of a new adult patient (enrolled in 2024, no history) on an active policy in
 * `currency`, so each case starts from a clean ledger whatever the others did. A pre-authorisation lets
 * lines above the R14 threshold through; a benefits verification does not.
 */
async function verifiedVerification(currency = 'EUR', kind: 'BENEFITS' | 'PREAUTHORIZATION' = 'PREAUTHORIZATION'): Promise<{ id: number; patientId: number; policyId: number; insurerId: number }> {
  made += 1;
  const [patient] = await server.db.query<{ id: number; policy_id: number; insurer_id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, document_type, document_number, credential_number)
     SELECT po.id, 'OTHER_DEPENDENT', 'Prueba', 'Derechos ' || $2::int, '1980-05-05', '2024-01-01', 'DNI', 'B13-' || $2::int, 'CRED-B13-' || $2::int
       FROM policies po JOIN insurers i ON i.id = po.insurer_id
      WHERE po.state = 'ACTIVE' AND i.currency = $1 ORDER BY po.id LIMIT 1
     RETURNING id, policy_id, (SELECT insurer_id FROM policies WHERE id = policy_id) AS insurer_id`,
    [currency, made],
  );
  expect(patient, `an active ${currency} policy`).toBeDefined();
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind, category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const verified = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-B13-${made}` }, admin);
  expect(verified.body.state, JSON.stringify(verified.body)).toBe('verified');
  return { id: created.body.id, patientId: patient!.id, policyId: patient!.policy_id, insurerId: patient!.insurer_id };
}

/** A draft with every required document attached. */
async function draft(lines: Record<string, unknown>[], currency = 'EUR', kind: 'BENEFITS' | 'PREAUTHORIZATION' = 'PREAUTHORIZATION') {
  const verification = await verifiedVerification(currency, kind);
  const response = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId: verification.id, doctorId, invoiceNumber: 'F-2001', invoiceDate: '2026-11-18', lines },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  for (const documentType of response.body.missingDocuments) expect((await attachToReimbursement(analyst, response.body.id, documentType)).status).toBe(201);
  return { ...response.body, verification } as { id: number; folio: string; currency: string; verification: Awaited<ReturnType<typeof verifiedVerification>> };
}

/** The analyst's claim on a new patient's pre-authorisation in review: the shared claimInReview. */
async function inReview(lines: Record<string, unknown>[], currency = 'EUR'): Promise<{ id: number; folio: string; currency: string }> {
  const verification = await verifiedVerification(currency);
  return claimInReview({ analyst, auditor }, { verificationId: verification.id, doctorId, invoiceNumber: 'F-2001', invoiceDate: '2026-11-18', lines });
}

const serviceDate = '2026-11-18';
const cleaning = [
  { procedureCode: 'D0120', serviceDate, chargedCents: 6000 },
  { procedureCode: 'D1110', serviceDate, chargedCents: 9000 },
];

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  admin = await signIn('admin@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

describe('per-event rights and separation of duties (research 2.12)', () => {
  it('treasury cannot approve; an analyst is not offered PAY; the approver cannot pay the claim they approved', async () => {
    const claim = await inReview(cleaning);
    const refused = expectProblem(await event(claim.id, { type: 'APPROVE' }, treasury), 403, 'auth.forbidden');
    expect(refused.detail).toContain('reimbursements:approve');
    expect((await get(claim.id, treasury)).allowedEvents).toEqual([]);
    expect((await get(claim.id, auditor)).allowedEvents).toEqual(['REQUEST_DOCUMENTS', 'APPROVE', 'REJECT', 'ASSIGN']);
    const [{ count: denials }] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log WHERE action = 'ACCESS_DENIED' AND entity_type = 'reimbursement' AND detail->>'event' = 'APPROVE'`,
    );
    expect(denials).toBeGreaterThan(0);

    // The administrator holds every right, so only the approver-is-not-payer guard stops them paying.
    expect((await event(claim.id, { type: 'APPROVE' }, admin)).body.state).toBe('approved');
    expect((await get(claim.id, analyst)).allowedEvents).not.toContain('PAY');
    expect((await get(claim.id, treasury)).allowedEvents).toEqual(['PAY']);
    expect((await get(claim.id, admin)).allowedEvents).toEqual([]);
    expectProblem(await event(claim.id, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, analyst), 403, 'auth.forbidden');
    const own = expectProblem(await event(claim.id, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, admin), 409, 'reimbursement.payerIsApprover');
    expect(own.detail).toBe('Whoever approved the reimbursement cannot pay it (separation of duties).');
    expect((await event(claim.id, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, treasury)).body.state).toBe('paid');
  });

  it('R13: a payable amount of exactly 1,000.00 needs the right to approve above the threshold', async () => {
    const claim = await inReview([{ procedureCode: 'D1110', serviceDate, chargedCents: 100_000 }]);
    // Every claim of 1,000.00 or more goes to the auditor (R12) first.
    expectProblem(await event(claim.id, { type: 'APPROVE' }, supervisor), 409, 'reimbursement.medicalReviewPending');
    expect((await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).status).toBe(200);
    expect((await get(claim.id, supervisor)).payableCents).toBe(100_000);
    expectProblem(await event(claim.id, { type: 'APPROVE' }, auditor), 409, 'reimbursement.aboveApprovalThreshold');
    expect((await event(claim.id, { type: 'APPROVE' }, supervisor)).body.state).toBe('approved');
  });

  it('the contract lists the permission of each event the statechart declares, from its vocabulary', () => {
    const contract = parseYaml(readFileSync('openapi/openapi.yaml', 'utf8')) as ContractDocument;
    const operation = contract.paths['/api/reimbursements/{id}/events'].post;
    // EDIT is sent by PUT …/reimbursements/{id}, whose own permission is the one the statechart asks for it.
    const { EDIT: edit, ...sentAsEvents } = REIMBURSEMENT_EVENT_PERMISSIONS;
    expect(contract.paths['/api/reimbursements/{id}'].put['x-permission']).toBe(edit);
    const fromMachine = Object.fromEntries(Object.entries(sentAsEvents).filter(([, permission]) => permission !== SYSTEM_EVENT));
    expect(operation['x-event-permissions']).toEqual(fromMachine);
    expect(new Set(contract.components.schemas.ReimbursementEvent.properties.type.enum)).toEqual(new Set(Object.keys(fromMachine)));
    for (const permission of Object.values(fromMachine)) expect(contract['x-permissions']).toContain(permission);
  });

  it('the roles answer shows the new rights: reviewers approve, treasury pays, the auditor reviews medically', async () => {
    const roles = await call('GET', '/api/roles', { token: admin });
    expect(roles.status).toBe(200);
    const grants = Object.fromEntries((roles.body.items ?? roles.body).map((r: { code: string; permissions: string[] }) => [r.code, r.permissions]));
    expect(grants.treasury).toContain('reimbursements:pay');
    expect(grants.treasury).not.toContain('reimbursements:approve');
    expect(grants.treasury).not.toContain('reimbursements:update');
    for (const role of ['reimbursement_analyst', 'dental_auditor', 'supervisor']) {
      expect(grants[role]).toContain('reimbursements:approve');
      expect(grants[role]).not.toContain('reimbursements:pay');
    }
    expect(grants.dental_auditor).toContain('reimbursements:medical_review');
  });
});

describe('manual rejection (research 2.7)', () => {
  it('needs a reason code of the catalog: 400 without one or with an unknown one', async () => {
    const claim = await inReview(cleaning);
    const missing = expectProblem(await event(claim.id, { type: 'REJECT', reason: 'No corresponde' }, auditor), 400, 'request.invalid');
    expect(fieldErrors(missing)).toContain('body/reasonCode required');
    const unknown = expectProblem(await event(claim.id, { type: 'REJECT', reasonCode: '99' }, auditor), 400, 'request.invalid');
    expect(fieldErrors(unknown)).toEqual(['reasonCode enum']);
    const rejected = await event(claim.id, { type: 'REJECT', reasonCode: '35', reason: 'Tratamiento estético' }, auditor);
    expect(rejected.body).toMatchObject({ state: 'rejected', reason: '35' });
    const history = await call('GET', `/api/reimbursements/${claim.id}/history`, { token: analyst });
    expect(history.body.items.at(-1)).toMatchObject({ event: 'REJECT', toState: 'rejected' });
  });
});

describe('medical-review sampling (R12)', () => {
  it('a claim with a major procedure is approved only after the dental auditor recorded the review', async () => {
    const claim = await inReview([{ procedureCode: 'D2740', tooth: '16', serviceDate, chargedCents: 60_000 }]);
    expect((await get(claim.id, supervisor)).allowedEvents).toEqual(['REQUEST_DOCUMENTS', 'REJECT', 'ASSIGN']);
    expectProblem(await event(claim.id, { type: 'APPROVE' }, supervisor), 409, 'reimbursement.medicalReviewPending');
    expectProblem(await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, analyst), 403, 'auth.forbidden');
    expect((await get(claim.id, auditor)).allowedEvents).toEqual(['REQUEST_DOCUMENTS', 'COMPLETE_MEDICAL_REVIEW', 'REJECT', 'ASSIGN']);
    expect((await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).body.state).toBe('inReview');
    const [row] = await server.db.query<{ medical_reviewed_by: number | null }>('SELECT medical_reviewed_by FROM reimbursements WHERE id = $1', [claim.id]);
    expect(row!.medical_reviewed_by).not.toBeNull();
    expectProblem(await event(claim.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor), 409, 'reimbursement.medicalReviewNotPending');
    expect((await event(claim.id, { type: 'APPROVE' }, supervisor)).body.state).toBe('approved');
  });
});

describe('pre-authorisation (R14)', () => {
  it('an implant, or a line above the insurer’s threshold, without a pre-authorisation is rejected with 34', async () => {
    const lines = [
      { procedureCode: 'D6010', tooth: '36', serviceDate, chargedCents: 20_000 },
      { procedureCode: 'D2330', tooth: '11', serviceDate: '2026-11-17', chargedCents: 30_000 },
      { procedureCode: 'D2330', tooth: '21', serviceDate: '2026-11-17', chargedCents: 30_001 },
    ];
    const outcome = async (id: number) =>
      (await call('GET', `/api/reimbursements/${id}/liquidation`, { token: analyst })).body.lines.map((l: { status: string; reason?: string | null }) => `${l.status} ${l.reason ?? ''}`.trim());
    const claim = await draft(lines, 'EUR', 'BENEFITS');
    // The insurer's own threshold (insurers.preauthorization_above_cents, in the currency's minor unit) over the settings' 300.00.
    await server.db.query(`UPDATE insurers SET preauthorization_above_cents = 25000 WHERE id = $1`, [claim.verification.insurerId]);
    expect(await outcome(claim.id)).toEqual(['REJECTED 34', 'REJECTED 34', 'REJECTED 34']);
    await server.db.query(`UPDATE insurers SET preauthorization_above_cents = NULL WHERE id = $1`, [claim.verification.insurerId]);
    expect(await outcome(claim.id)).toEqual(['REJECTED 34', 'APPROVED', 'REJECTED 34']);
    // On a pre-authorisation every line goes through.
    expect(await outcome((await draft(lines)).id)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
  });
});

describe('order of the automatic checks (research 3.2)', () => {
  it('age is judged before the waiting period: an adult’s fluoride within the waiting period is 04, not 17', async () => {
    const claim = await draft([{ procedureCode: 'D1206', serviceDate, chargedCents: 3000 }]);
    await server.db.query(`UPDATE patients SET enrolled_on = '2026-09-01' WHERE id = $1`, [claim.verification.patientId]);
    await server.db.query(`INSERT INTO benefit_rules (policy_id, kind, category, months) VALUES ($1, 'WAITING_PERIOD', 'PREVENTIVE', 6)`, [claim.verification.policyId]);
    const preview = await call('GET', `/api/reimbursements/${claim.id}/liquidation`, { token: analyst });
    expect(preview.body.lines[0]).toMatchObject({ status: 'REJECTED', reason: '04' });
  });
});

describe('currency minor units (CLP has none)', () => {
  it('a CLP claim is liquidated in whole pesos with the CLP defaults (deductible CLP 50.000, maximum CLP 1.500.000)', async () => {
    const claim = await draft([{ procedureCode: 'D2740', tooth: '16', serviceDate, chargedCents: 1_234_567 }], 'CLP');
    expect(claim.currency).toBe('CLP');
    const preview = await call('GET', `/api/reimbursements/${claim.id}/liquidation`, { token: analyst });
    // (1.234.567 − 50.000) × 50 % = 592.283,5 → 592.284 pesos: rounded to the peso, not to a hundredth of it.
    expect(preview.body.lines[0]).toMatchObject({ status: 'APPROVED', deductibleCents: 50_000, coveredCents: 592_284, excessCents: 0 });
    const overview = await call('GET', `/api/patients/${claim.verification.patientId}/overview`, { token: analyst });
    expect(overview.body.benefits).toMatchObject({ currency: 'CLP', annualMaximum: { limitCents: 1_500_000 }, deductible: { limitCents: 50_000 } });
  });

  it('a CLP claim of 500.000 pesos is under the supervisor threshold (CLP 1.000.000)', async () => {
    const claim = await inReview([{ procedureCode: 'D2330', tooth: '11', serviceDate, chargedCents: 500_000 }], 'CLP');
    expect((await get(claim.id, auditor)).payableCents).toBe(360_000);
    expect((await event(claim.id, { type: 'APPROVE' }, auditor)).body.state).toBe('approved');
  });

  it('settings keep the amount defaults per currency, each in its minor unit', async () => {
    const defaults = await call('GET', '/api/settings/defaults', { token: admin });
    const byKey = Object.fromEntries(defaults.body.items.map((d: { key: string; value: number; currency: string | null }) => [d.key, d]));
    expect(byKey['annualMaximumCents:CLP']).toMatchObject({ currency: 'CLP', value: 1_500_000, unit: 'CENTS' });
    expect(byKey['annualMaximumCents:EUR']).toMatchObject({ currency: 'EUR', value: 150_000 });
    expect(byKey['approvalThresholdCents:CLP']).toMatchObject({ rule: 'R13', value: 1_000_000 });
    expect(byKey['preauthorizationAboveCents:MXN']).toMatchObject({ rule: 'R14', value: 600_000 });
    expect(byKey.annualMaximumCents).toBeUndefined();
    expect(byKey['coveragePercent.BASIC']).toMatchObject({ currency: null, value: 80 });
  });
});
