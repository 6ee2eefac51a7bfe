import { beforeAll, describe, expect, it } from 'vitest';
import { inRandomSample } from '@core/benefits/review-sampling.ts';
import { patientOnOwnPolicy } from './benefit-people.ts';
import { call, claimInReview, expectProblem, fieldErrors, sendEvent, signIn, useServer } from './helpers.ts';

/**
 * Slice R: the insurer's pre-authorisation threshold in minor units and the per-currency defaults (issue 13),
 * why a claim goes to the auditor (R12), who may edit a draft (issue 12 item 6), assignment and the list's
 * filters, the reviewer's line decisions, the check that asks for missing documents, the live preview of
 * unsaved lines (issue 9), and two claims' partial approvals and payments interleaved.
 */
const now = '2026-11-21';
const serviceDate = '2026-11-18';
const server = useServer({}, () => now);
let analyst: string;
let auditor: string;
let supervisor: string;
let treasury: string;
let admin: string;
let verifier: string;
let readOnly: string;
let doctorId: number;
const ids: Record<string, number> = {};

const event = (id: number, body: Record<string, unknown>, token: string) => sendEvent('reimbursements', id, body, token);
const get = async (id: number, token = admin) => (await call('GET', `/api/reimbursements/${id}`, { token })).body;

/** A verified benefits verification of a new adult alone on an EUR policy with the research 4.1 defaults. */
async function verifiedVerification(): Promise<number> {
  const { patientId } = await patientOnOwnPolicy(server.db);
  const created = await call('POST', '/api/verifications', { token: admin, body: { patientId, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: serviceDate } });
  await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
  const verified = await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
  expect(verified.body.state).toBe('verified');
  return created.body.id;
}

/** A draft by the analyst on `verificationId` (a new patient's when not given). */
async function draft(lines: Record<string, unknown>[], verificationId?: number) {
  const response = await call('POST', '/api/reimbursements', {
    token: analyst,
    body: { verificationId: verificationId ?? (await verifiedVerification()), doctorId, invoiceNumber: 'F-R-1', invoiceDate: serviceDate, lines },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; folio: string; version: number; missingDocuments: string[] };
}

/** The analyst's claim on `verificationId` (a new patient's when not given) in review: the shared claimInReview. */
async function inReview(lines: Record<string, unknown>[], verificationId?: number): Promise<{ id: number; folio: string; version: number }> {
  const body = { verificationId: verificationId ?? (await verifiedVerification()), doctorId, invoiceNumber: 'F-R-1', invoiceDate: serviceDate, lines };
  return claimInReview({ analyst, auditor }, body);
}

const exam = { procedureCode: 'D0120', serviceDate, chargedCents: 6000 };
const cleaning = { procedureCode: 'D1110', serviceDate, chargedCents: 9000 };
const filling = (tooth: string) => ({ procedureCode: 'D2330', tooth, serviceDate, chargedCents: 15000 });

async function ledgerOf(reimbursementId: number) {
  return server.db.query<{ kind: string; status: string; cents: number }>(
    `SELECT kind, status, sum(amount_cents)::int AS cents FROM benefit_ledger WHERE reimbursement_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [reimbursementId],
  );
}

beforeAll(async () => {
  analyst = await signIn('analista@demo.local');
  auditor = await signIn('auditor@demo.local');
  supervisor = await signIn('supervisor@demo.local');
  treasury = await signIn('tesoreria@demo.local');
  admin = await signIn('admin@demo.local');
  verifier = await signIn('verificador@demo.local');
  readOnly = await signIn('consulta@demo.local');
  [{ id: doctorId }] = await server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' ORDER BY id LIMIT 1`);
  for (const row of await server.db.query<{ id: number; email: string }>(`SELECT id, email FROM users`)) ids[row.email] = row.id;
});

describe("the insurer's pre-authorisation threshold, in its currency's minor unit (issue 13 item 4)", () => {
  const insurer = (code: string, currency: string, preauthorizationAbove: string | null) => ({ code, name: `Aseguradora ${code}`, country: 'CL', currency, preauthorizationAbove });

  it('keeps the amount in minor units and answers it with exactly the currency’s decimals', async () => {
    const euros = await call('POST', '/api/insurers', { token: admin, body: insurer('R-EUR', 'EUR', '300.5') });
    expect(euros.status, JSON.stringify(euros.body)).toBe(201);
    expect(euros.body.preauthorizationAbove).toBe('300.50');
    const pesos = await call('POST', '/api/insurers', { token: admin, body: insurer('R-CLP', 'CLP', '300000') });
    expect(pesos.body.preauthorizationAbove).toBe('300000');
    const stored = await server.db.query<{ code: string; cents: number }>(
      `SELECT code, preauthorization_above_cents AS cents FROM insurers WHERE code IN ('R-EUR', 'R-CLP') ORDER BY code`,
    );
    expect(stored).toEqual([
      { code: 'R-CLP', cents: 300000 },
      { code: 'R-EUR', cents: 30050 },
    ]);
  });

  it('refuses more decimals than the currency has (a Chilean peso has none), on the field', async () => {
    const refused = expectProblem(await call('POST', '/api/insurers', { token: admin, body: insurer('R-CLP2', 'CLP', '1500.5') }), 422, 'insurer.currencyDecimals');
    expect(fieldErrors(refused)).toEqual(['body/preauthorizationAbove currencyDecimals']);
    const [{ n }] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insurers WHERE code = 'R-CLP2'`);
    expect(n).toBe(0);
  });

  it('the engine reads the insurer’s threshold in minor units: a CLP line above it needs a pre-authorisation (34)', async () => {
    // Chilean pesos have no minor unit: 250000 means CLP 250.000, not 2.500,00.
    const [policy] = await server.db.query<{ insurer_id: number }>(
      `SELECT po.insurer_id FROM policies po JOIN insurers i ON i.id = po.insurer_id WHERE i.currency = 'CLP' AND po.state = 'ACTIVE' ORDER BY po.id LIMIT 1`,
    );
    await server.db.query(`UPDATE insurers SET preauthorization_above_cents = 250000 WHERE id = $1`, [policy!.insurer_id]);
    const [patient] = await server.db.query<{ id: number }>(
      `INSERT INTO patients (policy_id, relationship, first_names, last_name, birth_date, enrolled_on, state)
       SELECT po.id, 'OTHER_DEPENDENT', 'Prueba', 'Pesos', '1980-05-05', '2024-01-01', 'ACTIVE' FROM policies po
        WHERE po.insurer_id = $1 AND po.state = 'ACTIVE' ORDER BY po.id LIMIT 1 RETURNING id`,
      [policy!.insurer_id],
    );
    const created = await call('POST', '/api/verifications', { token: admin, body: { patientId: patient!.id, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: serviceDate } });
    await sendEvent('verifications', created.body.id, { type: 'START' }, admin);
    await sendEvent('verifications', created.body.id, { type: 'RECORD_ELIGIBLE', channel: 'PORTAL' }, admin);
    const claim = await draft([{ ...filling('11'), chargedCents: 250001 }, { ...filling('21'), chargedCents: 250000 }], created.body.id);
    const preview = await call('GET', `/api/reimbursements/${claim.id}/liquidation`, { token: analyst });
    expect(preview.body.lines.map((l: { status: string; reason?: string }) => [l.status, l.reason ?? null])).toEqual([
      ['REJECTED', '34'],
      ['APPROVED', null],
    ]);
    await server.db.query(`UPDATE insurers SET preauthorization_above_cents = NULL WHERE id = $1`, [policy!.insurer_id]);
  });
});

describe('amounts are set per currency, never borrowed from another (issue 13 item 4)', () => {
  it('refuses an insurer in a currency Configuraciones holds no amount defaults for, on its currency, until they exist', async () => {
    const body = { code: 'R-JPY', name: 'Nihon Shika', country: 'JP', currency: 'JPY' };
    const refused = expectProblem(await call('POST', '/api/insurers', { token: admin, body }), 422, 'insurer.currencyWithoutDefaults');
    expect(refused.errors).toEqual([
      {
        path: 'body/currency',
        keyword: 'currencyWithoutDefaults',
        params: {
          currency: 'JPY',
          missing: ['deductible.individualCents', 'deductible.familyCents', 'annualMaximumCents', 'orthodontic.lifetimeMaximumCents', 'approvalThresholdCents', 'preauthorizationAboveCents'],
        },
      },
    ]);

    // Moving an existing insurer to such a currency is refused the same way.
    const euros = await call('POST', '/api/insurers', { token: admin, body: { code: 'R-MOVE', name: 'Se Muda', country: 'ES', currency: 'EUR' } });
    const moved = await call('PUT', `/api/insurers/${euros.body.id}`, { token: admin, body: { ...euros.body, currency: 'JPY', id: undefined, createdAt: undefined, updatedAt: undefined } });
    expectProblem(moved, 422, 'insurer.currencyWithoutDefaults');

    // With the six amounts set for yen (in yen, which have no minor unit), the insurer is created.
    const yen: Record<string, number> = {
      'deductible.individualCents': 7000,
      'deductible.familyCents': 21000,
      annualMaximumCents: 200000,
      'orthodontic.lifetimeMaximumCents': 200000,
      approvalThresholdCents: 150000,
      preauthorizationAboveCents: 45000,
    };
    for (const [key, value] of Object.entries(yen)) {
      await server.db.query(
        `INSERT INTO setting_defaults (key, rule, unit, currency, value, minimum, maximum) SELECT $1 || ':JPY', rule, 'CENTS', 'JPY', $2, 0, 2000000000 FROM setting_defaults WHERE key = $1 || ':EUR'`,
        [key, value],
      );
    }
    expect((await call('POST', '/api/insurers', { token: admin, body })).status).toBe(201);
  });
});

describe('why a claim goes to the dental auditor (R12)', () => {
  it('says whether the claim was selected, for which reasons, and whether the review is done', async () => {
    // A crown under the R14 threshold (300.00), so it needs no pre-authorisation.
    const major = await inReview([{ procedureCode: 'D2740', tooth: '16', serviceDate, chargedCents: 25_000 }]);
    const reasons = (folio: string, own: string[]) => (inRandomSample(folio) ? ['sample', ...own] : own);
    expect((await get(major.id, analyst)).medicalReview).toEqual({
      selected: true,
      reasons: reasons(major.folio, ['majorProcedure']),
      done: inRandomSample(major.folio),
      reviewedBy: inRandomSample(major.folio) ? ids['auditor@demo.local'] : null,
      review: inRandomSample(major.folio) ? expect.objectContaining({ result: 'AGREE', reviewerId: ids['auditor@demo.local'] }) : null,
    });
    if (!inRandomSample(major.folio)) await event(major.id, { type: 'COMPLETE_MEDICAL_REVIEW', result: 'AGREE' }, auditor);
    expect((await get(major.id, analyst)).medicalReview).toMatchObject({ selected: true, done: true, reviewedBy: ids['auditor@demo.local'] });

    // 1,000.00 claimed or more (R12's "≥"): the amount is the reason.
    const costly = await draft([{ ...filling('11'), chargedCents: 100_000 }]);
    expect((await get(costly.id)).medicalReview).toEqual({ selected: true, reasons: reasons(costly.folio, ['amountAtLeastThreshold']), done: false, reviewedBy: null, review: null });
    const cheap = await draft([{ ...filling('11'), chargedCents: 99_999 }]);
    expect((await get(cheap.id)).medicalReview).toEqual({ selected: inRandomSample(cheap.folio), reasons: reasons(cheap.folio, []), done: false, reviewedBy: null, review: null });
  });
});

describe('a draft is edited by its creator, its assignee or a supervisor (issue 12 item 6)', () => {
  const put = (id: number, version: number, token: string, invoiceNumber: string) =>
    call('PUT', `/api/reimbursements/${id}`, { token, body: { doctorId, lines: [exam], invoiceNumber, version } });

  it('answers every role, and offers EDIT only to those who may', async () => {
    const claim = await draft([exam, cleaning]);
    let version = claim.version;
    const editedBy = async (token: string, invoiceNumber: string) => {
      const response = await put(claim.id, version, token, invoiceNumber);
      if (response.status === 200) version = response.body.version;
      return response;
    };
    // Without reimbursements:update the operation itself is refused.
    for (const token of [treasury, verifier, readOnly]) expectProblem(await editedBy(token, 'F-X'), 403, 'auth.forbidden');
    // The auditor holds the right but neither created the draft nor works it.
    const refused = expectProblem(await editedBy(auditor, 'F-X'), 403, 'reimbursement.editorNotAllowed');
    expect(refused.detail).toBe('Only whoever created the reimbursement, its assignee or a supervisor may change it.');
    expect((await get(claim.id, auditor)).allowedEvents).not.toContain('EDIT');
    expect((await get(claim.id, auditor)).blockedEvents).toContainEqual({ type: 'EDIT', guards: ['editorIsCreatorAssigneeOrSupervisor'] });
    expect((await get(claim.id, analyst)).allowedEvents).toContain('EDIT');

    expect((await editedBy(analyst, 'F-CREATOR')).body).toMatchObject({ invoiceNumber: 'F-CREATOR', lines: [{ procedureCode: 'D0120' }] });
    expect((await editedBy(supervisor, 'F-SUPERVISOR')).status).toBe(200);
    expect((await editedBy(admin, 'F-ADMIN')).status).toBe(200);
    // Once the draft is assigned to the auditor, they may.
    const assigned = await event(claim.id, { type: 'ASSIGN', assigneeId: ids['auditor@demo.local'] }, supervisor);
    version = assigned.body.version;
    expect((await editedBy(auditor, 'F-ASSIGNEE')).body).toMatchObject({ invoiceNumber: 'F-ASSIGNEE' });
    // A stale version is still a conflict, and the history records each edit.
    expectProblem(await put(claim.id, version - 1, analyst, 'F-OLD'), 409, 'conflict.staleVersion');
    const history = await call('GET', `/api/reimbursements/${claim.id}/history`, { token: analyst });
    expect(history.body.items.filter((h: { event: string }) => h.event === 'EDIT').map((h: { actorId: number }) => h.actorId)).toEqual([
      ids['analista@demo.local'],
      ids['supervisor@demo.local'],
      ids['admin@demo.local'],
      ids['auditor@demo.local'],
    ]);

    // Submitted, nobody edits it: the state's conflict, before any question of version.
    const submitted = await inReview([exam]);
    expectProblem(await put(submitted.id, 1, supervisor, 'F-LATE'), 409, 'reimbursement.notEditable');
    expectProblem(await call('PUT', '/api/reimbursements/999999', { token: analyst, body: { doctorId, lines: [exam], version: 1 } }), 404, 'reimbursement.notFound');
  });
});

describe('assignment and the list filters', () => {
  it('a reviewer takes a claim, a supervisor assigns anyone, and the lists filter mine, unassigned and by creation date', async () => {
    const claim = await inReview([exam]);
    const other = await draft([cleaning]);
    expect(await get(claim.id)).toMatchObject({ assigneeId: null, assigneeName: null });
    expect((await get(claim.id, auditor)).allowedEvents).toContain('ASSIGN');

    const taken = await event(claim.id, { type: 'ASSIGN', assigneeId: ids['auditor@demo.local'] }, auditor);
    expect(taken.body).toMatchObject({ assigneeId: ids['auditor@demo.local'], assigneeName: 'Olga Auditora' });
    expectProblem(await event(claim.id, { type: 'ASSIGN', assigneeId: ids['analista@demo.local'] }, auditor), 409, 'reimbursement.assignerNotAllowed');
    expectProblem(await event(claim.id, { type: 'ASSIGN', assigneeId: ids['auditor@demo.local'] }, treasury), 403, 'auth.forbidden');
    const unknown = expectProblem(await event(claim.id, { type: 'ASSIGN', assigneeId: 999_999 }, supervisor), 422, 'reimbursement.assigneeUnknown');
    expect(fieldErrors(unknown)).toEqual(['body/assigneeId exists']);
    expectProblem(await call('POST', `/api/reimbursements/${claim.id}/events`, { token: supervisor, body: { type: 'ASSIGN', version: taken.body.version } }), 400, 'request.invalid');

    const list = async (query: string, token = auditor) =>
      ((await call('GET', `/api/reimbursements?pageSize=100&${query}`, { token })).body.items as { id: number }[]).map((r) => r.id);
    expect(await list('assigned=mine')).toContain(claim.id);
    expect(await list('assigned=mine')).not.toContain(other.id);
    expect(await list('assigned=unassigned')).toContain(other.id);
    expect(await list('assigned=unassigned')).not.toContain(claim.id);
    expect(await list(`assigneeId=${ids['auditor@demo.local']}`, supervisor)).toContain(claim.id);
    expect(await list('assigned=mine', supervisor)).not.toContain(claim.id);

    const moved = await event(claim.id, { type: 'ASSIGN', assigneeId: ids['supervisor@demo.local'] }, supervisor);
    expect(moved.body).toMatchObject({ assigneeName: 'Sergio Supervisor' });
    expect(await list('assigned=mine', supervisor)).toContain(claim.id);

    // from/to are creation dates, both days inclusive (the database's clock made these today).
    const [{ today }] = await server.db.query<{ today: string }>(`SELECT current_date::text AS today`);
    const dayBefore = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    expect(await list(`from=${today}&to=${today}`)).toEqual(expect.arrayContaining([claim.id, other.id]));
    expect(await list(`to=${dayBefore}`)).not.toContain(claim.id);
    expect(await list(`from=${new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
  });
});

describe("the reviewer's line decisions (issue 9, research 3.2)", () => {
  it('reduces one line and rejects another with a catalog code; the liquidation, the reservation and the payment follow, to the cent', async () => {
    const claim = await inReview([exam, cleaning, filling('11')]);
    const lines = (await get(claim.id)).lines as { id: number; coveredCents: number }[];
    // Exam and cleaning at 100 %, the filling 80 % after the 50.00 deductible.
    expect(lines.map((l) => l.coveredCents)).toEqual([6000, 9000, 8000]);
    const [examLine, cleaningLine, fillingLine] = lines.map((l) => l.id);

    const approve = (decisions: Record<string, unknown>[], token = auditor) => event(claim.id, { type: 'APPROVE', lines: decisions }, token);
    expectProblem(await approve([{ lineId: fillingLine, decision: 'REDUCE', amountCents: 8000 }]), 409, 'reimbursement.lineDecisionsInvalid');
    expectProblem(await approve([{ lineId: 999_999, decision: 'APPROVE' }]), 409, 'reimbursement.lineDecisionsInvalid');
    expectProblem(await approve([{ lineId: cleaningLine, decision: 'REJECT', reasonCode: '98' }]), 400, 'request.invalid');
    expectProblem(await approve([{ lineId: cleaningLine, decision: 'REJECT' }]), 400, 'request.invalid');

    const approved = await approve([
      { lineId: examLine, decision: 'APPROVE' },
      { lineId: cleaningLine, decision: 'REJECT', reasonCode: '05' },
      { lineId: fillingLine, decision: 'REDUCE', amountCents: 5000 },
    ]);
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ state: 'partiallyApproved', payableCents: 11000, deductibleCents: 5000 });
    expect(approved.body.lines.map((l: Record<string, unknown>) => [l.status, l.reason, l.coveredCents, l.reviewDecision, l.reviewAmountCents])).toEqual([
      ['APPROVED', null, 6000, 'APPROVE', null],
      ['REJECTED', '05', 0, 'REJECT', null],
      ['APPROVED', null, 5000, 'REDUCE', 5000],
    ]);
    expect(await ledgerOf(claim.id)).toEqual([
      { kind: 'ANNUAL_MAXIMUM', status: 'RESERVED', cents: 11000 },
      { kind: 'CATEGORY_BASIC', status: 'RESERVED', cents: 5000 },
      { kind: 'CATEGORY_DIAGNOSTIC', status: 'RESERVED', cents: 6000 },
      { kind: 'DEDUCTIBLE', status: 'RESERVED', cents: 5000 },
    ]);
    const paid = await event(claim.id, { type: 'PAY', reference: 'TRF-R-1', reason: 'Pago excepcional' }, treasury);
    expect(paid.body).toMatchObject({ state: 'paid', paidCents: 11000 });
    expect(await ledgerOf(claim.id)).toEqual([
      { kind: 'ANNUAL_MAXIMUM', status: 'SETTLED', cents: 11000 },
      { kind: 'CATEGORY_BASIC', status: 'SETTLED', cents: 5000 },
      { kind: 'CATEGORY_DIAGNOSTIC', status: 'SETTLED', cents: 6000 },
      { kind: 'DEDUCTIBLE', status: 'SETTLED', cents: 5000 },
    ]);
  });

  it('a line rejected by the reviewer uses no deductible: the next line of the claim takes it', async () => {
    const claim = await inReview([filling('11'), filling('21')]);
    const [first, second] = ((await get(claim.id)).lines as { id: number; coveredCents: number; deductibleCents: number }[]);
    expect([first.deductibleCents, first.coveredCents, second.deductibleCents, second.coveredCents]).toEqual([5000, 8000, 0, 12000]);
    const approved = await event(claim.id, { type: 'APPROVE', lines: [{ lineId: first.id, decision: 'REJECT', reasonCode: '04' }] }, auditor);
    expect(approved.body.lines.map((l: Record<string, unknown>) => [l.status, l.deductibleCents, l.coveredCents])).toEqual([
      ['REJECTED', 0, 0],
      ['APPROVED', 5000, 8000],
    ]);
    expect(approved.body).toMatchObject({ state: 'partiallyApproved', payableCents: 8000, deductibleCents: 5000 });
  });

  it('approving without decisions is the engine’s liquidation, in full', async () => {
    const claim = await inReview([exam]);
    const approved = await event(claim.id, { type: 'APPROVE' }, auditor);
    expect(approved.body).toMatchObject({ state: 'approved', payableCents: 6000 });
    expect(approved.body.lines[0]).toMatchObject({ reviewDecision: null, reviewAmountCents: null });
  });
});

describe('the live preview of unsaved lines (issue 9)', () => {
  it('liquidates the lines in the body as the claim’s, writes nothing and records the read', async () => {
    const claim = await draft([exam]);
    const before = await server.db.query(`SELECT * FROM reimbursement_lines WHERE reimbursement_id = $1`, [claim.id]);
    const preview = await call('POST', `/api/reimbursements/${claim.id}/liquidation-preview`, { token: analyst, body: { lines: [exam, cleaning, filling('11')] } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.lines.map((l: { lineId: number; coveredCents: number }) => [l.lineId, l.coveredCents])).toEqual([
      [1, 6000],
      [2, 9000],
      [3, 8000],
    ]);
    expect(preview.body.totals).toEqual({ claimedCents: 30000, allowedCents: 30000, deductibleCents: 5000, payableCents: 23000, patientShareCents: 7000 });
    // A line outside the filing deadline is rejected 33 as the engine would at submission.
    const late = await call('POST', `/api/reimbursements/${claim.id}/liquidation-preview`, { token: analyst, body: { invoiceDate: '2025-01-10', lines: [{ ...exam, serviceDate: '2025-01-10' }] } });
    expect(late.body.lines[0]).toMatchObject({ status: 'REJECTED', reason: '33' });

    expect(await server.db.query(`SELECT * FROM reimbursement_lines WHERE reimbursement_id = $1`, [claim.id])).toEqual(before);
    expect((await get(claim.id)).claimedCents).toBe(6000);
    const audit = await server.db.query<{ detail: { part: string } }>(
      `SELECT detail FROM audit_log WHERE entity_type = 'reimbursement' AND entity_id = $1 AND action = 'VIEW' AND detail->>'part' = 'liquidationPreview'`,
      [String(claim.id)],
    );
    expect(audit).toHaveLength(2);

    expectProblem(await call('POST', `/api/reimbursements/${claim.id}/liquidation-preview`, { token: verifier, body: { lines: [exam] } }), 403, 'auth.forbidden');
    expectProblem(await call('POST', '/api/reimbursements/999999/liquidation-preview', { token: analyst, body: { lines: [exam] } }), 404, 'reimbursement.notFound');
    expectProblem(await call('POST', `/api/reimbursements/${claim.id}/liquidation-preview`, { token: analyst, body: { lines: [{ ...exam, chargedCents: -1 }] } }), 400, 'request.invalid');
  });
});

describe('two claims of one patient, partly approved and paid in the other order (issue 13 item 1)', () => {
  it('the ledger equals the money paid', async () => {
    const verificationId = await verifiedVerification();
    const first = await inReview([exam, filling('11')], verificationId);
    const second = await inReview([cleaning, filling('21')], verificationId);
    const linesOf = async (id: number) => ((await get(id)).lines as { id: number }[]).map((l) => l.id);
    const [firstExam] = await linesOf(first.id);
    const [secondCleaning] = await linesOf(second.id);

    // First: exam reduced to 30.00, the filling after the 50.00 deductible (80.00) → 110.00.
    const one = await event(first.id, { type: 'APPROVE', lines: [{ lineId: firstExam, decision: 'REDUCE', amountCents: 3000 }] }, auditor);
    expect(one.body).toMatchObject({ state: 'partiallyApproved', payableCents: 11000 });
    // Second, liquidated against the first's reservation (deductible used): cleaning reduced to 40.00, filling 120.00 → 160.00.
    const two = await event(second.id, { type: 'APPROVE', lines: [{ lineId: secondCleaning, decision: 'REDUCE', amountCents: 4000 }] }, auditor);
    expect(two.body).toMatchObject({ state: 'partiallyApproved', payableCents: 16000, deductibleCents: 0 });

    // Paid in the other order: each is still what was approved.
    expect((await event(second.id, { type: 'PAY', reference: 'TRF-R-2', reason: 'Pago excepcional' }, treasury)).body).toMatchObject({ state: 'paid', paidCents: 16000 });
    expect((await event(first.id, { type: 'PAY', reference: 'TRF-R-3', reason: 'Pago excepcional' }, treasury)).body).toMatchObject({ state: 'paid', paidCents: 11000 });

    const [{ patient_id: patientId }] = await server.db.query<{ patient_id: number }>(`SELECT patient_id FROM reimbursements WHERE id = $1`, [first.id]);
    const [totals] = await server.db.query<{ paid: number; annual: number; deductible: number; reserved: number }>(
      `SELECT (SELECT sum(paid_cents)::int FROM reimbursements WHERE patient_id = $1) AS paid,
              (SELECT sum(amount_cents)::int FROM benefit_ledger WHERE patient_id = $1 AND kind = 'ANNUAL_MAXIMUM' AND status = 'SETTLED') AS annual,
              (SELECT sum(amount_cents)::int FROM benefit_ledger WHERE patient_id = $1 AND kind = 'DEDUCTIBLE' AND status = 'SETTLED') AS deductible,
              (SELECT count(*)::int FROM benefit_ledger WHERE patient_id = $1 AND status = 'RESERVED') AS reserved`,
      [patientId],
    );
    expect(totals).toEqual({ paid: 27000, annual: 27000, deductible: 5000, reserved: 0 });
  });
});
