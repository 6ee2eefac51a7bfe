import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@core/benefits/dates.ts';
import { patientOnOwnPolicy, type PatientOptions } from './benefit-people.ts';
import { attachToReimbursement, call, expectProblem, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * The facts the server builds from the database before the benefit engine decides (issue 13): the ledger
 * against what was paid, open claims for duplicates and frequencies, coverage on the service date, prior
 * orthodontic cover, the verification's validity and the documents of research §4.3.
 */
let today = '2026-11-21';
const server = useServer({}, () => today);
let admin: string;
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let doctorId: number;

beforeAll(async () => {
  [admin, analyst, auditor, supervisor, treasury] = await Promise.all(['admin', 'analista', 'auditor', 'supervisor', 'tesoreria'].map((u) => signIn(`${u}@demo.local`)));
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

const freshPatient = async (options: PatientOptions = {}) => (await patientOnOwnPolicy(server.db, options)).patientId;

async function verified(patientId: number, plannedServiceDate = '2026-11-18'): Promise<number> {
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const done = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
  expect(done.body.state).toBe('verified');
  return created.body.id;
}

type Line = { procedureCode: string; tooth?: string; serviceDate: string; chargedCents: number; otherInsurerPaidCents?: number };

async function draft(verificationId: number, lines: Line[], extra: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/reimbursements', { token: analyst, body: { verificationId, doctorId, invoiceDate: '2026-11-18', lines, ...extra } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; missingDocuments: string[] };
}

const reimbursement = async (id: number) => (await call('GET', `/api/reimbursements/${id}`, { token: analyst })).body;
const send = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);

/** The supervisor approves, after the auditor's medical review when the claim is sampled for one (R12). */
async function approve(id: number) {
  if ((await call('GET', `/api/reimbursements/${id}`, { token: auditor })).body.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) {
    expect((await send(id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor)).status).toBe(200);
  }
  return (await send(id, { type: 'APPROVE' }, supervisor)).body;
}

async function attachMissing(id: number) {
  for (const documentType of (await reimbursement(id)).missingDocuments) expect((await attachToReimbursement(analyst, id, documentType)).status).toBe(201);
}

async function submitted(verificationId: number, lines: Line[]) {
  const { id } = await draft(verificationId, lines);
  await attachMissing(id);
  const answer = await send(id, { type: 'SUBMIT' }, analyst);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return id;
}

/** The patient's ledger: settled (paid) and reserved (approved, not yet paid), per kind. */
async function ledgerOf(patientId: number) {
  const rows = await server.db.query<{ kind: string; status: string; cents: number }>(
    `SELECT kind, status, sum(amount_cents)::int AS cents FROM benefit_ledger WHERE patient_id = $1 GROUP BY kind, status ORDER BY kind, status`,
    [patientId],
  );
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.status}`, r.cents]));
}

const paidOf = async (patientId: number) =>
  (await server.db.query<{ total: number }>(`SELECT coalesce(sum(paid_cents), 0)::int AS total FROM reimbursements WHERE patient_id = $1 AND state = 'paid'`, [patientId]))[0].total;

describe('the ledger is the money paid (reserve at approval, settle at payment)', () => {
  it('two fillings approved before either is paid: the second sees the deductible the first reserved, and the ledger equals what was paid', async () => {
    const patientId = await freshPatient();
    const verificationId = await verified(patientId);
    const first = await submitted(verificationId, [{ procedureCode: 'D2330', tooth: '11', serviceDate: '2026-11-10', chargedCents: 20_000 }]);
    const second = await submitted(verificationId, [{ procedureCode: 'D2330', tooth: '21', serviceDate: '2026-11-11', chargedCents: 20_000 }]);
    const approvedFirst = await approve(first);
    const reservedBeforeSecond = await ledgerOf(patientId);
    const approvedSecond = await approve(second);
    const paidSecond = (await send(second, { type: 'PAY', reference: 'TRF-2', reason: 'Pago excepcional' }, treasury)).body;
    const paidFirst = (await send(first, { type: 'PAY', reference: 'TRF-1', reason: 'Pago excepcional' }, treasury)).body;

    // What the ledger counts against the annual maximum is what was paid.
    const ledger = await ledgerOf(patientId);
    expect(ledger['ANNUAL_MAXIMUM:SETTLED']).toBe(await paidOf(patientId));
    // Every line's category use is posted too (issue 24: a category maximum added later sees the whole year).
    expect(ledger).toEqual({ 'ANNUAL_MAXIMUM:SETTLED': 28_000, 'CATEGORY_BASIC:SETTLED': 28_000, 'DEDUCTIBLE:SETTLED': 5_000 });
    expect(approvedFirst).toMatchObject({ state: 'approved', payableCents: 12_000 });
    // Approved but unpaid, the first claim's deductible counts when the second is liquidated: 80 % of 200.00.
    expect(reservedBeforeSecond).toEqual({ 'ANNUAL_MAXIMUM:RESERVED': 12_000, 'CATEGORY_BASIC:RESERVED': 12_000, 'DEDUCTIBLE:RESERVED': 5_000 });
    expect(approvedSecond).toMatchObject({ state: 'approved', payableCents: 16_000 });
    expect(paidSecond).toMatchObject({ state: 'paid', paidCents: 16_000 });
    expect(paidFirst).toMatchObject({ state: 'paid', paidCents: 12_000 });
  });
});

describe('a payment never pays one figure and posts another', () => {
  it('a claim whose liquidation changed since its approval goes back to review at payment, releasing its reservation', async () => {
    const patientId = await freshPatient();
    const verificationId = await verified(patientId);
    const cleaning = (serviceDate: string): Line => ({ procedureCode: 'D1110', serviceDate, chargedCents: 9_000 });
    // An earlier draft holds the year's two cleanings, so the later claim's cleaning is over the frequency (05).
    const earlier = await draft(verificationId, [cleaning('2026-03-10'), cleaning('2026-05-10')]);
    const later = await submitted(verificationId, [{ procedureCode: 'D0120', serviceDate: '2026-09-10', chargedCents: 6_000 }, cleaning('2026-09-10')]);
    expect(await approve(later)).toMatchObject({ state: 'partiallyApproved', payableCents: 6_000 });
    expect(await ledgerOf(patientId)).toEqual({ 'ANNUAL_MAXIMUM:RESERVED': 6_000, 'CATEGORY_DIAGNOSTIC:RESERVED': 6_000 });

    // The earlier draft is cancelled: paid now, the cleaning would be covered too — so it is not paid as approved.
    expect((await send(earlier.id, { type: 'CANCEL', reason: 'Presentado por error' }, analyst)).body.state).toBe('cancelled');
    const returned = await send(later, { type: 'PAY', reference: 'TRF-9', reason: 'Pago excepcional' }, treasury);
    expect(returned.body).toMatchObject({ state: 'inReview', payableCents: 15_000, paidCents: null });
    expect(returned.body.lines.map((l: { status: string }) => l.status)).toEqual(['APPROVED', 'APPROVED']);
    expect(await ledgerOf(patientId)).toEqual({});

    expect(await approve(later)).toMatchObject({ state: 'approved', payableCents: 15_000 });
    expect((await send(later, { type: 'PAY', reference: 'TRF-10', reason: 'Pago excepcional' }, treasury)).body).toMatchObject({ state: 'paid', paidCents: 15_000 });
    expect(await ledgerOf(patientId)).toEqual({ 'ANNUAL_MAXIMUM:SETTLED': 15_000, 'CATEGORY_DIAGNOSTIC:SETTLED': 6_000, 'CATEGORY_PREVENTIVE:SETTLED': 9_000 });
  });
});

describe('duplicates and frequencies count every claim that is not cancelled or rejected', () => {
  it('a cleaning on a claim waiting for documents is seen by a second claim: duplicate (06), and a third cleaning in the year is over the frequency (05)', async () => {
    const patientId = await freshPatient();
    const verificationId = await verified(patientId);
    const cleaning = (serviceDate: string): Line => ({ procedureCode: 'D1110', serviceDate, chargedCents: 9_000 });
    const waiting = await submitted(verificationId, [cleaning('2026-03-10')]);
    expect((await send(waiting, { type: 'REQUEST_DOCUMENTS', documents: ['OTHER'] }, supervisor)).body.state).toBe('needsDocuments');

    const duplicate = await draft(verificationId, [cleaning('2026-03-10')]);
    await attachMissing(duplicate.id);
    expectProblem(await send(duplicate.id, { type: 'SUBMIT' }, analyst), 409, 'reimbursement.duplicateLines');
    const preview = await call('GET', `/api/reimbursements/${duplicate.id}/liquidation`, { token: analyst });
    expect(preview.body.lines.map((l: { reason: string }) => l.reason)).toEqual(['06']);

    // A draft is open too: with the one waiting for documents, two cleanings of 2026 are taken.
    await draft(verificationId, [cleaning('2026-05-10')]);
    const third = await draft(verificationId, [cleaning('2026-09-10')]);
    const thirdPreview = await call('GET', `/api/reimbursements/${third.id}/liquidation`, { token: analyst });
    expect(thirdPreview.body.lines.map((l: { status: string; reason: string }) => `${l.status} ${l.reason}`)).toEqual(['REJECTED 05']);

    // A cancelled claim gives its cleaning back.
    expect((await send(duplicate.id, { type: 'CANCEL', reason: 'Entered twice' }, analyst)).body.state).toBe('cancelled');
    const [{ id: mayDraft }] = await server.db.query<{ id: number }>(`SELECT id FROM reimbursements WHERE patient_id = $1 AND state = 'draft' ORDER BY id LIMIT 1`, [patientId]);
    expect((await send(mayDraft, { type: 'CANCEL', reason: 'Not needed' }, analyst)).body.state).toBe('cancelled');
    const again = await call('GET', `/api/reimbursements/${third.id}/liquidation`, { token: analyst });
    expect(again.body.lines.map((l: { status: string }) => l.status)).toEqual(['APPROVED']);
  });
});

describe('coverage is judged on each service date, from the dates', () => {
  it('a patient who left on 1 November claims a 5 October service; a day of a suspension is not covered, the days around it are', async () => {
    const patientId = await freshPatient();
    const verificationId = await verified(patientId, '2026-10-05');
    const patientEvent = (body: Record<string, unknown>) => sendEvent('patients', patientId, body, admin);
    expect((await patientEvent({ type: 'SUSPEND', date: '2026-09-01', reason: 'Impago' })).body.state).toBe('SUSPENDED');
    expect((await patientEvent({ type: 'RESUME', date: '2026-09-20' })).body.state).toBe('ACTIVE');
    expect((await patientEvent({ type: 'END_COVERAGE', date: '2026-11-01', reason: 'Baja voluntaria' })).body.state).toBe('LEFT');

    const october = await submitted(verificationId, [{ procedureCode: 'D0120', serviceDate: '2026-10-05', chargedCents: 6_000 }]);
    expect(await reimbursement(october)).toMatchObject({ state: 'inReview', payableCents: 6_000 });
    // The last covered day is the day of leaving; the day after is not covered.
    const preview = async (serviceDate: string) => {
      const { id } = await draft(verificationId, [{ procedureCode: 'D0140', serviceDate, chargedCents: 5_000 }]);
      return (await call('GET', `/api/reimbursements/${id}/liquidation`, { token: analyst })).body.lines[0].reason ?? null;
    };
    expect(await preview('2026-11-01')).toBeNull();
    expect(await preview('2026-11-02')).toBe('07');
    expect(await preview('2026-09-10')).toBe('07');
    expect(await preview('2026-08-31')).toBeNull();
    expect(await preview('2026-09-20')).toBeNull();
  });

  it('a policy suspended today still covers what was done before', async () => {
    // A policy's suspension takes the day it is recorded (the database's day): the test's clock follows it.
    [{ today }] = await server.db.query<{ today: string }>(`SELECT current_date::text AS today`);
    try {
      const { patientId, policyId } = await patientOnOwnPolicy(server.db);
      const verificationId = await verified(patientId, today);
      const before = addDays(today, -5);
      const { id } = await draft(verificationId, [{ procedureCode: 'D0120', serviceDate: before, chargedCents: 6_000 }], { invoiceDate: before });
      await attachMissing(id);
      expect((await sendEvent('policies', policyId, { type: 'SUSPEND', reason: 'Impago de la prima' }, admin)).body.state).toBe('suspended');
      expect((await send(id, { type: 'SUBMIT' }, analyst)).body).toMatchObject({ state: 'inReview', payableCents: 6_000 });
      const after = await draft(verificationId, [{ procedureCode: 'D0140', serviceDate: today, chargedCents: 5_000 }], { invoiceDate: today });
      expect((await call('GET', `/api/reimbursements/${after.id}/liquidation`, { token: analyst })).body.lines[0].reason).toBe('07');
    } finally {
      today = '2026-11-21';
    }
  });
});

describe('the service dates lie within the verification’s validity', () => {
  it('refuses to submit a service of an earlier benefit year, or one after the verification’s last valid day', async () => {
    const patientId = await freshPatient();
    const verificationId = await verified(patientId);
    const earlier = await draft(verificationId, [{ procedureCode: 'D0120', serviceDate: '2025-12-20', chargedCents: 6_000 }]);
    await attachMissing(earlier.id);
    expectProblem(await send(earlier.id, { type: 'SUBMIT' }, analyst), 409, 'reimbursement.serviceDateOutsideVerification');

    // Verified on 21 November: valid for 30 days, to 21 December.
    const later = await draft(verificationId, [{ procedureCode: 'D0120', serviceDate: '2026-12-24', chargedCents: 6_000 }]);
    await attachMissing(later.id);
    today = '2026-12-28';
    try {
      expectProblem(await send(later.id, { type: 'SUBMIT' }, analyst), 409, 'reimbursement.serviceDateOutsideVerification');
      // The verification is no longer valid for new claims either.
      const inside = await call('POST', '/api/reimbursements', {
        token: analyst,
        body: { verificationId, doctorId, lines: [{ procedureCode: 'D0120', serviceDate: '2026-12-21', chargedCents: 6_000 }] },
      });
      expectProblem(inside, 422, 'reimbursement.verificationNotValid');
    } finally {
      today = '2026-11-21';
    }
    const onTime = await submitted(verificationId, [{ procedureCode: 'D0120', serviceDate: '2026-01-02', chargedCents: 6_000 }]);
    expect((await reimbursement(onTime)).state).toBe('inReview');
  });
});

describe('the documents of research 4.3', () => {
  it('asks the payment receipt when the invoice is not marked paid, the final X-ray for a crown, and the other insurer’s statement when it pays first', async () => {
    const verificationId = await verified(await freshPatient());
    const filling: Line = { procedureCode: 'D2330', tooth: '11', serviceDate: '2026-11-10', chargedCents: 20_000 };
    expect((await draft(verificationId, [filling], { payee: 'HOLDER' })).missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'PAYMENT_RECEIPT']);
    expect((await draft(verificationId, [filling], { payee: 'PROVIDER', invoicePaid: true })).missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT']);
    const crown: Line = { procedureCode: 'D2740', tooth: '21', serviceDate: '2026-11-10', chargedCents: 90_000 };
    expect((await draft(verificationId, [crown], { invoicePaid: true })).missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'DENTAL_REPORT', 'XRAY_FINAL']);

    const secondary = await verified(await freshPatient({ coverageOrder: 2 }));
    const exam: Line = { procedureCode: 'D0120', serviceDate: '2026-11-10', chargedCents: 6_000 };
    const claim = await draft(secondary, [exam], { invoicePaid: true });
    expect(claim.missingDocuments).toEqual(['INVOICE', 'CLAIM_FORM', 'OTHER_INSURER_EOB']);
    for (const documentType of ['INVOICE', 'CLAIM_FORM']) await attachToReimbursement(analyst, claim.id, documentType);
    // Submitted without it, the automatic check asks for the other insurer's statement.
    expect((await send(claim.id, { type: 'SUBMIT' }, analyst)).body).toMatchObject({ state: 'needsDocuments', requestedDocuments: ['OTHER_INSURER_EOB'], missingDocuments: ['OTHER_INSURER_EOB'] });
  });
});

describe('prior orthodontic cover, apart from prior dental cover', () => {
  it('two years of prior dental cover do not waive the orthodontic waiting period; a year of prior orthodontic cover does', async () => {
    const [{ id: orthodontist }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE specialty = 'ORTHODONTICS' AND state = 'ACTIVE' ORDER BY id LIMIT 1`);
    const approval = async (options: PatientOptions) => {
      const patientId = await freshPatient({ birthDate: '2014-03-03', enrolledOn: '2026-06-01', ...options });
      const created = await call('POST', '/api/verifications', {
        token: admin,
        body: { patientId, kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: '2026-11-25', doctorId: orthodontist },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
      const done = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-${patientId}` }, admin);
      expect(done.body.state, JSON.stringify(done.body)).toBe('verified');
      const plan = await call('POST', '/api/orthodontic-plans', { token: analyst, body: { preauthorizationId: created.body.id, doctorId: orthodontist, treatmentCode: 'D8080', feeCents: 600_000 } });
      expect(plan.status, JSON.stringify(plan.body)).toBe(201);
      return sendEvent('orthodontic-plans', plan.body.id, { type: 'APPROVE' }, supervisor);
    };
    expectProblem(await approval({ priorCoverageMonths: 24 }), 409, 'orthodonticPlan.waitingPeriodNotMet');
    expect((await approval({ priorCoverageMonths: 24, priorOrthodonticCoverageMonths: 12 })).body.state).toBe('approved');
  });
});
