import { beforeAll, describe, expect, it } from 'vitest';
import { attachToReimbursement, call, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Research 2.2's benefit rules beyond coinsurance, waiting period and exclusion — deductible, maximum,
 * frequency, age limit and fixed copay — saved on a policy and changing what its claims pay.
 */
const today = '2026-11-21';
const server = useServer({}, () => today);

type Policy = Record<string, unknown> & { id: number; version: number; benefitRules: Record<string, unknown>[] };
type Line = { status: string; reason?: string; deductibleCents: number; coveredCents: number; excessCents: number };

let admin: string;
let analyst: string;
let supervisor: string;
let auditor: string;
let insurerId: number;
let holderId: number;
let doctorId: number;
let sequence = 0;

beforeAll(async () => {
  [admin, analyst, supervisor, auditor] = await Promise.all(['admin', 'analista', 'supervisor', 'auditor'].map((u) => signIn(`${u}@demo.local`)));
  [{ id: insurerId }] = await server.db.query<{ id: number }>(`SELECT id FROM insurers WHERE active AND currency = 'EUR' ORDER BY id LIMIT 1`);
  [{ id: holderId }] = await server.db.query<{ id: number }>(`SELECT id FROM policyholders WHERE kind = 'PERSON' ORDER BY id LIMIT 1`);
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

const terms = (benefitRules: Record<string, unknown>[]) => ({
  policyholderId: holderId,
  insurerId,
  number: `POL-KINDS-${++sequence}`,
  kind: 'FAMILY',
  planName: 'Dental Reglas',
  issuedOn: '2025-12-15',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  benefitYear: 'CALENDAR',
  benefitRules,
});
const create = (benefitRules: Record<string, unknown>[]) => call<Policy>('POST', '/api/policies', { token: admin, body: terms(benefitRules) });

/** An active policy with `rules`, an adult patient enrolled on it long enough for every waiting period, and a granted pre-authorisation. */
async function coveredBy(rules: Record<string, unknown>[], birthDate = '1980-05-05') {
  const policy = await create(rules);
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  expect((await sendEvent('policies', policy.body.id, { type: 'ACTIVATE' }, admin)).body.state).toBe('active');
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, prior_coverage_months, document_type, document_number)
     VALUES ($1, 'OTHER_DEPENDENT', 'Prueba', 'Reglas', $2, '2026-01-01', 24, 'DNI', $3) RETURNING id`,
    [policy.body.id, birthDate, `KINDS-${policy.body.id}`],
  );
  const verification = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: '2026-11-18' } });
  expect(verification.status, JSON.stringify(verification.body)).toBe(201);
  await sendEvent('verifications', verification.body.id, { type: 'START' }, admin);
  await sendEvent('verifications', verification.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-KINDS-${policy.body.id}` }, admin);
  return { policy: policy.body, patientId: patient!.id, verificationId: verification.body.id as number };
}

/** A reimbursement of `lines` on the verification, and its liquidation as the analyst previews it. */
async function claim(verificationId: number, lines: Record<string, unknown>[]) {
  const created = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId, doctorId, invoiceNumber: `F-KINDS-${++sequence}`, invoiceDate: '2026-11-18', lines: lines.map((l) => ({ serviceDate: '2026-11-18', ...l })) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const preview = await call('GET', `/api/reimbursements/${created.body.id}/liquidation`, { token: analyst });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  return { id: created.body.id as number, missing: created.body.missingDocuments as string[], lines: preview.body.lines as Line[] };
}
const outcome = (l: Line) => [l.status, l.reason ?? null, l.deductibleCents, l.coveredCents];

describe('research 2.2 rule kinds on a policy', () => {
  it('keeps each kind with only its fields, the amount in the insurer’s currency, and reads them back', async () => {
    const rules = [
      { kind: 'DEDUCTIBLE', category: 'BASIC', amount: '20', level: 'INDIVIDUAL', percent: 30, quantity: 4, period: 'LIFETIME' },
      { kind: 'MAXIMUM', category: 'MAJOR', amount: '300.50', level: 'FAMILY' },
      { kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'CALENDAR_YEAR', level: 'FAMILY', amount: '5.00' },
      { kind: 'AGE_LIMIT', category: 'PREVENTIVE', quantity: 19 },
      { kind: 'FIXED_COPAY', procedureCode: 'D2140', amount: '25.00', category: 'BASIC' },
    ];
    const created = await create(rules);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const none = { category: null, procedureCode: null, percent: null, months: null, amount: null, quantity: null, period: null, level: null };
    expect(created.body.benefitRules).toEqual([
      { ...none, kind: 'DEDUCTIBLE', category: 'BASIC', amount: '20.00', level: 'INDIVIDUAL' },
      { ...none, kind: 'MAXIMUM', category: 'MAJOR', amount: '300.50', level: 'FAMILY' },
      { ...none, kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'CALENDAR_YEAR' },
      { ...none, kind: 'AGE_LIMIT', category: 'PREVENTIVE', quantity: 19 },
      { ...none, kind: 'FIXED_COPAY', procedureCode: 'D2140', amount: '25.00' },
    ]);
    expect((await call<Policy>('GET', `/api/policies/${created.body.id}`, { token: analyst })).body.benefitRules).toEqual(created.body.benefitRules);
    const stored = await server.db.query(`SELECT amount_cents FROM benefit_rules WHERE policy_id = $1 ORDER BY id`, [created.body.id]);
    expect(stored).toEqual([{ amount_cents: 2_000 }, { amount_cents: 30_050 }, { amount_cents: null }, { amount_cents: null }, { amount_cents: 2_500 }]);
  });

  it('refuses bad rows on their own field (400) and saves nothing', async () => {
    const before = await server.db.query(`SELECT count(*)::int AS n FROM policies`);
    const refused = expectProblem(
      await create([
        { kind: 'DEDUCTIBLE', category: 'BASIC', amount: '20.00' },
        { kind: 'MAXIMUM', category: 'ORTHODONTIC', amount: '100.00', level: 'INDIVIDUAL' },
        { kind: 'AGE_LIMIT', quantity: 18 },
        { kind: 'FREQUENCY', procedureCode: 'D0120', quantity: 120, period: 'YEARS' },
        { kind: 'FIXED_COPAY', procedureCode: 'D2140', amount: '12.345' },
        { kind: 'FIXED_COPAY', procedureCode: 'D2150', amount: '9999999999' },
        { kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'LIFETIME' },
        { kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 2, period: 'LIFETIME' },
      ]),
      400,
      'request.invalid',
    );
    expect(fieldErrors(refused).sort()).toEqual(
      [
        'body/benefitRules/0/level required',
        'body/benefitRules/1/category benefitRule',
        'body/benefitRules/2/category categoryOrCode',
        'body/benefitRules/3/quantity benefitRule',
        'body/benefitRules/4/amount currencyDecimals',
        'body/benefitRules/5/amount maximum',
        'body/benefitRules/7/procedureCode duplicate',
      ].sort(),
    );
    const shape = expectProblem(await create([{ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'WEEKLY' }]), 400, 'request.invalid');
    expect(fieldErrors(shape)).toEqual(['body/benefitRules/0/period enum']);
    expect(await server.db.query(`SELECT count(*)::int AS n FROM policies`)).toEqual(before);
  });

  it('DEDUCTIBLE: a filling takes the category’s 20.00 instead of the policy’s 50.00', async () => {
    const { verificationId } = await coveredBy([{ kind: 'DEDUCTIBLE', category: 'BASIC', amount: '20.00', level: 'INDIVIDUAL' }]);
    const { lines } = await claim(verificationId, [{ procedureCode: 'D2140', tooth: '16', chargedCents: 10_000 }]);
    // 80 % of (100.00 − 20.00); without the rule 80 % of 50.00.
    expect(lines.map(outcome)).toEqual([['APPROVED', null, 2_000, 6_400]]);
  });

  it('MAXIMUM: major care stops at its own 300.00 a year, across claims, and the ledger keeps the category’s use', async () => {
    const { verificationId, patientId } = await coveredBy([{ kind: 'MAXIMUM', category: 'MAJOR', amount: '300.00', level: 'INDIVIDUAL' }]);
    const first = await claim(verificationId, [{ procedureCode: 'D2740', tooth: '16', chargedCents: 100_000 }]);
    // (1000.00 − 50.00) × 50 % = 475.00, cut to 300.00.
    expect(first.lines.map((l) => [...outcome(l), l.excessCents])).toEqual([['APPROVED', null, 5_000, 30_000, 17_500]]);
    for (const documentType of first.missing) await attachToReimbursement(analyst, first.id, documentType);
    await sendEvent('reimbursements', first.id, { type: 'SUBMIT' }, analyst);
    await sendEvent('reimbursements', first.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    expect((await sendEvent('reimbursements', first.id, { type: 'APPROVE' }, supervisor)).body.state).toBe('approved');
    const ledger = await server.db.query(`SELECT kind, amount_cents FROM benefit_ledger WHERE patient_id = $1 ORDER BY kind`, [patientId]);
    expect(ledger).toEqual([
      { kind: 'ANNUAL_MAXIMUM', amount_cents: 30_000 },
      { kind: 'CATEGORY_MAJOR', amount_cents: 30_000 },
      { kind: 'DEDUCTIBLE', amount_cents: 5_000 },
    ]);
    // The next crown finds major care used up (30); a filling still draws on the annual maximum.
    const second = await claim(verificationId, [
      { procedureCode: 'D2740', tooth: '26', chargedCents: 100_000 },
      { procedureCode: 'D2140', tooth: '36', chargedCents: 10_000 },
    ]);
    expect(second.lines.map(outcome)).toEqual([
      ['REJECTED', '30', 0, 0],
      ['APPROVED', null, 0, 8_000],
    ]);
  });

  it('FREQUENCY: one cleaning a calendar year where the default allows two', async () => {
    const { verificationId } = await coveredBy([{ kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'CALENDAR_YEAR' }]);
    const { lines } = await claim(verificationId, [
      { procedureCode: 'D1110', serviceDate: '2026-03-02', chargedCents: 6_000 },
      { procedureCode: 'D1110', serviceDate: '2026-09-01', chargedCents: 6_000 },
    ]);
    expect(lines.map(outcome)).toEqual([
      ['APPROVED', null, 0, 6_000],
      ['REJECTED', '05', 0, 0],
    ]);
  });

  it('AGE_LIMIT: cleanings only under 30, for a code; major care only under 40, for a category', async () => {
    const { verificationId } = await coveredBy(
      [
        { kind: 'AGE_LIMIT', procedureCode: 'D1110', quantity: 30 },
        { kind: 'AGE_LIMIT', category: 'MAJOR', quantity: 40 },
      ],
      '1990-01-01',
    );
    // The patient is 36.
    const { lines } = await claim(verificationId, [
      { procedureCode: 'D1110', chargedCents: 6_000 },
      { procedureCode: 'D0120', chargedCents: 4_000 },
      { procedureCode: 'D2740', tooth: '16', chargedCents: 20_000 },
    ]);
    expect(lines.map(outcome)).toEqual([
      ['REJECTED', '04', 0, 0],
      ['APPROVED', null, 0, 4_000],
      ['APPROVED', null, 5_000, 7_500],
    ]);
  });

  it('FIXED_COPAY: the patient pays 25.00 of a filling, the policy the rest after the deductible', async () => {
    const { verificationId } = await coveredBy([{ kind: 'FIXED_COPAY', procedureCode: 'D2140', amount: '25.00' }]);
    const { lines } = await claim(verificationId, [
      { procedureCode: 'D2140', tooth: '16', chargedCents: 20_000 },
      { procedureCode: 'D2150', tooth: '26', chargedCents: 20_000 },
    ]);
    // 200.00 − 50.00 deductible − 25.00; the other filling keeps its 80 %.
    expect(lines.map(outcome)).toEqual([
      ['APPROVED', null, 5_000, 12_500],
      ['APPROVED', null, 0, 16_000],
    ]);
  });
});
