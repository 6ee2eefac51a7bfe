import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { attachToReimbursement, call, sendEvent, signIn, useServer } from './helpers.ts';
import { hangLimit } from '../../scripts/hang-limit.ts';

/**
 * Issue 13, item 1: whatever the order in which the office creates, submits, approves, pays and cancels
 * several claims of one patient, the ledger's settled rows are the money paid, approved claims hold
 * exactly what they will pay, and no annual maximum or deductible is exceeded — paid and reserved together.
 * One database for every run; each run a new patient alone on a new EUR policy (research 4.1 figures).
 * Issue 24: mid-sequence the policy's rules change (a MAJOR maximum of 500.00 is added, cleanings are lowered to one
 * a year) and the person moves to a new policy of the same insurer (a new patient record with the same document);
 * the ledger is still the money paid, counted per person across their records, and no limit is exceeded.
 */
const server = useServer({}, () => '2026-11-21');
let admin: string;
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let doctorId: number;

const ANNUAL_MAXIMUM = 150_000;
const DEDUCTIBLE = 5_000;

beforeAll(async () => {
  [admin, analyst, auditor, supervisor, treasury] = await Promise.all(['admin', 'analista', 'auditor', 'supervisor', 'tesoreria'].map((u) => signIn(`${u}@demo.local`)));
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
});

/** Procedures whose limits interleaving can upset: the deductible (basic), the maximum (major), a frequency (cleanings). */
const PROCEDURES = [
  { procedureCode: 'D2330', tooth: '11' },
  { procedureCode: 'D2391', tooth: '26' },
  { procedureCode: 'D2740', tooth: '21' },
  { procedureCode: 'D6010', tooth: '36' },
  { procedureCode: 'D1110' },
] as const;

const line = fc.record({
  procedure: fc.constantFrom(...PROCEDURES),
  // A few service days, so that some lines of different claims are duplicates or share a frequency window.
  day: fc.integer({ min: 1, max: 4 }),
  chargedCents: fc.integer({ min: 2_000, max: 180_000 }),
});
const claimLines = fc.array(line, { minLength: 1, maxLength: 3 });
/** A step of one claim: the next of create (documents attached) → submit → approve → pay, or a cancellation. */
const step = fc.record({
  claim: fc.nat({ max: 3 }),
  cancel: fc.nat({ max: 11 }).map((n) => n === 0),
  // Now and then, before the claim's step, the world changes: a category maximum added, a frequency lowered, a move.
  change: fc.nat({ max: 13 }).map((n) => (n === 0 ? 'addMajorMaximum' : n === 1 ? 'lowerCleanings' : n === 2 ? 'move' : null)),
});
const scenario = fc.record({ claims: fc.array(claimLines, { minLength: 2, maxLength: 4 }), steps: fc.array(step, { minLength: 3, maxLength: 14 }) });

type Change = 'addMajorMaximum' | 'lowerCleanings' | 'move' | null;
type Scenario = { claims: { procedure: (typeof PROCEDURES)[number]; day: number; chargedCents: number }[][]; steps: { claim: number; cancel: boolean; change: Change }[] };

const MAJOR_MAXIMUM = 50_000;
const RULE_FIELDS = ['kind', 'category', 'procedureCode', 'percent', 'months', 'amount', 'quantity', 'period', 'level'] as const;
const TERM_FIELDS = ['insurerId', 'number', 'kind', 'contractingCompany', 'planName', 'modality', 'issuedOn', 'startsOn', 'endsOn', 'benefitYear', 'annualMaximum', 'deductible', 'familyDeductible', 'deductibleAppliesToPreventive', 'maxBeneficiaries', 'orthoIncluded', 'orthoPercent', 'orthoLifetimeMaximum', 'orthoAgeLimit'] as const;

/** Replaces the policy's rule of the same kind and target with `rule`, through the API (a staff edit mid-year). */
async function changeRule(policyId: number, rule: Record<string, unknown>) {
  const policy = (await call('GET', `/api/policies/${policyId}`, { token: admin })).body as Record<string, unknown> & { benefitRules: Record<string, unknown>[]; version: number };
  const pick = (from: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => from[k] !== undefined && from[k] !== null).map((k) => [k, from[k]]));
  const same = (r: Record<string, unknown>) => r.kind === rule.kind && (r.category ?? null) === (rule.category ?? null) && (r.procedureCode ?? null) === (rule.procedureCode ?? null);
  const benefitRules = [...policy.benefitRules.filter((r) => !same(r)).map((r) => pick(r, RULE_FIELDS)), rule];
  const answer = await call('PUT', `/api/policies/${policyId}`, { token: admin, body: { ...pick(policy, TERM_FIELDS), benefitRules, version: policy.version } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The person moves to a new policy of the same insurer: a new policy record and a new patient record with the same document. */
async function move(patientId: number, policyId: number): Promise<{ patientId: number; policyId: number }> {
  const [policy] = await server.db.query<{ id: number }>(
    `INSERT INTO policies (insurer_id, policyholder_id, number, kind, plan_name, issued_on, starts_on, ends_on, state, benefit_year, max_beneficiaries, ortho_included)
     SELECT insurer_id, policyholder_id, number || '-M' || id, kind, plan_name, issued_on, starts_on, ends_on, 'ACTIVE', benefit_year, max_beneficiaries, ortho_included FROM policies WHERE id = $1
     RETURNING id`,
    [policyId],
  );
  const [patient] = await server.db.query<{ id: number }>(
    `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, prior_coverage_months, state, document_type, document_number)
     SELECT $1, relationship, first_names, last_name, birth_date, enrolled_on, prior_coverage_months, 'ACTIVE', document_type, document_number FROM patients WHERE id = $2 RETURNING id`,
    [policy!.id, patientId],
  );
  return { patientId: patient!.id, policyId: policy!.id };
}

async function verifiedPreauthorization(patientId: number): Promise<number> {
  // A pre-authorisation, so lines above R14's 300.00 are not refused for want of one (code 34).
  const created = await call('POST', '/api/verifications', {
    token: admin,
    body: { patientId, kind: 'PREAUTHORIZATION', category: 'GENERAL', plannedServiceDate: '2026-11-18', doctorId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const done = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: `AUT-${created.body.id}` }, admin);
  expect(done.body.state, JSON.stringify(done.body)).toBe('verified');
  return created.body.id;
}

/** Advances one claim by one step through the API; refusals (409/422) are part of the game, server errors are not. */
async function advance(verificationId: number, lines: Scenario['claims'][number], ids: (number | undefined)[], index: number, cancel: boolean) {
  const id = ids[index];
  if (id === undefined) {
    if (cancel) return;
    const body = {
      verificationId,
      doctorId,
      payee: 'HOLDER',
      invoiceDate: '2026-11-18',
      lines: lines.map((l) => ({ ...l.procedure, serviceDate: `2026-11-0${l.day}`, chargedCents: l.chargedCents })),
    };
    const created = await call('POST', '/api/reimbursements', { token: analyst, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const documentType of created.body.missingDocuments) expect((await attachToReimbursement(analyst, created.body.id, documentType)).status).toBe(201);
    ids[index] = created.body.id;
    return;
  }
  const current = (await call('GET', `/api/reimbursements/${id}`, { token: auditor })).body as { state: string; allowedEvents: string[] };
  const send = async (body: Record<string, unknown>, token: string) => {
    const answer = await sendEvent('reimbursements', id, body, token);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  };
  if (cancel) return send({ type: 'CANCEL', reason: 'Presentado por error' }, analyst);
  if (current.state === 'draft') return send({ type: 'SUBMIT' }, analyst);
  if (current.state === 'inReview') {
    if (current.allowedEvents.includes('COMPLETE_MEDICAL_REVIEW')) await send({ type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    return send({ type: 'APPROVE' }, supervisor);
  }
  if (current.state === 'approved' || current.state === 'partiallyApproved') return send({ type: 'PAY', reference: `TRF-${id}`, reason: 'Pago excepcional' }, treasury);
}

/** The patient's claims and ledger, and every way they could disagree. */
async function checkLedger(patientIds: readonly number[], majorCap: number | null = null, cleaningsCap: number | null = null) {
  const claims = await server.db.query<{ id: number; state: string; payable_cents: number; paid_cents: number | null }>(
    `SELECT id, state, payable_cents, paid_cents FROM reimbursements WHERE patient_id = ANY($1::int[])`,
    [patientIds],
  );
  const ledger = await server.db.query<{ reimbursement_id: number; patient_id: number; kind: string; status: string; cents: number }>(
    `SELECT reimbursement_id, patient_id, kind, status, sum(amount_cents)::int AS cents FROM benefit_ledger WHERE patient_id = ANY($1::int[]) GROUP BY 1, 2, 3, 4`,
    [patientIds],
  );
  const held = (id: number, kind: string, status: string) => ledger.filter((l) => l.reimbursement_id === id && l.kind === kind && l.status === status).reduce((s, l) => s + l.cents, 0);
  const sum = (kind: string, status?: string) => ledger.filter((l) => l.kind === kind && (!status || l.status === status)).reduce((s, l) => s + l.cents, 0);
  for (const c of claims) {
    const holding = c.state === 'approved' || c.state === 'partiallyApproved';
    // Paid: settled exactly what was paid. Approved: reserved exactly what it will pay. Others hold nothing.
    expect(held(c.id, 'ANNUAL_MAXIMUM', 'SETTLED'), `claim ${c.id} (${c.state})`).toBe(c.state === 'paid' ? c.paid_cents : 0);
    expect(held(c.id, 'ANNUAL_MAXIMUM', 'RESERVED'), `claim ${c.id} (${c.state})`).toBe(holding ? c.payable_cents : 0);
    if (!holding && c.state !== 'paid') expect(held(c.id, 'DEDUCTIBLE', 'RESERVED') + held(c.id, 'DEDUCTIBLE', 'SETTLED')).toBe(0);
    // Every line's category use is posted (issue 24 item 2): a claim's category rows add up to its annual-maximum row.
    for (const status of ['RESERVED', 'SETTLED']) {
      const categories = ledger.filter((l) => l.reimbursement_id === c.id && l.kind.startsWith('CATEGORY_') && l.status === status).reduce((s, l) => s + l.cents, 0);
      expect(categories, `claim ${c.id} (${c.state}) ${status} categories`).toBe(held(c.id, 'ANNUAL_MAXIMUM', status));
    }
  }
  // The money paid, counted per person (across their patient records).
  const paid = claims.filter((c) => c.state === 'paid').reduce((s, c) => s + (c.paid_cents ?? 0), 0);
  expect(sum('ANNUAL_MAXIMUM', 'SETTLED')).toBe(paid);
  // The annual maximum and the deductible are each policy record's (a new policy is a new contract); MAJOR's maximum,
  // once added, is never exceeded by what was approved after it (what was paid before it stands).
  for (const id of patientIds) {
    const mine = (kind: string) => ledger.filter((l) => l.patient_id === id && l.kind === kind).reduce((s, l) => s + l.cents, 0);
    expect(mine('ANNUAL_MAXIMUM')).toBeLessThanOrEqual(ANNUAL_MAXIMUM);
    expect(mine('DEDUCTIBLE')).toBeLessThanOrEqual(DEDUCTIBLE);
    if (majorCap !== null && id === patientIds[patientIds.length - 1]) expect(mine('CATEGORY_MAJOR')).toBeLessThanOrEqual(majorCap);
  }
  // Cleanings, once lowered to one a year, are never approved past that on the current record (those approved before stand).
  const current = patientIds[patientIds.length - 1]!;
  const cleanings = await approvedCleanings(current);
  if (cleaningsCap !== null) expect(cleanings, `cleanings approved for patient ${current}`).toBeLessThanOrEqual(cleaningsCap);
  return { claims, paid, cleanings, majorUsed: (id: number) => ledger.filter((l) => l.patient_id === id && l.kind === 'CATEGORY_MAJOR').reduce((s, l) => s + l.cents, 0) };
}

/** The patient's cleaning lines approved on claims that hold or paid money. */
async function approvedCleanings(patientId: number): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reimbursement_lines l JOIN reimbursements r ON r.id = l.reimbursement_id
      WHERE r.patient_id = $1 AND l.procedure_code = 'D1110' AND l.status = 'APPROVED' AND r.state IN ('approved', 'partiallyApproved', 'paid')`,
    [patientId],
  );
  return row!.n;
}

describe('benefits over interleaved claims', () => {
  it('for every order of creations, submissions, approvals, payments and cancellations, the ledger is the money paid and no limit is exceeded', async () => {
    const seen = { paid: 0, reservedAtEnd: 0, backToReview: 0, ruleChanges: 0, moves: 0, cleaningsAtCap: 0 };
    let runs = 0;
    const started = Date.now();
    const progress = setInterval(() => console.log(`${runs} runs in ${Math.round((Date.now() - started) / 1000)} s`, seen), 20_000);
    await fc.assert(
      fc.asyncProperty(scenario, async ({ claims, steps }: Scenario) => {
        let current = await patientOnOwnPolicy(server.db);
        await server.db.query(`UPDATE patients SET document_type = 'DNI', document_number = $2 WHERE id = $1`, [current.patientId, `MIX-${current.patientId}`]);
        const records = [current.patientId];
        let verificationId = await verifiedPreauthorization(current.patientId);
        const ids: (number | undefined)[] = claims.map(() => undefined);
        // MAJOR's cap on the current record: the maximum, or what was already used when it was added (it stands).
        let majorCap: number | null = null;
        // Cleanings' cap on the current record once lowered: one, or what was already approved when it was lowered.
        let cleaningsCap: number | null = null;
        for (const { claim, cancel, change } of steps) {
          if (change === 'addMajorMaximum' && majorCap === null) {
            await changeRule(current.policyId, { kind: 'MAXIMUM', category: 'MAJOR', amount: '500.00', level: 'INDIVIDUAL' });
            majorCap = Math.max(MAJOR_MAXIMUM, (await checkLedger(records)).majorUsed(current.patientId));
            seen.ruleChanges++;
          } else if (change === 'lowerCleanings') {
            await changeRule(current.policyId, { kind: 'FREQUENCY', procedureCode: 'D1110', quantity: 1, period: 'BENEFIT_YEAR' });
            cleaningsCap ??= Math.max(1, await approvedCleanings(current.patientId));
            seen.ruleChanges++;
          } else if (change === 'move' && records.length < 3) {
            current = await move(current.patientId, current.policyId);
            records.push(current.patientId);
            verificationId = await verifiedPreauthorization(current.patientId);
            majorCap = null;
            cleaningsCap = null;
            seen.moves++;
          }
          const index = claim % claims.length;
          await advance(verificationId, claims[index], ids, index, cancel);
          await checkLedger(records, majorCap, cleaningsCap);
        }
        const { claims: rows, cleanings } = await checkLedger(records, majorCap, cleaningsCap);
        if (cleaningsCap !== null && cleanings === cleaningsCap) seen.cleaningsAtCap++;
        seen.paid += rows.filter((r) => r.state === 'paid').length;
        seen.reservedAtEnd += rows.filter((r) => r.state === 'approved' || r.state === 'partiallyApproved').length;
        // Then everything approved is paid: the reservations become the payments.
        for (const r of rows.filter((c) => c.state === 'approved' || c.state === 'partiallyApproved')) {
          const answer = await sendEvent('reimbursements', r.id, { type: 'PAY', reference: `TRF-END-${r.id}`, reason: 'Pago excepcional' }, treasury);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          if (answer.body.state === 'inReview') seen.backToReview++;
        }
        await checkLedger(records, majorCap, cleaningsCap);
        runs++;
      }),
      { numRuns: 200 },
    ).finally(() => clearInterval(progress));
    // The generator reached the cases that matter: payments, and claims approved but not yet paid.
    expect(seen.paid).toBeGreaterThan(50);
    expect(seen.reservedAtEnd).toBeGreaterThan(20);
    // And the rule changes and moves of issue 24.
    expect(seen.ruleChanges).toBeGreaterThan(50);
    expect(seen.moves).toBeGreaterThan(30);
    // And sequences that used up the lowered cleanings, where one more approval would exceed the limit.
    expect(seen.cleaningsAtCap).toBeGreaterThan(4);
  }, hangLimit(900_000));
});
